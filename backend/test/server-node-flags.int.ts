/**
 * Every way a server process starts carries V8's heap settings (docs/architecture.md, "Heap"):
 * `npm start` (scripts/start.mjs spawns with them), `npm run start:<role>`, the Docker image's
 * entrypoint and the benches' roles. And this Node takes them: a flag it does not know would stop
 * the process before it starts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.cjs';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the heap settings of a server process', () => {
  it('are on every npm script that starts a role', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    for (const role of ['api', 'projector', 'worker']) {
      expect(scripts[`start:${role}`]).toBe(`tsx ${SERVER_NODE_FLAGS.join(' ')} backend/entry/${role}.ts`);
    }
  });

  it("are on the Docker image's entrypoint, which every compose role runs", () => {
    const entrypoint = /^ENTRYPOINT (\[.*\])$/m.exec(read('docker/Dockerfile'))?.[1];
    expect(JSON.parse(entrypoint ?? 'null')).toEqual(['node', ...SERVER_NODE_FLAGS, '--import', 'tsx']);
  });

  it('are spawned by npm start and by the benches that start roles themselves', () => {
    for (const file of ['scripts/start.mjs', 'bench/scale/app-process.ts']) {
      expect(read(file)).toMatch(/spawn\(\s*process\.execPath,\s*\[\.\.\.SERVER_NODE_FLAGS, '--import', 'tsx'/);
    }
  });

  it('are taken by this Node: a young generation of the size asked', () => {
    const semiSpace = Number(/--max-semi-space-size=(\d+)/.exec(SERVER_NODE_FLAGS.join(' '))?.[1]);
    const printed = execFileSync(
      process.execPath,
      [
        ...SERVER_NODE_FLAGS,
        '-e',
        "process.stdout.write(String(require('v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size))",
      ],
      { encoding: 'utf8' },
    );
    expect(Number(printed)).toBe(semiSpace * 1024 * 1024);
  });

  it("give V8's background work one thread fewer than the cores, at least one (Node's default is four)", () => {
    const threads = (flags: readonly string[]) =>
      Number(
        execFileSync(
          process.execPath,
          [
            ...flags,
            '-e',
            "setTimeout(() => process.stdout.write(String(require('fs').readdirSync('/proc/self/task').length)), 200)",
          ],
          { encoding: 'utf8' },
        ),
      );
    // the threads a process starts with, less those of a process with one V8 worker: its V8 workers past the first
    expect(threads(SERVER_NODE_FLAGS) - threads(['--v8-pool-size=1'])).toBe(
      Math.max(1, availableParallelism() - 1) - 1,
    );
    expect(threads([]) - threads(['--v8-pool-size=1'])).toBe(3);
  });
});
