import { Redis } from 'ioredis';
import { describeWithEngine, engineSource } from '../../test/engines';
import { coalesceWrites } from './coalesced-writes';

const redis = engineSource('REDIS_URL', 'Redis');
// a URL only: the container variant adds nothing to what is measured here
describeWithEngine(
  redis.kind === 'url' ? redis : { kind: 'absent', reason: 'needs REDIS_URL' },
  "a Redis connection's commands coalesced into one write per turn of the event loop",
  () => {
    const url = redis.kind === 'url' ? redis.url : '';
    const key = `aura:coalesce-test:${process.pid}`;

    /** the socket's writes while `run` issues its commands: how many system calls, carrying how many commands */
    async function writesDuring(client: Redis, run: () => Promise<unknown>) {
      const socket = client.stream as unknown as {
        _write: (...args: unknown[]) => void;
        _writev: (chunks: unknown[], ...rest: unknown[]) => void;
      };
      const writes: number[] = [];
      const { _write, _writev } = socket;
      socket._write = function (...args) {
        writes.push(1);
        return _write.apply(this, args);
      };
      socket._writev = function (chunks, ...rest) {
        writes.push(chunks.length);
        return _writev.call(this, chunks, ...rest);
      };
      try {
        return { result: await run(), writes };
      } finally {
        Object.assign(socket, { _write, _writev });
      }
    }

    const tenAppends = (client: Redis) =>
      Promise.all(Array.from({ length: 10 }, (_, n) => client.xadd(key, 'MAXLEN', '~', '100', '*', 'n', String(n))));

    it('given ten XADDs issued in one turn, when the connection coalesces, then they go in one write and each gets its own id, in order', async () => {
      const client = new Redis(url);
      coalesceWrites(client);
      try {
        await client.ping();
        const { result, writes } = await writesDuring(client, () => tenAppends(client));
        expect(writes).toEqual([10]);
        const ids = result as string[];
        expect(new Set(ids).size).toBe(10);
        expect([...ids].sort()).toEqual(ids);
        const stored = await client.xrange(key, ids[0]!, ids[9]!);
        expect(stored.map(([, fields]) => fields[1])).toEqual(Array.from({ length: 10 }, (_, n) => String(n)));
      } finally {
        await client.del(key);
        client.disconnect();
      }
    });

    it('given the same ten without it, then each is its own write (what it saves)', async () => {
      const client = new Redis(url);
      try {
        await client.ping();
        const { writes } = await writesDuring(client, () => tenAppends(client));
        expect(writes.reduce((sum, n) => sum + n, 0)).toBe(10);
        expect(writes.length).toBeGreaterThan(1);
      } finally {
        await client.del(key);
        client.disconnect();
      }
    });

    it('given a reconnection, when commands follow, then the new socket coalesces too', async () => {
      const client = new Redis(url);
      coalesceWrites(client);
      try {
        await client.ping();
        client.stream.destroy();
        await new Promise((resolve) => client.once('ready', resolve));
        const { writes } = await writesDuring(client, () => tenAppends(client));
        expect(writes).toEqual([10]);
      } finally {
        await client.del(key);
        client.disconnect();
      }
    });
  },
);
