import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const foldersIn = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];

/** Every module of a layer may import only itself among its siblings. */
const siblingsApart = (dir, message) =>
  foldersIn(dir).map((name) => ({ target: `./${dir}/${name}`, from: `./${dir}`, except: [`./${name}`], message }));

// The arrows point one way (docs/architecture.md#layout): frontend → contracts; a module's sides →
// ledger (through its index.ts) → platform → contracts; projections never import commands, nor
// commands projections (entry hands a command side the queries it declares in its deps); a worker
// may run its own module's commands; no module imports another module's folder on any side;
// backend/entry → each side's index.ts; adapters are chosen only in backend/entry; a module's sides
// and the ledger → kernel (the event-sourcing machinery) → platform (ports and adapters).
const SIDES = ['commands', 'projections', 'workers'];
const sideFolders = SIDES.map((side) => `./backend/${side}`);

/** A module's folder on one side may import, of the other sides, only the same module's folder. */
const ownModuleOnly = SIDES.flatMap((side) =>
  foldersIn(`backend/${side}`).flatMap((name) =>
    SIDES.filter((other) => other !== side).map((other) => ({
      target: `./backend/${side}/${name}`,
      from: `./backend/${other}`,
      except: [`./${name}`],
      message: "a module never imports another module's folder: declare the queries it needs in its deps",
    })),
  ),
);

const zones = [
  { target: './contracts', from: ['./backend', './frontend'], message: 'contracts depend on nothing of ours' },
  { target: './frontend', from: './backend', message: 'the frontend talks to the backend over HTTP only' },
  { target: './backend', from: './frontend', message: 'the backend never imports the frontend' },
  {
    target: './backend/platform',
    from: [...sideFolders, './backend/ledger', './backend/kernel', './backend/entry'],
    message: 'platform is ports and adapters: it knows no module, no money and no kernel',
  },
  {
    target: './backend/kernel',
    from: [...sideFolders, './backend/ledger', './backend/entry'],
    message: 'the kernel is the event-sourcing machinery: it knows no module and no money',
  },
  {
    target: './backend/ledger',
    from: [...sideFolders, './backend/entry'],
    message: 'the ledger knows no module: modules reach it through its index.ts',
  },
  {
    target: sideFolders,
    from: './backend/ledger',
    except: ['./index.ts'],
    message: 'modules reach the ledger only through backend/ledger/index.ts',
  },
  {
    target: './backend/projections',
    from: ['./backend/commands', './backend/workers'],
    message: 'projections never import commands (nor workers)',
  },
  {
    target: './backend/commands',
    from: './backend/projections',
    message:
      "commands never import projections: a command reads its own streams, or a query entry hands over in the module's deps",
  },
  {
    target: './backend/commands',
    from: './backend/workers',
    message: "commands never import workers: a worker runs its own module's commands, not the other way",
  },
  {
    target: './backend/entry',
    from: sideFolders.map((folder) => `${folder}/**/*`),
    except: SIDES.map((side) => path.resolve(`backend/${side}/*/index.ts`)),
    message: "entry imports a module's side only through its index.ts (the side's one public function)",
  },
  ...SIDES.flatMap((side) =>
    siblingsApart(
      `backend/${side}`,
      "a module never imports another module's folder: declare the queries it needs in its deps",
    ),
  ),
  ...ownModuleOnly,
  ...siblingsApart('frontend/src/features', 'no cross-feature imports: share through src/components or src/lib'),
];

const namedRoute =
  "Name the route instead of writing its path: call('routeName', …) or routePath('routeName', …) of src/lib/api.";
const noApiPaths = ['Literal[value=/^\\x2Fapi\\x2F/]', 'TemplateElement[value.raw=/^\\x2Fapi\\x2F/]'].map(
  (selector) => ({ selector, message: namedRoute }),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'reports/**',
      '.stryker-tmp/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { maxDepth: 4 }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
      // Prettier wraps at 120 but cannot break strings or comments: past 160 they are split by hand
      'max-len': ['error', { code: 160 }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // one spelling of each API call: the frontend names a route (call, routePath of src/lib/api.ts)
  // and never writes its path; outside src/lib nothing sends through the untyped transport
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/lib/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...noApiPaths,
        { selector: "ImportSpecifier[imported.name='apiRequest']", message: namedRoute },
      ],
    },
  },
  {
    files: ['frontend/src/lib/**/*.{ts,tsx}'],
    ignores: ['frontend/src/lib/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noApiPaths] },
  },
  // a route only authenticates, validates, calls the handler and maps the answer (docs/architecture.md#routes):
  // a router function over 80 lines holds a rule that belongs in a decider or the module's policy
  {
    files: ['backend/**/routes.ts', 'backend/**/*-routes.ts', 'backend/**/routes/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.spec.ts', '**/*.int.ts', '**/*.e2e.ts', '**/*.contract.ts', 'backend/test/**', 'test/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  // Playwright's waitForFunction does not await its predicate: an async one returns a promise, which is
  // truthy, so the wait ends at once and checks nothing (schedule.e2e.ts did, and failed under load)
  {
    files: ['test/**', 'bench/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='waitForFunction'] > :matches(ArrowFunctionExpression, FunctionExpression)[async=true]",
          message: 'waitForFunction does not await its predicate: wait with `until` (backend/test/session-helpers.ts)',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'jest.config.js', 'jest.mutation.config.js', '.ci/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
