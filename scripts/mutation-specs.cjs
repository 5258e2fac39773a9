// The mutation run's one jest test file: it loads the unit specs of the money rules
// (scripts/mutation-scope.cjs), so each mutant's run pays for jest's start, zod and @aura/contracts
// once instead of once per spec file (docs/architecture.md#mutation-testing). Stryker then runs
// only the tests that cover the mutant, by name (jest's test name pattern); once this test runner
// knows which spec file defines which test (its first run loads them all), a run with a pattern
// loads only the spec files with a test it matches: about half of a mutant's run time.
/* global describe */
const { createHash } = require('node:crypto');
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const picomatch = require('picomatch');
const { specs } = require('./mutation-scope.cjs');

const root = path.join(__dirname, '..');
const isSpec = picomatch(specs);
const folderOf = (glob) => {
  const { base, isGlob } = picomatch.scan(glob);
  return isGlob ? base : path.posix.dirname(glob);
};
const folders = [...new Set(specs.map(folderOf))];
const files = [
  ...new Set(
    folders.flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true })
        .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
        .filter((file) => isSpec(file)),
    ),
  ),
].sort();

// jest-circus's state in this test file's realm: the tests defined so far and the run's name pattern
const stateKey = Object.getOwnPropertySymbols(globalThis).find((key) => key.description === 'JEST_STATE_SYMBOL');
const circus = stateKey ? globalThis[stateKey] : undefined;
/** @type {Map<string, string[]> | undefined} kept by scripts/mutation-environment.cjs */
const known = globalThis.__mutationTestsBySpecFile;
const pattern = circus?.testNamePattern;

/** The full names (as jest matches the pattern against them) of the tests under these blocks. */
const testNames = (blocks, prefix) =>
  blocks.flatMap((block) => {
    const name = prefix ? `${prefix} ${block.name}` : block.name;
    return block.type === 'describeBlock' ? testNames(block.children, name) : [name];
  });

const everyFileKnown = known && circus && files.every((file) => known.has(file));
const wanted =
  pattern && everyFileKnown ? files.filter((file) => known.get(file).some((name) => pattern.test(name))) : files;
// Stryker's incremental mode (stryker.config.mjs) knows a test by its name and its file, and the
// file is this one for every test, so it cannot see that a spec changed: each spec file's tests are
// in a block named after the file and a digest of its text, so the tests of an edited spec are new
// tests to Stryker, and the mutants they killed or covered run again.
const digest = (file) =>
  createHash('sha1')
    .update(readFileSync(path.join(root, file)))
    .digest('hex')
    .slice(0, 8);
for (const file of wanted) {
  const before = circus?.rootDescribeBlock.children.length ?? 0;
  describe(`${file} ${digest(file)}`, () => {
    require(path.join(root, file));
  });
  if (known && circus && !known.has(file))
    known.set(file, testNames(circus.rootDescribeBlock.children.slice(before), ''));
}
