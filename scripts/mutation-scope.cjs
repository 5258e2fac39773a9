// The money rules under mutation testing and the unit specs that pin them, one list for Stryker
// (stryker.config.mjs) and jest (scripts/mutation-specs.cjs); docs/architecture.md#mutation-testing.
// Globs, so a new money file under backend/ledger/ (tips, refunds, disputes) joins with its specs.
const rules = [
  'backend/ledger/**/*.ts',
  // a private session's closing, which the ledger settles (backend/ledger/sessions: its money)
  'backend/commands/sessions/{money,session}.ts',
  // a coin purchase: the tier discount on its price, the offer's bonus, the credit once paid
  'backend/commands/purchases/purchase.ts',
  'contracts/src/money.ts',
  // shows: a tip's floor, step and ceiling
  'contracts/src/rules/{billing,earnings,packages,payout-week,payouts,prices,share,shows,tiers}.ts',
];

// specs, integration tests, contract suites and test helpers are not money rules; the ledger's
// index only re-exports
const notRules = [
  '**/*.{spec,int,contract,e2e}.ts',
  '**/{test,tests,testing,__tests__,fixtures}/**',
  '**/*{-harness,-helpers,.helpers,.fixtures,.fixture}.ts',
  'backend/ledger/index.ts',
  // the session, payout and SEPA audits came from the modules (issue 37) without unit specs that pin
  // their checks line by line (the integration tests corrupt stores and read their problems): not
  // mutated until they have them
  'backend/ledger/audit/{sessions,payouts,sepa}.ts',
];

// specs that pin money rules of another file: the minimum across the session's closing and the ledger's settlement
const moreSpecs = [
  'backend/commands/sessions/minimum.spec.ts',
  // the payout details in force (backend/ledger/earnings/payout-details.ts), decided by the payouts module
  'backend/commands/payouts/details.spec.ts',
];

module.exports = {
  mutate: [...rules, ...notRules.map((glob) => `!${glob}`)],
  specs: [...rules.map((glob) => glob.replace(/\.ts$/, '.spec.ts')), ...moreSpecs],
};
