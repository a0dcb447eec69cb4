import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.reports/**', '**/test-results/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      // Node scripts (.mjs) run with Node's globals; TypeScript checks names in .ts files itself.
      globals: Object.fromEntries(
        [
          'process',
          'console',
          'URL',
          'URLSearchParams',
          'Buffer',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'fetch',
          'AbortController',
          'performance',
        ].map((name) => [name, 'readonly']),
      ),
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // The rules of hooks, and complete effect dependencies. (The shop does not use the React Compiler, so the
    // plugin's compiler checks are not turned on.)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The web app's plain scripts run in the browser.
    files: ['apps/web/public/**/*.js'],
    languageOptions: {
      globals: Object.fromEntries(
        ['document', 'window', 'PerformanceObserver', 'MutationObserver', 'Event', 'requestAnimationFrame', 'setTimeout'].map(
          (name) => [name, 'readonly'],
        ),
      ),
    },
  },
);
