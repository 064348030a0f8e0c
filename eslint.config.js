import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'drizzle/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // Resolves `./x.js` to `./x.ts` as TypeScript does, so the import boundaries below see every edge.
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One direction of imports: shared <- server, shared <- client (conventions.md).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/client', from: './src/server', message: 'The client never imports the server.' },
            { target: './src/server', from: './src/client', message: 'The server never imports the client.' },
            { target: './src/shared', from: ['./src/server', './src/client'], message: 'shared depends on nothing.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
