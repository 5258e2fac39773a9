// @ts-check
import scope from './scripts/mutation-scope.cjs';

/**
 * Mutation testing of the money rules (docs/architecture.md#mutation-testing): every change Stryker
 * makes to a money rule must fail a unit spec. `npm run test:mutation`; reports in reports/mutation/.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  // one test file loads every spec of the scope (scripts/mutation-specs.cjs): related-test lookup
  // has nothing to narrow, perTest coverage picks the tests that reach each mutant
  jest: { projectType: 'custom', configFile: 'jest.mutation.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  // module-level constants (tables, messages) run while the specs load, before any test: each such
  // mutant would rerun every spec; the rules that read them are mutated and pinned instead
  ignoreStatic: true,
  mutate: scope.mutate,
  // no type checker runs (swc strips types); the sandbox's sources are marked @ts-nocheck
  disableTypeChecks: '{backend,contracts}/**/*.ts',
  // the sandbox needs the sources and the configs only
  ignorePatterns: [
    '/frontend',
    '/test',
    '/bench',
    '/docs',
    '/docker',
    '/data',
    '/dist',
    '/coverage',
    '/reports',
    '/.ci',
    '*.log',
  ],
  inPlace: false,
  symlinkNodeModules: true,
  tempDirName: '.stryker-tmp',
  concurrency: 2,
  // the machine is shared: a slow run is not a loop; a mutant that loops still ends in seconds
  timeoutMS: 10000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  // a run reuses the results of the last one for mutants whose code and covering specs did not
  // change; a clean clone has no such file, so it checks the whole scope
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
};
