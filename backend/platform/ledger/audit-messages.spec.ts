import type { StoredEvent } from '../eventstore/port';
import { auditLedger } from './audit';

const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const performerId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const at = '2026-11-20T10:00:00.000Z';

function log(entries: [string, string, Record<string, unknown>][]): StoredEvent[] {
  const revisions = new Map<string, number>();
  return entries.map(([streamId, type, data], index) => {
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    return { id: `e${index}`, streamId, type, data, revision, position: index + 1, metadata: {}, createdAt: new Date(at) };
  });
}

const wallet = `wallet-${userId}`;
const earnings = `earnings-${performerId}`;
const welcome: [string, string, Record<string, unknown>] = [wallet, 'AuracoinCredited', { walletId: userId, amount: 1000, reason: 'welcome', creditedAt: at }];
const sent = (messageId: string, priceUnits: number, stream = wallet): [string, string, Record<string, unknown>] => [
  stream, 'MessageSent', { messageId, conversationId: 'c', performerId, userId, identityId: userId, senderType: 'user', content: 'ciao', priceUnits, sentAt: at },
];
const debit = (reference: string, amount: number): [string, string, Record<string, unknown>] => [wallet, 'AuracoinDebited', { walletId: userId, amount, reason: 'message', reference, debitedAt: at }];
const credit = (sourceId: string, grossUnits: number, shareCents: number): [string, string, Record<string, unknown>] => [
  earnings, 'PerformerEarningsCredited', { performerId, source: 'message', sourceId, grossUnits, shareCents, creditedAt: at },
];

describe('ledger audit of paid messages', () => {
  it('passes messages paid with their debit and credited 55% once; free ones need nothing', () => {
    const audit = auditLedger(log([welcome, sent('m1', 150), debit('m1', 150), credit('m1', 150, 82), sent('m2', 0, 'message-m2')]));
    expect(audit.problems).toEqual([]);
    expect(audit.messages).toMatchObject({ paid: 1, grossUnits: 150, shareCents: 82 });
  });

  it('finds a debit without its message, a paid message without a debit or outside a wallet, and wrong or missing credits', () => {
    const problems = (entries: [string, string, Record<string, unknown>][]) => auditLedger(log(entries)).problems.map((p) => p.problem);
    expect(problems([welcome, debit('m1', 100)])).toEqual([expect.stringContaining('without the message it pays')]);
    expect(problems([welcome, sent('m1', 100), debit('m1', 150)])).toEqual(expect.arrayContaining([expect.stringContaining('without the message it pays')]));
    expect(problems([welcome, sent('m1', 100), credit('m1', 100, 55)])).toEqual([expect.stringContaining('not followed by its debit')]);
    expect(problems([sent('m1', 100, 'message-m1'), credit('m1', 100, 55)])).toEqual([expect.stringContaining('outside a wallet')]);
    expect(problems([welcome, sent('m1', 100), debit('m1', 100)])).toEqual([expect.stringContaining('credited to the performer 0 times')]);
    expect(problems([welcome, sent('m1', 100), debit('m1', 100), credit('m1', 100, 60)])).toEqual([expect.stringContaining('the share rule gives 55')]);
    expect(problems([welcome, sent('m1', 100), debit('m1', 100), credit('m1', 100, 55), credit('m1', 100, 55)])).toEqual([expect.stringContaining('credited to the performer 2 times')]);
    expect(problems([credit('m9', 100, 55)])).toEqual([expect.stringContaining('nobody paid for')]);
  });
});
