// The mutation run's one jest test file: it loads every unit spec of the money rules
// (scripts/mutation-scope.cjs), so each mutant's run pays for jest's start, zod and @aura/contracts
// once instead of once per spec file (docs/architecture.md#mutation-testing). Stryker then runs
// only the tests that cover the mutant, by name.
const { readdirSync } = require('node:fs');
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
const files = folders.flatMap((folder) =>
  readdirSync(path.join(root, folder), { recursive: true })
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
    .filter((file) => isSpec(file)),
);
for (const file of [...new Set(files)].sort()) require(path.join(root, file));
