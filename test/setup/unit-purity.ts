// The unit tier is pure (docs/architecture.md#tests): no child process, no listening socket. A spec
// that needs either is an `*.int.ts`; here the attempt fails the spec at once, naming where it
// belongs, instead of the tier slowly growing into the integration tier again (issue 35).
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import net from 'node:net';

const guarded = Symbol.for('aura.unitPurity');

function refuse(what: string): never {
  throw new Error(
    `the unit tier is pure: a spec may not ${what}; a spec that needs it is an *.int.ts (docs/architecture.md#tests)`,
  );
}

function guard<T extends object>(target: T, names: readonly (keyof T & string)[], what: (name: string) => string) {
  for (const name of names) {
    const original = target[name];
    if (typeof original !== 'function' || (original as { [guarded]?: true })[guarded]) continue;
    const refusing = Object.assign(() => refuse(what(name)), { [guarded]: true as const });
    Object.defineProperty(target, name, { value: refusing, configurable: true, writable: true });
  }
}

guard(net.Server.prototype, ['listen'], () => 'open a listening socket (server.listen)');
guard(dgram.Socket.prototype, ['bind'], () => 'bind a UDP socket');
guard(
  childProcess,
  ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'],
  (name) => `start a child process (child_process.${name})`,
);
