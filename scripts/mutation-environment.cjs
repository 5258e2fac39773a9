// The mutation run's test environment (jest.mutation.config.js): jest's node environment, with zod
// loaded once per test runner process instead of once per mutant (zod is not mutated; the
// contracts' schemas are built from it afresh in each run, scripts/mutation-zod.cjs hands it over).
const { TestEnvironment } = require('jest-environment-node');
const zod = require('zod');

module.exports = class MutationEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__mutationZod = zod;
  }
};
