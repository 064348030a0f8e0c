import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';

/** What writes SQL: the query builder and the tables, the prepared statements, raw rows. */
const sqlImports = ['drizzle-orm', '../db/schema.js', '../repositories/prepared.js', '../db/rows.js'].map((name) => ({
  name,
  message: 'SQL lives in repositories/ (or db/), not in routes or services.',
}));

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
    // A route module serves its resource and shares nothing with another: what two routes need
    // lives in booking/, repositories/ or shared/ (docs/decisions/033).
    files: ['src/server/routes/*.ts'],
    ignores: ['src/server/routes/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: sqlImports,
          patterns: [{ group: ['./*'], message: 'Route modules do not import each other: move what they share into booking/ or repositories/.' }],
        },
      ],
    },
  },
  {
    // The services decide; their SQL lives in repositories/ (docs/decisions/033).
    files: ['src/server/booking/booking-service.ts', 'src/server/booking/holds.ts', 'src/server/payments/payment-service.ts', 'src/server/account/deletion.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: sqlImports }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Screens already in both languages (docs/decisions/047): a text a reader sees comes from the
    // catalogues, never a literal in JSX. The list grows as screens are translated, until it is
    // all of src/client.
    files: [
      'src/client/components/layout/*.tsx',
      'src/client/routes/root-layout.tsx',
      'src/client/routes/not-found.tsx',
      'src/client/features/marketing/components/info-page.tsx',
      'src/client/routes/info-pages.tsx',
      'src/client/routes/auth/*.tsx',
      'src/client/features/account/components/mobile-number.tsx',
      'src/client/features/auth/components/{auth-shell,forgot-password-form,login-form,reset-password-form,signup-form,social-sign-in}.tsx',
      'src/client/routes/dashboard/{admin-home,all-users,order-list,messages}.tsx',
      'src/client/features/admin-summary/components/*.tsx',
      'src/client/features/users/components/*.tsx',
      'src/client/features/contact-inbox/components/*.tsx',
      'src/client/features/bookings/components/{orders-table,record-payment,today-appointments}.tsx',
      'src/client/hooks/use-salon-format.tsx',
    ],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['^aria-label$', '^alt$', '^title$', '^placeholder$', '^label$', '^heading$'] },
        },
      ],
    },
  },
);
