// The mutation run's test environment (jest.mutation.config.js): jest's node environment, with zod
// loaded once per test runner process instead of once per mutant (zod is not mutated; the
// contracts' schemas are built from it afresh in each run, scripts/mutation-zod.cjs hands it over),
// and the names of the tests each spec file defines, learnt on the runner's first run and kept for
// its next ones (scripts/mutation-specs.cjs loads only the spec files a mutant's tests are in).
const { TestEnvironment } = require('jest-environment-node');
const zod = require('zod');

/** spec file → the full names of its tests, for this test runner process */
const testsBySpecFile = new Map();

module.exports = class MutationEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__mutationZod = zod;
    this.global.__mutationTestsBySpecFile = testsBySpecFile;
  }
};
