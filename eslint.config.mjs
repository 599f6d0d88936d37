// ESLint for the whole repository (flat config): typescript-eslint's recommended rules on every
// TypeScript file, with type information (each file's nearest tsconfig.json) for the promise
// rules, and React's hook rules in the console. Module boundaries are checked by
// dependency-cruiser (.dependency-cruiser.cjs). tools/lint/fixture holds a deliberate violation
// of each (libs/catalog-model/src/lint-rules.spec.ts shows them refused).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'e2e/artifacts/**',
      'libs/sld/src/schema/sld-grammar.gen.ts',
      'tools/boundaries/fixture/**',
      'tools/lint/fixture/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      // This code matches XML-illegal control characters on purpose (the input rule, SLD text).
      'no-control-regex': 'off',
      // Unused names are errors, but a leading underscore says "deliberately unused".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // A promise nobody awaits loses its error (an unhandled rejection) and its ordering; one
    // handed where a callback's result is ignored (an event handler, Array#forEach) too.
    // Fire-and-forget is written `void promise.catch(...)`, saying so.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // React Router's navigate() settles by itself: a failed navigation renders the route's
        // error element, the promise never rejects.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // React's rules of hooks in the console (and in its lint fixture, laid out like it).
    files: ['**/apps/admin-web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Write routes come with the interceptor that reads bodies and runs dry runs (rest/write-routes.ts).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/rest/write-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['Post', 'Put', 'Delete', 'Patch'],
              message: 'Declare write routes with Post, Put and Delete from rest/write-routes.ts (body reading and dry runs come with them).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read parsed JSON of any shape; production code may not.
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'e2e/**/*.ts', 'apps/admin-web/src/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // CommonJS configuration files.
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-control-regex': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
      },
    },
    rules: { 'no-control-regex': 'off' },
  },
);
