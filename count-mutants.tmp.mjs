import { Instrumenter } from '@stryker-mutator/instrumenter';
import { readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';
import scope from './scripts/mutation-scope.cjs';
const logger = { isDebugEnabled: () => false, isTraceEnabled: () => false, debug() {}, trace() {}, info() {}, warn() {}, error() {}, fatal() {} };
const files = globSync(scope.mutate, { cwd: process.cwd() });
const inst = new Instrumenter(logger);
const res = await inst.instrument(files.map((name) => ({ name, content: readFileSync(name, 'utf8'), mutate: true })), { plugins: null, excludedMutations: [], ignorers: [], noHeader: false });
const byFile = {}, byMut = {};
for (const m of res.mutants) { byFile[m.fileName] = (byFile[m.fileName] ?? 0) + 1; byMut[m.mutatorName] = (byMut[m.mutatorName] ?? 0) + 1; }
console.log(res.mutants.length, byFile, byMut);
