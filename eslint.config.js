import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.reports/**', '**/test-results/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      // Node scripts (.mjs) run with Node's globals; TypeScript checks names in .ts files itself.
      globals: Object.fromEntries(
        ['process', 'console', 'URL', 'URLSearchParams', 'Buffer', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'fetch', 'AbortController', 'performance'].map(
          (name) => [name, 'readonly'],
        ),
      ),
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // The web app's plain scripts run in the browser.
    files: ['apps/web/public/**/*.js'],
    languageOptions: {
      globals: Object.fromEntries(['document', 'window', 'PerformanceObserver', 'requestAnimationFrame', 'setTimeout'].map((name) => [name, 'readonly'])),
    },
  },
);
