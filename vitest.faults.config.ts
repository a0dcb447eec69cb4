import { defineConfig } from 'vitest/config';

/** npm run test:faults: the built server under SIGKILL, SIGTERM, a database outage and cut-off uploads. */
const faults = (dialect: 'sqlite' | 'postgres') => ({
  test: {
    name: `faults-${dialect}`,
    root: './apps/api',
    include: ['faults/**/*.faults.test.ts'],
    env: { TEST_DIALECT: dialect },
    testTimeout: 240_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});

export default defineConfig({
  test: {
    projects: [faults('sqlite'), ...(process.env.TEST_DATABASE_URL ? [faults('postgres')] : [])],
  },
});
