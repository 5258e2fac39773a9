import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const foldersIn = (dir) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : []);

/** Every module of a layer may import only itself among its siblings. */
const siblingsApart = (dir, message) =>
  foldersIn(dir).map((name) => ({ target: `./${dir}/${name}`, from: `./${dir}`, except: [`./${name}`], message }));

// The arrows point one way: frontend → contracts; backend modules → contracts and platform;
// backend/entry → platform and each module's index.ts (its one public function); adapters are
// chosen only in backend/entry.
const zones = [
  { target: './contracts', from: ['./backend', './frontend'], message: 'contracts depend on nothing of ours' },
  { target: './frontend', from: './backend', message: 'the frontend talks to the backend over HTTP only' },
  { target: './backend', from: './frontend', message: 'the backend never imports the frontend' },
  { target: './backend/platform', from: ['./backend/modules', './backend/entry'], message: 'platform knows no module: modules plug into it' },
  {
    target: './backend/entry',
    from: './backend/modules/**/*',
    except: [path.resolve('backend/modules/*/index.ts')],
    message: "entry imports a module only through its index.ts (the module's one public function)",
  },
  ...siblingsApart('backend/modules', "a module never imports another module's folder: declare the queries it needs in its deps"),
  ...siblingsApart('frontend/src/features', 'no cross-feature imports: share through src/components or src/lib'),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', '**/*.d.ts'] },
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.spec.ts', '**/*.int.ts', '**/*.e2e.ts', '**/*.contract.ts', 'backend/test/**', 'test/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['scripts/**', 'bench/**', 'jest.config.js', '.ci/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
