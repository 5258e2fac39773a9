/**
 * The unit specs that pin the money rules, for the mutation run (stryker.config.mjs): the unit
 * tier's transform, only the specs beside the mutated files, and `@aura/contracts` mapped to this
 * checkout's sources so Stryker's sandbox copy is the one under test (the workspace link in
 * node_modules points at the original checkout).
 */
const { projects } = require('./jest.config.js');

const unit = projects.find((project) => project.displayName === 'unit');

/** @type {import('jest').Config} */
module.exports = {
  transform: unit.transform,
  testPathIgnorePatterns: unit.testPathIgnorePatterns,
  modulePathIgnorePatterns: unit.modulePathIgnorePatterns,
  testEnvironment: 'node',
  rootDir: __dirname,
  testMatch: [
    '<rootDir>/backend/ledger/**/*.spec.ts',
    '<rootDir>/backend/commands/sessions/{money,minimum,session}.spec.ts',
    '<rootDir>/contracts/src/money.spec.ts',
    '<rootDir>/contracts/src/rules/{billing,earnings,packages,payout-week,payouts,prices,share,tiers}.spec.ts',
  ],
  moduleNameMapper: { '^@aura/contracts$': '<rootDir>/contracts/src/index.ts' },
};
