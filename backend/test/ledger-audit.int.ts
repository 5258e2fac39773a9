/**
 * The auditor against real stores: a healthy history passes (function and `npm run ledger:audit`
 * as a process), a deliberately corrupted one (an overdraft appended behind the deciders' back, a
 * falsified adjustment) fails with a non-zero exit.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { streams } from '@aura/contracts';
import { createPgliteEventStore } from '../platform/eventstore/pglite';
import type { EventStore } from '../platform/eventstore/port';
import { newId } from '../platform/ids';
import { spendFromWallet } from '../platform/ledger/spend';
import { runLedgerAudit } from '../platform/ledger/run-audit';
import { replayUsers } from '../modules/accounts/replay';

const root = path.resolve(__dirname, '../..');
const now = () => new Date('2026-11-20T10:00:00.000Z');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aura-audit-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const openStore = () => createPgliteEventStore({ dataDir: path.join(dataDir, 'eventstore') });

function runCli(dir = dataDir) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'backend/entry/ledger-audit.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'error', DATABASE_URL: '', REDIS_URL: '', MONGO_URL: '', EVENTSTORE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

async function register(store: EventStore, userId: string, name: string) {
  await store.appendToStream(streams.user(userId), [
    { id: newId(), type: 'UserRegistered', data: { userId, username: name, email: `${name}@example.com`, passwordHash: 'h', role: 'user', registeredAt: now().toISOString() } },
  ], { expectedRevision: 'no_stream' });
  await store.appendToStream(streams.wallet(userId), [
    { id: newId(), type: 'AuracoinCredited', data: { walletId: userId, amount: 1000, reason: 'welcome', creditedAt: now().toISOString() } },
  ], { expectedRevision: 'any' });
}

describe('ledger audit', () => {
  it('says so and exits non-zero on a missing or empty DATA_DIR, instead of reporting OK', async () => {
    const missing = runCli(path.join(dataDir, 'no-such-folder'));
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('nothing to audit');
    expect(missing.stdout).not.toContain('OK');
    const empty = await mkdtemp(path.join(tmpdir(), 'aura-audit-empty-'));
    try {
      const answer = runCli(empty);
      expect(answer.status).not.toBe(0);
      expect(answer.stderr).toContain('nothing to audit');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  const alice = newId();
  const bob = newId();

  it('passes a healthy history, as a function and as `npm run ledger:audit`', async () => {
    const store = await openStore();
    await register(store, alice, 'alice');
    await register(store, bob, 'bob');
    await store.appendToStream(streams.wallet(alice), [
      { id: newId(), type: 'AuracoinAdjusted', data: { walletId: alice, amount: 9000, balanceBefore: 1000, balanceAfter: 10000, adminId: 'admin-1', adjustedAt: now().toISOString() } },
    ], { expectedRevision: 'any' });
    const aliasId = newId();
    await spendFromWallet(store, {
      walletId: alice,
      amountUnits: 5000,
      purchase: { type: 'AliasPurchased', data: { aliasId, userId: alice, aliasName: 'Zorro', price: 5000, purchasedAt: now().toISOString() } },
      reason: 'alias',
      reference: aliasId,
      now,
    });
    const report = await runLedgerAudit(store, { rebuildUsers: replayUsers });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    await store.close();

    const cli = runCli();
    expect(cli.stdout).toContain('OK: no balance ever negative');
    expect(cli.status).toBe(0);
  });

  it('fails on a corrupted history and names the problem', async () => {
    const store = await openStore();
    // an overdraft no decider would allow, and an adjustment whose recorded balances lie
    await store.appendToStream(streams.wallet(bob), [
      { id: newId(), type: 'AuracoinDebited', data: { walletId: bob, amount: 5000, reason: 'alias', reference: 'forged', debitedAt: now().toISOString() } },
      { id: newId(), type: 'AuracoinAdjusted', data: { walletId: bob, amount: 4000, balanceBefore: 0, balanceAfter: 4000, adminId: 'admin-1', adjustedAt: now().toISOString() } },
    ], { expectedRevision: 'any' });
    const report = await runLedgerAudit(store, { rebuildUsers: replayUsers });
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.problem)).toEqual(
      expect.arrayContaining([expect.stringContaining('balance went negative'), expect.stringContaining('adjustment recorded 0 → 4000 but the replay gives -4000 → 0')]),
    );
    // a stored read model that disagrees with the log is caught too
    const lying = await runLedgerAudit(store, {
      rebuildUsers: replayUsers,
      storedUsers: async () => [{ _id: alice, balanceUnits: 999_999, totalSpentUnits: 5000 }, { _id: bob, balanceUnits: 0, totalSpentUnits: 5000 }],
    });
    expect(lying.problems.map((p) => p.problem)).toEqual(expect.arrayContaining([expect.stringContaining('stored users read model: balance 999999')]));
    await store.close();

    const cli = runCli();
    expect(cli.stdout).toContain('FAILED');
    expect(cli.stdout).toContain('balance went negative');
    expect(cli.status).toBe(1);
  });
});
