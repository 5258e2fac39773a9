/**
 * `npm run ledger:audit` as a report (docs/architecture.md#money): given a log in an event store,
 * when the audit runs, then its verdict, its summary lines and the problems of every hook.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DomainEvent } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import type { AuditHook } from '../../kernel/module';
import { createInMemoryEventStore } from '../../test/doubles/in-memory-event-store';
import { embeddedStoreMissing, readWholeLog, runLedgerAudit } from './run-audit';

const at = '2026-11-20T10:00:00.000Z';
const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e45';
const performerId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e45';
const credited = (amount: number): DomainEvent => ({
  type: 'AuracoinCredited',
  data: { walletId: userId, amount, reason: 'welcome', creditedAt: at },
});

async function storeWith(streams: [string, DomainEvent[]][]): Promise<EventStore> {
  const store = createInMemoryEventStore();
  let n = 0;
  for (const [streamId, events] of streams) {
    await store.appendToStream(
      streamId,
      events.map((event) => ({
        id: `0b7c4d1e-8f7a-4e63-9a51-${String((n += 1)).padStart(12, '0')}`,
        type: event.type,
        data: event.data,
      })),
      { expectedRevision: 'any' },
    );
  }
  return store;
}

/** a photo sold for 5 auracoin, paid and credited by the share rule */
const photoSale: [string, DomainEvent[]][] = [
  [
    `wallet-${userId}`,
    [
      credited(1000),
      {
        type: 'PhotoPurchased',
        data: { purchaseId: 'x1', walletId: userId, photoId: 'p1', performerId, priceUnits: 500, purchasedAt: at },
      },
      {
        type: 'AuracoinDebited',
        data: { walletId: userId, amount: 500, reason: 'photo', reference: 'p1', debitedAt: at },
      },
    ],
  ],
  [
    `earnings-${performerId}`,
    [
      {
        type: 'PerformerEarningsCredited',
        data: { performerId, source: 'photo', sourceId: 'x1', grossUnits: 500, shareCents: 275, creditedAt: at },
      },
    ],
  ],
];

describe('the ledger audit report', () => {
  it('an empty log is a failed audit: nothing to audit', async () => {
    const report = await runLedgerAudit(createInMemoryEventStore(), { hooks: [], storedReadModels: false });
    expect(report).toEqual({
      ok: false,
      lines: ['ledger audit: the event log is empty, nothing to audit (is this the right DATA_DIR or store?)'],
      problems: [{ stream: '(log)', problem: 'the event log is empty: nothing to audit' }],
    });
  });

  it('a clean log passes, with its totals and sales in auracoin and euro', async () => {
    const report = await runLedgerAudit(await storeWith(photoSale), { hooks: [], storedReadModels: false });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.lines).toEqual([
      'ledger audit over 4 events',
      '  wallets: 1, earnings streams: 1',
      '  credited 10.00, debited 5.00, adjusted 0.00, held 5.00 auracoin',
      '  card purchases credited: 0.00 auracoin',
      '  balances: 0.00 purchased, 5.00 promotional auracoin',
      "  photo sales: 1, 5.00 auracoin (5.00 purchased), performers' 55% of the purchased part: 2.75 euro",
      '  performer earnings held: 2.75 euro',
      '  refunds: 0, disputes: 0 (lost 0), card payments: 0, euros reconciled: 0,00 €',
      '  card payments: paid 0,00 € = still in wallets 0,00 € + spent 0,00 €' +
        " (performers' shares 0,00 € + platform's part 0,00 €) + refunded 0,00 € + charged back 0,00 €",
      'OK: no balance ever negative, every debit names its purchase, every sale paid and credited once by the share rule, read models agree',
    ]);
  });

  it("every hook sees the same log and the read models' option, and adds its lines and problems", async () => {
    const seen: { events: number; storedReadModels: boolean }[] = [];
    const hook: AuditHook = async (events, options) => {
      seen.push({ events: events.length, storedReadModels: options.storedReadModels });
      return {
        lines: ['  sessions: 0'],
        problems: [
          { stream: `session-s1`, revision: 3, problem: 'settled twice' },
          { stream: 'payouts', problem: 'paid twice' },
        ],
      };
    };
    const report = await runLedgerAudit(await storeWith(photoSale), { hooks: [hook], storedReadModels: true });
    expect(seen).toEqual([{ events: 4, storedReadModels: true }]);
    expect(report.ok).toBe(false);
    expect(report.problems).toHaveLength(2);
    expect(report.lines.slice(-4)).toEqual([
      '  sessions: 0',
      'FAILED: 2 problem(s)',
      '  session-s1@3: settled twice',
      '  payouts: paid twice',
    ]);
  });

  it('names the kind of every sale it counts', async () => {
    const messageId = 'm1';
    const report = await runLedgerAudit(
      await storeWith([
        [
          `wallet-${userId}`,
          [
            credited(1000),
            {
              type: 'MessageSent',
              data: {
                messageId,
                conversationId: 'c',
                performerId,
                userId,
                identityId: userId,
                senderType: 'user',
                content: 'ciao',
                priceUnits: 100,
                sentAt: at,
              },
            },
            {
              type: 'AuracoinDebited',
              data: { walletId: userId, amount: 100, reason: 'message', reference: messageId, debitedAt: at },
            },
            {
              type: 'SessionMinuteBilled',
              data: {
                sessionId: 's1',
                walletId: userId,
                performerId,
                minute: 1,
                amount: 200,
                minuteStartedAt: at,
                sessionCostUnits: 200,
                lastMinute: false,
                billedAt: at,
              },
            },
            {
              type: 'AuracoinDebited',
              data: { walletId: userId, amount: 200, reason: 'session', reference: 's1', debitedAt: at },
            },
            {
              type: 'ShowTipped',
              data: {
                tipId: 't1',
                walletId: userId,
                showId: 'sh1',
                performerId,
                identityId: userId,
                displayName: 'Marco',
                amountUnits: 300,
                message: null,
                menuItemId: null,
                menuItemLabel: null,
                tippedAt: at,
              },
            },
            {
              type: 'AuracoinDebited',
              data: { walletId: userId, amount: 300, reason: 'tip', reference: 't1', debitedAt: at },
            },
          ],
        ],
        [
          `earnings-${performerId}`,
          [
            {
              type: 'PerformerEarningsCredited',
              data: {
                performerId,
                source: 'message',
                sourceId: messageId,
                grossUnits: 100,
                shareCents: 55,
                creditedAt: at,
              },
            },
            {
              type: 'PerformerEarningsCredited',
              data: {
                performerId,
                source: 'session',
                sourceId: 's1:minute-1',
                grossUnits: 200,
                shareCents: 110,
                creditedAt: at,
              },
            },
            {
              type: 'PerformerEarningsCredited',
              data: { performerId, source: 'tip', sourceId: 't1', grossUnits: 300, shareCents: 165, creditedAt: at },
            },
          ],
        ],
      ]),
      { hooks: [], storedReadModels: false },
    );
    expect(report.problems).toEqual([]);
    expect(report.lines).toContain(
      "  paid chat messages: 1, 1.00 auracoin (1.00 purchased), performers' 55% of the purchased part: 0.55 euro",
    );
    expect(report.lines).toContain(
      "  private session charges: 1, 2.00 auracoin (2.00 purchased), performers' 55% of the purchased part: 1.10 euro",
    );
    expect(report.lines).toContain(
      "  show tips: 1, 3.00 auracoin (3.00 purchased), performers' 55% of the purchased part: 1.65 euro",
    );
  });

  it('lists at most 200 problems', async () => {
    const hook: AuditHook = async () => ({
      lines: [],
      problems: Array.from({ length: 201 }, (_, n) => ({ stream: `s${n}`, problem: 'wrong' })),
    });
    const report = await runLedgerAudit(await storeWith(photoSale), { hooks: [hook], storedReadModels: false });
    expect(report.lines).toContain('FAILED: 201 problem(s)');
    expect(report.lines.filter((line) => line.endsWith(': wrong'))).toHaveLength(200);
    expect(report.lines.at(-1)).toBe('  s199: wrong');
  });
});

