import { defineConfig } from 'vitest/config';

const api = (dialect: 'sqlite' | 'postgres') => ({
  test: {
    name: `api-${dialect}`,
    root: './apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    env: { TEST_DIALECT: dialect },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'markdown', root: './packages/markdown', include: ['src/**/*.test.ts'] } },
      api('sqlite'),
      // The same API suite again on PostgreSQL when a test database is given (CI always gives one).
      ...(process.env.TEST_DATABASE_URL ? [api('postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
