// Prints the mutation score of the money rules per file and in all, from Stryker's JSON report
// (reports/mutation/mutation.json): detected (killed, timed out) over detected + undetected
// (survived, no coverage), as Stryker counts it; `--survivors` lists what survived, where. Fails
// (exit 1) when the score is under the configuration's `break` or when any mutant has no coverage
// (no spec reaches that code at all: each one is listed, where); docs/architecture.md#mutation-testing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import config from '../stryker.config.mjs';

const reportFile = new URL('../reports/mutation/mutation.json', import.meta.url);
if (!existsSync(reportFile)) {
  console.log('mutation score of the money rules: no report (reports/mutation/mutation.json): the run did not finish');
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportFile, 'utf8'));
keepIncrementalFileRelative();
const showSurvivors = process.argv.includes('--survivors');
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const rows = [];
const all = { detected: 0, undetected: 0, noCoverage: 0 };
for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const row = { file, detected: 0, undetected: 0, noCoverage: 0 };
  for (const mutant of mutants) {
    if (DETECTED.has(mutant.status)) row.detected += 1;
    if (UNDETECTED.has(mutant.status)) row.undetected += 1;
    if (mutant.status === 'NoCoverage') row.noCoverage += 1;
    if (mutant.status === 'NoCoverage' || (showSurvivors && UNDETECTED.has(mutant.status))) {
      console.log(
        `${file}:${mutant.location.start.line}:${mutant.location.start.column} ${mutant.status} ${mutant.mutatorName}: ${mutant.replacement ?? ''}`,
      );
    }
  }
  rows.push(row);
  for (const key of Object.keys(all)) all[key] += row[key];
}
const score = ({ detected, undetected }) =>
  detected + undetected === 0 ? 100 : (100 * detected) / (detected + undetected);
for (const row of rows) {
  console.log(
    `${score(row).toFixed(1).padStart(6)}%  ${String(row.detected + row.undetected).padStart(4)} mutants  ` +
      `${String(row.undetected - row.noCoverage).padStart(3)} survived  ${String(row.noCoverage).padStart(3)} no coverage  ` +
      row.file,
  );
}
console.log(
  `mutation score of the money rules: ${score(all).toFixed(2)}% ` +
    `(${all.detected} of ${all.detected + all.undetected} mutants killed, ` +
    `${all.undetected - all.noCoverage} survived, ${all.noCoverage} without coverage)`,
);
const minimum = config.thresholds.break;
const failures = [];
if (score(all) < minimum) failures.push(`the score is under ${minimum}%`);
if (all.noCoverage > 0)
  failures.push(`${all.noCoverage} mutant(s) without coverage, listed above: no spec runs that code`);
if (failures.length > 0) {
  console.log(`mutation testing of the money rules FAILED: ${failures.join('; ')}`);
  process.exit(1);
}

/**
 * The committed incremental file (stryker.config.mjs) is keyed by relative paths, but the reasons
 * Stryker stores with its results quote stack traces with this checkout's absolute paths: they are
 * made relative so that the committed file names no machine's folders.
 */
function keepIncrementalFileRelative() {
  const incremental = new URL('../reports/mutation/stryker-incremental.json', import.meta.url);
  if (!existsSync(incremental)) return;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const text = readFileSync(incremental, 'utf8');
  const quoted = JSON.stringify(root).slice(1, -1);
  // the project's root itself (`projectRoot`) becomes '.', and the paths under it relative
  const relative = text
    .split(`"${quoted.replace(/\/$/, '')}"`)
    .join('"."')
    .split(quoted)
    .join('');
  if (relative !== text) writeFileSync(incremental, relative);
}
