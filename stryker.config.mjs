// @ts-check
/**
 * Mutation testing of the money rules (docs/architecture.md#mutation-testing): every change Stryker
 * makes to a money rule must fail a unit spec. `npm run test:mutation`; reports in reports/mutation/.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.mutation.config.js', enableFindRelatedTests: true },
  coverageAnalysis: 'perTest',
  mutate: [
    'backend/ledger/**/*.ts',
    '!backend/ledger/**/*.{spec,int,contract}.ts',
    '!backend/ledger/index.ts',
    'backend/commands/sessions/money.ts',
    'backend/commands/sessions/minimum.ts',
    'backend/commands/sessions/session.ts',
    'contracts/src/money.ts',
    'contracts/src/rules/{billing,earnings,packages,payout-week,payouts,prices,share,tiers}.ts',
  ],
  // the sandbox needs the sources and the configs only
  ignorePatterns: ['/frontend', '/test', '/bench', '/docs', '/docker', '/data', '/dist', '/coverage', '/reports', '/.ci', '*.log'],
  inPlace: false,
  symlinkNodeModules: true,
  tempDirName: '.stryker-tmp',
  concurrency: 2,
  timeoutMS: 5000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  // a run reuses the results of the last one for mutants whose code and covering specs did not
  // change; a clean clone has no such file, so it checks the whole scope
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
};
