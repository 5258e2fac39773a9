import type { KeyValueStore } from './port';

/** What every key-value store answers alike (memory, file-backed, Redis). */
export function keyValueContract(open: () => Promise<KeyValueStore>) {
  let kv: KeyValueStore;
  const tag = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  beforeEach(async () => {
    kv = await open();
  });
  afterEach(async () => {
    await kv.close();
  });

  it('given two keys put and one never, when read at once, then each value comes back in its place and the missing one is undefined', async () => {
    await kv.put(`a-${tag}`, 60_000);
    await kv.put(`b-${tag}`, 60_000, '1700000000000');
    expect(await kv.getMany([`a-${tag}`, `never-${tag}`, `b-${tag}`])).toEqual(['1', undefined, '1700000000000']);
    expect(await kv.getMany([])).toEqual([]);
  });

  it('given a key removed, when read at once, then it is gone', async () => {
    await kv.put(`gone-${tag}`, 60_000, 'x');
    await kv.remove(`gone-${tag}`);
    expect(await kv.getMany([`gone-${tag}`])).toEqual([undefined]);
  });

  it('given a key past its time to live, when read at once, then it is gone', async () => {
    await kv.put(`short-${tag}`, 30, 'x');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await kv.getMany([`short-${tag}`])).toEqual([undefined]);
  });
}
