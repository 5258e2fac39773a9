// `@aura/contracts` for the mutation run (jest.mutation.config.js): the sandbox's contracts, each
// of the index's modules loaded when a name of it is first read, so a mutant's run does not build
// the schemas of every API the money rules never touch (docs/architecture.md#mutation-testing).
const { readFileSync } = require('node:fs');
const path = require('node:path');

const source = path.join(__dirname, '..', 'contracts', 'src');
const index = readFileSync(path.join(source, 'index.ts'), 'utf8');
const isRule = (name) => /^(rules\/|money$)/.test(name);
// the rules and the money first: most names the money code reads are theirs
const modules = [...index.matchAll(/^export (?:\*|\{[^}]*\}) from '\.\/([^']+)'/gm)]
  .map((match) => match[1])
  .sort((a, b) => Number(isRule(b)) - Number(isRule(a)));
const loaded = new Map();
const load = (name) => {
  if (!loaded.has(name)) loaded.set(name, require(path.join(source, `${name}.ts`)));
  return loaded.get(name);
};
const owners = new Map();
const find = (key) => {
  if (owners.has(key)) return owners.get(key);
  for (const name of modules) {
    const exports = load(name);
    if (key in exports) {
      owners.set(key, exports);
      return exports;
    }
  }
  return undefined;
};

// the rules (mutated) load at once, as from the index: their module-level code runs while the
// specs load, as everywhere else, never inside the first test that reads them
modules.filter(isRule).forEach(load);

module.exports = new Proxy(
  {},
  {
    get(_, key) {
      if (key === '__esModule') return true;
      if (typeof key === 'symbol' || key === 'then') return undefined;
      return find(key)?.[key];
    },
    has: (_, key) => typeof key === 'string' && find(key) !== undefined,
    ownKeys: () => [...new Set(modules.flatMap((name) => Object.keys(load(name))))],
    getOwnPropertyDescriptor(_, key) {
      const exports = typeof key === 'string' ? find(key) : undefined;
      return exports ? { value: exports[key], enumerable: true, configurable: true, writable: false } : undefined;
    },
  },
);
