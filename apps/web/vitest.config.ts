import { defineConfig } from 'vitest/config';
import { iconSprite } from './vite.config.ts';

export default defineConfig({
  plugins: [iconSprite()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'jsdom',
    passWithNoTests: true,
  },
});
