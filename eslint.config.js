import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importLayers } from './eslint-rules/import-layers.js';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'reports',
      'test-results',
      'node_modules',
      'src/web/route-tree.gen.ts',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Layers import downward only (docs/architecture.md, "Layers"); tests/unit/import-layers.test.ts proves it bites.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { house: { rules: { 'import-layers': importLayers } } },
    rules: { 'house/import-layers': 'error' },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['scripts/**', 'tests/bench/**', 'src/server/seed/cli.ts', 'tests/e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Every cached query is defined in src/web/api/queries/, so that tests/ui/session-user-data-isolation.test.tsx,
    // which enumerates those modules, covers every key the app caches.
    files: ['src/web/**/*.ts', 'src/web/**/*.tsx'],
    ignores: ['src/web/api/queries/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'][value.type='ArrayExpression']",
          message: 'Write query keys in src/web/api/queries/ (a factory or an exported key), not inline.',
        },
        {
          selector: "Property[key.name='queryFn']",
          message: 'Define the query in src/web/api/queries/ as a …Query(api, …) factory and use it here.',
        },
      ],
    },
  },
  {
    // machines/ in XState v5 idiom (docs/flow-tooling.md): outputs and events reach guards and actions as typed params,
    // a value a state needs is narrowed (machines/present.ts), never cast or replaced by a stand-in, and every effect
    // is a named action or actor the app supplies with .provide(). tests/unit/machines-idiom.test.ts proves each rule bites.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "TSAsExpression:not([expression.type='ObjectExpression']):not([typeAnnotation.typeName.name='const'])",
          message:
            'No `as` casts in machines/: take the actor output or event as typed params, and narrow with a guard or present().',
        },
        { selector: 'TSNonNullExpression', message: 'No `!` in machines/: narrow with a guard or present().' },
        {
          selector: "LogicalExpression[operator='??'][right.type='Literal'][right.value=0]",
          message:
            'No `?? 0` in machines/: a stand-in id or count hides an impossible state; use present() or restructure the state.',
        },
        {
          selector: "LogicalExpression[operator='??'][right.type='Literal'][right.value='']",
          message:
            "No `?? ''` in machines/: a stand-in value hides an impossible state; use present() or restructure the state.",
        },
        {
          selector:
            "CallExpression[callee.name='fromPromise'] > TSTypeParameterInstantiation > TSUnknownKeyword:first-child",
          message: 'Type the actor output: fromPromise<Output, Input>, not unknown.',
        },
        {
          selector:
            'TSInterfaceDeclaration[id.name=/Context$/] TSPropertySignature > TSTypeAnnotation > TSUnknownKeyword',
          message: 'Type every context field: an error gets a typed shape (a message, a status), not unknown.',
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'console',
          'fetch',
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'navigator',
          'location',
          'history',
          'XMLHttpRequest',
          'setTimeout',
          'setInterval',
          'Date',
        ].map((name) => ({
          name,
          message: `No ${name} in machines/: effects are named actions or actors supplied with .provide(); time is a named delay.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Randomness enters machines/ through events or input.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', '@xstate/react', '**/src/web/**', '**/src/server/**'],
              message: 'machines/ are pure: no views, no server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // A CSV written any other way would let a typed '=HYPERLINK(…)' reach a spreadsheet as a formula; money formatted
    // anywhere but src/domain/money.ts drifts from the one en-AU AUD format every answer and screen shows.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/money.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Papa', property: 'unparse', message: 'Write CSV with csvFile (src/domain/csv-file.ts).' },
        { object: 'Intl', property: 'NumberFormat', message: 'Format money with formatAud (src/domain/money.ts).' },
      ],
    },
  },
  {
    files: ['tests/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only' },
        { object: 'describe', property: 'only' },
        { object: 'test', property: 'only' },
      ],
    },
  },
  {
    // UI tests run the real server: a wait gets the length of tests/support/ui-wait.ts, not vi.waitFor's 1 s default.
    files: ['tests/ui/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name='waitFor'][arguments.length<2]",
          message: 'Give vi.waitFor a timeout: { timeout: UI_WAIT_MS } (tests/support/ui-wait.ts) or longer.',
        },
      ],
    },
  },
);
