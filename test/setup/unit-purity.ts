// The unit tier is pure (docs/architecture.md#tests): no child process, no listening socket, no file
// written outside the system's temporary folder. A spec that needs one is an `*.int.ts`; here the
// attempt fails the spec at once, naming where it belongs, instead of the tier slowly growing into the
// integration tier again (issue 35). The guards hold while a file's tests run, and are taken off after
// them: jest itself (its results, coverage, watch mode) writes files and starts git in band.
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import fs, { realpathSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Methods = Record<string, unknown>;
const originals: { target: Methods; name: string; original: unknown }[] = [];

function refuse(what: string): never {
  throw new Error(
    `the unit tier is pure: a spec may not ${what}; a spec that needs it is an *.int.ts (docs/architecture.md#tests)`,
  );
}

/** Replaces each method with `refusing`, which is given the original to call when it lets the call through. */
function guard(
  target: object,
  names: readonly string[],
  refusing: (name: string, original: (...args: unknown[]) => unknown) => (...args: unknown[]) => unknown,
) {
  const methods = target as Methods;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    originals.push({ target: methods, name, original });
    methods[name] = refusing(name, original as (...args: unknown[]) => unknown);
  }
}

const always = (what: (name: string) => string) => (name: string) => () => refuse(what(name));
guard(
  net.Server.prototype,
  ['listen'],
  always(() => 'open a listening socket (server.listen)'),
);
guard(
  dgram.Socket.prototype,
  ['bind'],
  always(() => 'bind a UDP socket'),
);
guard(
  childProcess,
  ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'],
  always((name) => `start a child process (child_process.${name})`),
);

const within = (folder: string) => [folder, realpathSync(folder)].map((each) => each + path.sep);
const temporary = within(os.tmpdir());
// a checkout may itself lie in the temporary folder (a clean clone in /tmp): it is never a spec's to write in
const checkout = within(path.resolve(__dirname, '..', '..'));
const pathOf = (target: unknown) =>
  typeof target === 'string' || Buffer.isBuffer(target)
    ? path.resolve(String(target))
    : target instanceof URL
      ? fileURLToPath(target)
      : undefined;
const outsideTemporary = (target: unknown) => {
  const resolved = pathOf(target);
  if (resolved === undefined) return false;
  const inside = (folders: string[]) => folders.some((folder) => resolved.startsWith(folder));
  return !inside(temporary) || inside(checkout);
};
/**
 * A write to its first path argument, or (rename, copy) to its second, when `writes` says the call writes;
 * fs.promises refuses with a rejection.
 */
const writing =
  (destination: 0 | 1, promised = false, writes: (args: unknown[]) => boolean = () => true) =>
  (name: string, original: (...args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      if (!writes(args) || !outsideTemporary(args[destination])) return original.apply(this, args);
      const refusal = () => refuse(`write outside the temporary folder (fs.${name} ${String(args[destination])})`);
      return promised ? Promise.resolve().then(refusal) : refusal();
    };
const { O_WRONLY, O_RDWR, O_CREAT, O_APPEND, O_TRUNC } = fs.constants;
/** open's flags ('w', 'a+', 'r+', O_WRONLY | O_CREAT, …) ask to write; 'r', the default, does not. */
const opensToWrite = ([, flags]: unknown[]) =>
  typeof flags === 'string'
    ? /[wa+]/.test(flags)
    : typeof flags === 'number' && (flags & (O_WRONLY | O_RDWR | O_CREAT | O_APPEND | O_TRUNC)) !== 0;
const onePath = ['writeFile', 'appendFile', 'mkdir', 'rm', 'rmdir', 'unlink', 'truncate'];
const twoPaths = ['rename', 'copyFile', 'cp'];
const sync = (names: string[]) => names.map((name) => `${name}Sync`);
guard(fs, [...onePath, ...sync(onePath), 'createWriteStream'], writing(0));
guard(fs, [...twoPaths, ...sync(twoPaths)], writing(1));
guard(fs, ['open', 'openSync'], writing(0, false, opensToWrite));
guard(fs.promises, onePath, writing(0, true));
guard(fs.promises, twoPaths, writing(1, true));
guard(fs.promises, ['open'], writing(0, true, opensToWrite));

afterAll(() => {
  for (const { target, name, original } of originals.splice(0).reverse()) target[name] = original;
});
