import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFileBackedKeyValueStore } from './file-backed';

describe('the file-backed key-value store (revocations in the embedded mode)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'aura-kv-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps live keys and their values across a reopen, forgets removed and expired ones, and compacts the file', async () => {
    let clock = 1_000_000;
    const file = path.join(dir, 'revocations.jsonl');
    const first = await createFileBackedKeyValueStore(file, () => clock);
    await first.put('revoked:a', 60_000);
    await first.put('revoked-account:u', 120_000, '999');
    await first.put('revoked:short', 10);
    await first.put('revoked:gone', 60_000);
    await first.remove('revoked:gone');
    await first.close();

    clock += 1_000;
    const second = await createFileBackedKeyValueStore(file, () => clock);
    expect(await second.has('revoked:a')).toBe(true);
    expect(await second.get('revoked-account:u')).toBe('999');
    expect(await second.has('revoked:short')).toBe(false);
    expect(await second.has('revoked:gone')).toBe(false);
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(2);
    clock += 60_000;
    expect(await second.has('revoked:a')).toBe(false);
    await second.close();
  });

  it('skips a line cut by a crash', async () => {
    const file = path.join(dir, 'revocations.jsonl');
    const store = await createFileBackedKeyValueStore(file);
    await store.put('revoked:a', 60_000);
    await store.close();
    const { appendFile } = await import('node:fs/promises');
    await appendFile(file, '{"key":"revoked:b","expi');
    const reopened = await createFileBackedKeyValueStore(file);
    expect(await reopened.has('revoked:a')).toBe(true);
    await reopened.close();
  });
});
