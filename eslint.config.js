import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import zalik from './scripts/eslint-boundaries.js';

/**
 * The API's layers (docs/ARCHITECTURE.md, "Layers of the API"), checked by zalik/boundaries.
 * `areas` is the one table of directions between areas (api/src/modules/<area>): each row lists
 * the areas that area may import, through their index.ts. A new area is a new row (and a new
 * name in the rows of the areas that use it); a row may not close a loop.
 */
export const API_LAYERS = {
  below: ['lib', 'db', 'config', 'types', 'ports', 'http', 'jobs', 'fakes'],
  areas: {
    ledger: [],
    maintenance: ['audit'],
    discounts: ['audit'],
    files: [],
    users: ['audit', 'maintenance'],
    outbox: ['users'],
    catalogue: ['audit', 'discounts', 'explanations', 'reviews', 'users'],
    generators: ['audit', 'catalogue', 'files'],
    invites: ['ledger'],
    wallets: ['audit', 'ledger', 'outbox'],
    deposits: ['audit', 'ledger', 'outbox', 'wallets'],
    orders: ['audit', 'catalogue', 'discounts', 'explanations', 'files', 'generators', 'invites', 'ledger', 'outbox', 'reviews', 'threads', 'wallets'],
    broadcasts: ['audit', 'files', 'outbox'],
    supports: ['files', 'outbox'],
    dashboard: ['audit', 'files', 'ledger', 'users'],
    demo: ['catalogue', 'deposits', 'orders', 'reviews', 'threads', 'users', 'wallets'],
    metrics: ['ledger'],
    audit: [],
    explanations: ['files', 'ledger'],
    rates: [],
    reviews: ['audit'],
    threads: ['audit', 'files', 'outbox'],
    shares: ['catalogue', 'invites', 'outbox'],
  },
  above: ['plugins', 'bot'],
  wiring: ['app', 'deps', 'main', 'scripts'],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Package and folder boundaries (scripts/eslint-boundaries.js); import cycles: scripts/check-cycles.mjs.
    files: ['{contract,api,web}/**/*.{ts,tsx,js,mjs}'],
    plugins: { zalik },
    rules: { 'zalik/boundaries': ['error', { api: API_LAYERS }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // React Router's own links carry framework mode's prefetching into the first screen's chunk
    // (the router is one module): links come from the UI kit (web/src/ui/Link.tsx).
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink', 'Form'],
              message: "Use Link from web/src/ui (ui/Link.tsx): react-router's brings ~2 KB of prefetching into the first screen.",
            },
          ],
        },
      ],
    },
  },
  {
    // One endpoint table (contract/src/endpoints): the web calls `call(endpoints.x, …)` and never
    // writes an API path. The inline boot script cannot import the table (early.test.ts checks it).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/app/early.ts', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\u002Fapi\\u002F/]', 'TemplateElement[value.raw=/^\\u002Fapi\\u002F/]'].map((selector) => ({
          selector,
          message: "An API path belongs in contract/src/endpoints: call(endpoints.x, …) from web/src/api/client.ts.",
        })),
      ],
    },
  },
);
