// Lists the slowest test files of the last run, from jest's JSON results (jest-results.json, which
// `npm test` writes): each file's wall time (its start to its end, setup and teardown included) and tier.
// `npm run test:slowest` prints 15; `npm run test:slowest -- 40` more; a second argument reads another results file.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The `count` slowest test files of a jest JSON result, slowest first: { file, tier, seconds, tests, failed }. */
export function slowestFiles(results, count = 15) {
  return (results.testResults ?? [])
    .map((file) => ({
      file: path.relative(root, file.name),
      tier: tierOf(file.name),
      seconds: (file.endTime - file.startTime) / 1000 || 0,
      tests: file.assertionResults?.length ?? 0,
      failed: file.status === 'failed',
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

/** The tier a test file belongs to, by its name (jest.config.js). */
function tierOf(name) {
  if (/\.spec\.tsx?$/.test(name)) return 'unit';
  if (/\.int\.ts$/.test(name)) return 'integration';
  if (/\.e2e\.ts$/.test(name)) return 'browser';
  return '';
}

/** What `npm run test:slowest` prints: a heading, then one line a file. */
export function slowestLines(results, count = 15) {
  const rows = slowestFiles(results, count);
  const width = Math.max(0, ...rows.map((row) => row.file.length));
  return [
    `${rows.length} slowest test files:`,
    ...rows.map(
      (row) =>
        `${row.seconds.toFixed(1).padStart(7)} s  ${row.file.padEnd(width)}  ` +
        `${row.tier}, ${row.tests} ${row.tests === 1 ? 'test' : 'tests'}${row.failed ? ', FAILED' : ''}`,
    ),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? 15);
  const file = path.resolve(process.argv[3] ?? path.join(root, 'jest-results.json'));
  if (!existsSync(file)) {
    console.log(`no ${path.relative(process.cwd(), file)}: run npm test (or jest --json --outputFile=...) first`);
    process.exit(1);
  }
  for (const line of slowestLines(JSON.parse(readFileSync(file, 'utf8')), count)) console.log(line);
}
