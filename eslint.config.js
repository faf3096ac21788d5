// Lint: typescript-eslint (untyped rules; `tsc --noEmit` is the type gate), React hooks rules, and
// the team boundaries of CONVENTIONS.md enforced as import zones.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const apps = ['shell', 'mf-catalog', 'mf-cart', 'mf-account', 'mf-admin'];
const remotes = apps.filter((a) => a !== 'shell');

const routerAndHttpImports = [
  ...['react-router-dom', 'react-router'].map((name) => ({
    name,
    message: "Import the router from '@store/router', the one shared router module (see its README).",
  })),
  ...['@tanstack/react-query', 'axios'].map((name) => ({
    name,
    message: `Import from '@store/http': ${name} lives inside it, the one HTTP client and query cache.`,
  })),
];
const toastImport = {
  name: 'react-hot-toast',
  message: "Import { toast } from '@store/ui': it loads react-hot-toast on the first toast, out of the first paint.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/@mf-types/**',
      '**/coverage/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'api/.data/**',
      'api/src/db/migrations/**',
      // What pnpm start:cluster and pnpm test:resilience write (git-ignored): nginx state, a bundled client, results.
      '.cluster/**',
      'resilience-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // An effect's return value is its clean-up: `useEffect(() => call())` hands React whatever the
      // call returns (Chromium's scrollTo returns a Promise, which crashed the next navigation).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression:first-child[body.type='CallExpression']",
          message: 'Give the effect a block body: an expression body becomes its clean-up function.',
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A remote never imports another remote's source, nor the shell's.
            ...remotes.map((target) => ({
              target: `./${target}`,
              from: apps.filter((a) => a !== target).map((a) => `./${a}`),
              message: 'Remotes talk through packages/, the session store and the URL, never by importing each other.',
            })),
            // The shell reaches remotes only through federation.
            { target: './shell', from: remotes.map((r) => `./${r}`), message: 'Load remotes through federation.' },
            // Shared packages never import an app; the API imports only the contracts package.
            {
              target: './packages',
              from: [...apps.map((a) => `./${a}`), './api'],
              message: 'packages/* never import an app.',
            },
            { target: './api', from: apps.map((a) => `./${a}`), message: 'The API imports no app.' },
            {
              target: './api',
              from: './packages',
              except: ['./contracts'],
              message: 'The API imports only @store/contracts (the schemas it shares with the apps).',
            },
          ],
        },
      ],
    },
  },
  {
    // Zod stays out of the first paint: frontend code that is not a (lazily loaded) form imports only
    // types from @store/contracts, and its zod-free helpers from /money and /federation.
    files: [
      'shell/src/**/*.{ts,tsx}',
      'mf-*/src/**/*.{ts,tsx}',
      'packages/{ui,session,http,shopper}/src/**/*.{ts,tsx}',
    ],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/testing/**',
      '**/*Form.tsx',
      // The product form's state hook, loaded with the form (mf-admin's ProductForm.tsx).
      'mf-admin/src/features/products/useProductForm.ts',
      // A form's rules, loaded with import() on first use (mf-account/src/features/lazyResolver.ts).
      '**/formResolvers.ts',
      'shell/src/auth/AuthPages.tsx',
      'shell/src/contact/ContactDialog.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@store/contracts',
              allowTypeImports: true,
              message:
                "Its schemas bring zod into the bundle: import types only, helpers from '@store/contracts/money', '/order-labels' or '/federation'.",
            },
          ],
        },
      ],
    },
  },
  {
    // One router and one query cache on the page: apps import them from @store/router and
    // @store/http, the shared modules that re-export what the store uses (tests too). Toasts come
    // from @store/ui's `toast`, which loads react-hot-toast on the first toast, out of the first paint.
    files: [
      'shell/src/**/*.{ts,tsx}',
      'mf-*/src/**/*.{ts,tsx}',
      'packages/{session,shopper,testing}/src/**/*.{ts,tsx}',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [...routerAndHttpImports, toastImport] }] },
  },
  {
    // @store/ui is react-hot-toast's one home (src/toast.ts).
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: routerAndHttpImports }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
