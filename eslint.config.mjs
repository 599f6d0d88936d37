// ESLint for the whole repository (flat config): typescript-eslint's recommended rules on every
// TypeScript file. Module boundaries are checked by dependency-cruiser (.dependency-cruiser.cjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'e2e/artifacts/**', 'libs/sld/src/schema/sld-grammar.gen.ts', 'tools/boundaries/fixture/**', '**/*.d.ts'],
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
