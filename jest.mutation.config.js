/**
 * The unit specs that pin the money rules, for the mutation run (stryker.config.mjs): the unit
 * tier's transform, the one test file that loads the specs of the money rules
 * (scripts/mutation-specs.cjs), and `@aura/contracts` mapped to this checkout's sources
 * (scripts/mutation-contracts.cjs) so Stryker's sandbox copy is the one under test (the workspace
 * link in node_modules points at the original checkout). zod loads once per test runner process
 * (scripts/mutation-environment.cjs). Each mutant's run costs about a third of what it did.
 */
const { projects } = require('./jest.config.js');

const unit = projects.find((project) => project.displayName === 'unit');

/** @type {import('jest').Config} */
module.exports = {
  transform: unit.transform,
  modulePathIgnorePatterns: unit.modulePathIgnorePatterns,
  // an absolute path: Stryker's environment wrapper loads it as given
  testEnvironment: require.resolve('./scripts/mutation-environment.cjs'),
  rootDir: __dirname,
  // jest crawls only this folder for test files: the specs are loaded by the one test file
  roots: ['<rootDir>/scripts'],
  testMatch: ['<rootDir>/scripts/mutation-specs.cjs'],
  // a unit spec takes milliseconds: one still running after 3 s is a mutant's endless retry or
  // wait, failed here (and the rest skipped, scripts/mutation-environment.cjs) rather than left to
  // Stryker's timeout, which restarts the test runner
  testTimeout: 3000,
  moduleNameMapper: {
    '^@aura/contracts$': '<rootDir>/scripts/mutation-contracts.cjs',
    '^zod$': '<rootDir>/scripts/mutation-zod.cjs',
  },
};