describe('reading the whole log', () => {
  it('reads it page by page, in order, a last full page included', async () => {
    const store = await storeWith([[`wallet-${userId}`, [credited(1), credited(2), credited(3), credited(4)]]]);
    const amounts = async (pageSize: number) =>
      (await readWholeLog(store, pageSize)).map((event) => (event.data as { amount: number }).amount);
    expect(await amounts(2)).toEqual([1, 2, 3, 4]);
    expect(await amounts(3)).toEqual([1, 2, 3, 4]);
    expect(await amounts(5000)).toEqual([1, 2, 3, 4]);
  });

  /** the store as a SQL reader sees it while an older transaction elsewhere is open: the newest events hidden for `reads` reads */
  function hidingNewest(store: EventStore, hidden: number, reads: number): EventStore {
    let left = reads;
    return Object.assign(Object.create(store) as EventStore, {
      readAll: async (options?: Parameters<EventStore['readAll']>[0]) => {
        const visible = await store.readAll(options);
        if (left <= 0) return visible;
        left -= 1;
        const head = (await store.headPosition())!;
        return visible.filter((event) => event.position <= head - hidden);
      },
    });
  }

  it('waits for events committed before it began that a reader cannot see yet, rather than audit fewer', async () => {
    const store = await storeWith([[`wallet-${userId}`, [credited(1), credited(2), credited(3)]]]);
    const read = await readWholeLog(hidingNewest(store, 1, 3), 5000, { pollMs: 1 });
    expect(read.map((event) => (event.data as { amount: number }).amount)).toEqual([1, 2, 3]);
  });

  it('fails, naming the head and the last event it read, when they stay hidden past its wait', async () => {
    const store = await storeWith([[`wallet-${userId}`, [credited(1), credited(2), credited(3)]]]);
    const head = (await store.headPosition())!;
    await expect(readWholeLog(hidingNewest(store, 1, Infinity), 2, { waitMs: 20, pollMs: 1 })).rejects.toThrow(
      `the log's head is ${head}, but events after position ${head - 1} stayed hidden`,
    );
    await expect(readWholeLog(hidingNewest(store, 3, Infinity), 5000, { waitMs: 20, pollMs: 1 })).rejects.toThrow(
      `the log's head is ${head}, but events after position 0 stayed hidden`,
    );
  });
});

describe('an embedded store with nothing to audit', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'aura-audit-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says the folder is missing, or empty, and nothing when the log is elsewhere or there', async () => {
    expect(await embeddedStoreMissing({ dataDir })).toBe(
      `ledger audit: no event store under DATA_DIR=${dataDir} (the folder or its eventstore/ is missing): nothing to audit`,
    );
    await mkdir(path.join(dataDir, 'eventstore'));
    expect(await embeddedStoreMissing({ dataDir })).toBe(
      `ledger audit: the event store under DATA_DIR=${dataDir} is empty: nothing to audit`,
    );
    expect(await embeddedStoreMissing({ dataDir, DATABASE_URL: 'postgres://x' })).toBeUndefined();
    expect(await embeddedStoreMissing({ dataDir, EVENTSTORE_URL: 'esdb://x' })).toBeUndefined();
    await writeFile(path.join(dataDir, 'eventstore', 'log'), '');
    expect(await embeddedStoreMissing({ dataDir })).toBeUndefined();
  });
});
