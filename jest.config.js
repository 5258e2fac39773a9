/** Three tiers: unit (pure, no I/O), integration (real engines, HTTP on the embedded stack), browser (Chromium). */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic' } },
      },
    },
  ],
};
// anchored at the root: a checkout in a folder named dist or data still runs its tests
const ignore = ['/node_modules/', '<rootDir>/(.*/)?dist/', '<rootDir>/(.*/)?data/'];
// a mutation run's sandbox (stryker.config.mjs) is a copy of the project: never a second one to jest
const modulePathIgnorePatterns = ['<rootDir>/.stryker-tmp/'];
const common = {
  transform,
  testPathIgnorePatterns: [...ignore, ...modulePathIgnorePatterns],
  modulePathIgnorePatterns,
  testEnvironment: require.resolve('./scripts/jest-node-environment.cjs'),
  rootDir: __dirname,
};

/** @type {import('jest').Config} */
module.exports = {
  // A worker that ran its last file leaves as soon as its loop empties (scripts/jest-node-environment.cjs).
  // With both cores busy (the other worker, Chromium, PostgreSQL) one was once still up after jest's
  // default half second, every test passed (what it was closing was not found), and was reported as a
  // leak: a handle left open never lets a worker leave, so 3 s still catches every leak
  // (scripts/test-tiers.mjs fails its tier).
  workerGracefulExitTimeout: 3_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{contracts,backend,frontend}/**/*.spec.ts?(x)'],
      // no child process, no listening socket, no file outside the temporary folder: a spec that tries
      // fails, naming the integration tier
      setupFilesAfterEnv: ['<rootDir>/test/setup/unit-purity.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{contracts,backend}/**/*.int.ts'],
      setupFiles: ['<rootDir>/test/setup/pglite-initdb-cache.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/integration-timeouts.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.e2e.ts'],
      // the built frontend and one Chromium the whole tier shares (test/browser/chromium-server.cjs)
      globalSetup: '<rootDir>/test/browser/global-setup.mjs',
      globalTeardown: '<rootDir>/test/browser/global-teardown.mjs',
      setupFiles: ['<rootDir>/test/setup/pglite-initdb-cache.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/browser-timeouts.ts'],
    },
  ],
};
