import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import fs from 'node:fs';

/**
 * A text a reader would see: a string with a letter in it (Latin or Bengali) or a template; not what
 * is inside a t(…) or errorText(…) call (a key of the catalogues: errorText looks the server's English
 * message up in `errors`) nor a comparison's operand (`status === 'completed'`).
 */
const USER_TEXT =
  ":matches(Literal[value=/[A-Za-z\\u0980-\\u09FF]/], TemplateLiteral):not(CallExpression:matches([callee.name=/^(t|errorText)$/], [callee.property.name='t']) *, BinaryExpression > *)";

/** The client's features (src/client/features/<name>): each its own zone (conventions.md). */
const clientFeatures = fs.readdirSync('src/client/features', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

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
    // The parser and extensions let import-x read the imported modules too (no-cycle follows them).
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    },
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
            // The client in layers: app (the router, the providers) composes routes, routes compose
            // features, and features use the shared parts (components, hooks, lib, config). A feature
            // never reaches into another: what two need moves down into lib/, or the route composes.
            ...clientFeatures.map((feature) => ({
              target: `./src/client/features/${feature}`,
              from: './src/client/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: compose them in a route, or move what they share into lib/.',
            })),
            {
              target: ['./src/client/components', './src/client/hooks', './src/client/lib', './src/client/config'],
              from: ['./src/client/features', './src/client/routes', './src/client/app'],
              message: 'The shared parts of the client do not depend on features, routes or the app.',
            },
            {
              target: ['./src/client/features', './src/client/routes'],
              from: './src/client/app',
              message: 'Only the entry points import app/ (the router imports the routes, not the other way round).',
            },
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
    // No import cycles: a cycle makes the load order (and what is undefined at first use) depend on
    // which module is imported first. Type-only imports are erased, so they may go both ways.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The JSX rule below does not read a hook's or a handler's code, and a dialog's words are written
    // there: a literal text handed to the dialog helpers, the document title or a form's error is a
    // text the reader sees in one language only ('Add to Booking list' and 'Book again' were English
    // on /bn/ that way). Any literal inside those options counts (a fallback after `??` too), except
    // what is inside t('…') (its catalogue key).
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/client/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.name=/^(confirmDialog|showSuccess|showError|toast|undoToast|linkToast)$/] > ObjectExpression > Property[key.name=/^(title|text|confirmButtonText|cancelButtonText|denyButtonText|linkText)$/] ${USER_TEXT}`,
          message: "A dialog's words come from the catalogues (t('…')), so that a Bangla page shows them in Bangla.",
        },
        {
          selector: `CallExpression[callee.name='useDocumentTitle'] > ${USER_TEXT}`,
          message: "The page's title comes from the catalogues (t('…')).",
        },
        {
          selector: `CallExpression[callee.property.name='setError'] > ObjectExpression > Property[key.name='message'] ${USER_TEXT}`,
          message: "A form's error comes from the catalogues (t('…')) or from the server (which answers in the request's language).",
        },
      ],
    },
  },
  {
    // Every screen is in both languages (docs/decisions/047): a text a reader sees comes from the
    // catalogues, never a literal in JSX (the rule above covers the texts written outside JSX).
    files: ['src/client/**/*.tsx'],
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
