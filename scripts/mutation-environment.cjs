// The mutation run's test environment (jest.mutation.config.js): jest's node environment, with zod
// loaded once per test runner process instead of once per mutant (zod is not mutated; the
// contracts' schemas are built from it afresh in each run, scripts/mutation-zod.cjs hands it over),
// and the names of the tests each spec file defines, learnt on the runner's first run and kept for
// its next ones (scripts/mutation-specs.cjs loads only the spec files a mutant's tests are in).
const NodeEnvironment = require('./jest-node-environment.cjs');
const zod = require('zod');

/** spec file → the full names of its tests, for this test runner process */
const testsBySpecFile = new Map();

/** set by Stryker while it runs a mutant (not in its dry run, where every test must run and pass) */
const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';

module.exports = class MutationEnvironment extends NodeEnvironment {
  #failed = false;

  constructor(config, context) {
    super(config, context);
    this.global.__mutationZod = zod;
    this.global.__mutationTestsBySpecFile = testsBySpecFile;
  }

  // A mutant is killed by its first failing test: the tests after it are skipped (jest bails only
  // between test files, and here there is one), so a mutant that makes a test hang until jest's
  // timeout (a conflict retried 200 times) costs that test, not every covering one.
  handleTestEvent(event) {
    if (process.env[ACTIVE_MUTANT] === undefined) return;
    if (event.name === 'test_start' && this.#failed) event.test.mode = 'skip';
    if (event.name === 'test_done' && event.test.errors.length > 0) this.#failed = true;
  }
};
