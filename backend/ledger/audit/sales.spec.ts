import type { StoredEvent } from '../../platform/eventstore/port';
import { auditLedger } from './audit';

const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const performerId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const sessionId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const at = '2026-11-20T10:00:00.000Z';

type Entry = [string, string, Record<string, unknown>];

function log(entries: Entry[]): StoredEvent[] {
  const revisions = new Map<string, number>();
  return entries.map(([streamId, type, data], index) => {
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    return {
      id: `e${index}`,
      streamId,
      type,
      data,
      revision,
      position: index + 1,
      metadata: {},
      createdAt: new Date(at),
    };
  });
}

const wallet = `wallet-${userId}`;
const earnings = `earnings-${performerId}`;
const welcome: Entry = [
  wallet,
  'AuracoinCredited',
  { walletId: userId, amount: 10_000, reason: 'welcome', creditedAt: at },
];
const sent = (messageId: string, priceUnits: number, stream = wallet): Entry => [
  stream,
  'MessageSent',
  {
    messageId,
    conversationId: 'c',
    performerId,
    userId,
    identityId: userId,
    senderType: 'user',
    content: 'ciao',
    priceUnits,
    sentAt: at,
  },
];
const photo = (purchaseId: string, priceUnits: number): Entry => [
  wallet,
  'PhotoPurchased',
  { purchaseId, walletId: userId, photoId: 'p1', performerId, priceUnits, purchasedAt: at },
];
const minute = (n: number, costUnits: number): Entry => [
  wallet,
  'SessionMinuteBilled',
  { sessionId, userId, performerId, minute: n, amount: 150, sessionCostUnits: costUnits, billedAt: at },
];
const debit = (reason: string, reference: string, amount: number): Entry => [
  wallet,
  'AuracoinDebited',
  { walletId: userId, amount, reason, reference, debitedAt: at },
];
const credit = (source: string, sourceId: string, grossUnits: number, shareCents: number): Entry => [
  earnings,
  'PerformerEarningsCredited',
  { performerId, source, sourceId, grossUnits, shareCents, creditedAt: at },
];
const problems = (entries: Entry[]) => auditLedger(log(entries)).problems.map((p) => p.problem);

describe('the ledger audit of sales', () => {
  it('given sales paid by their debits and credited by the share rule once, finds nothing and counts them by kind', () => {
    const audit = auditLedger(
      log([
        welcome,
        sent('m1', 150),
        debit('message', 'm1', 150),
        credit('message', 'm1', 150, 82),
        sent('m2', 0, 'message-m2'),
        photo('x1', 500),
        debit('photo', 'p1', 500),
        credit('photo', 'x1', 500, 275),
        // a session is one sale billed in parts, rounded once over its running total: 82 + 83 cents
        minute(1, 150),
        debit('session', sessionId, 150),
        credit('session', `${sessionId}:minute-1`, 150, 82),
        minute(2, 300),
        debit('session', sessionId, 150),
        credit('session', `${sessionId}:minute-2`, 150, 83),
      ]),
    );
    expect(audit.problems).toEqual([]);
    expect(audit.sales.bySource).toEqual({
      message: { sales: 1, grossUnits: 150, purchasedUnits: 150, shareCents: 82 },
      photo: { sales: 1, grossUnits: 500, purchasedUnits: 500, shareCents: 275 },
      session: { sales: 2, grossUnits: 300, purchasedUnits: 300, shareCents: 165 },
    });
  });

  it('a sale not followed by its debit, or paid by a debit of another amount or thing, is found', () => {
    expect(problems([welcome, sent('m1', 100), credit('message', 'm1', 100, 55)])).toEqual([
      expect.stringContaining('not followed by its debit'),
    ]);
    expect(problems([welcome, sent('m1', 100), debit('message', 'm1', 150), credit('message', 'm1', 100, 55)])).toEqual(
      [expect.stringContaining('does not pay the sale before it')],
    );
    expect(
      problems([welcome, photo('x1', 500), debit('photo', 'other', 500), credit('photo', 'x1', 500, 275)]),
    ).toEqual([
      expect.stringContaining('which is not what it names'),
      expect.stringContaining('does not pay the sale before it'),
    ]);
  });

  it('a sale outside a wallet is one nobody paid for', () => {
    expect(problems([sent('m1', 100, 'message-m1'), credit('message', 'm1', 100, 55)])).toEqual([
      expect.stringContaining('outside a wallet'),
    ]);
  });

  it('a sale recorded twice is found (a minute billed twice)', () => {
    expect(
      problems([
        welcome,
        minute(1, 150),
        debit('session', sessionId, 150),
        credit('session', `${sessionId}:minute-1`, 150, 82),
        minute(1, 150),
        debit('session', sessionId, 150),
      ]),
    ).toEqual([expect.stringContaining('recorded twice')]);
  });

  it('a sale never credited, or credited twice, is found', () => {
    expect(problems([welcome, sent('m1', 100), debit('message', 'm1', 100)])).toEqual([
      expect.stringContaining('never credited'),
    ]);
    expect(
      problems([
        welcome,
        sent('m1', 100),
        debit('message', 'm1', 100),
        credit('message', 'm1', 100, 55),
        credit('message', 'm1', 100, 55),
      ]),
    ).toEqual([expect.stringContaining('credited again')]);
  });

  it('a credit that is not the share rule of its sale is found: a cent off, a photo at 100%, another price', () => {
    expect(problems([welcome, sent('m1', 150), debit('message', 'm1', 150), credit('message', 'm1', 150, 83)])).toEqual(
      [expect.stringContaining('the share rule gives 82')],
    );
    expect(problems([welcome, photo('x1', 500), debit('photo', 'p1', 500), credit('photo', 'x1', 500, 500)])).toEqual([
      expect.stringContaining('the share rule gives 275'),
    ]);
    expect(problems([welcome, sent('m1', 150), debit('message', 'm1', 150), credit('message', 'm1', 100, 82)])).toEqual(
      [expect.stringContaining('name 100 units, the sale 150')],
    );
  });

  it('a credit of a sale nobody paid for is found', () => {
    expect(problems([credit('message', 'm9', 100, 55)])).toEqual([expect.stringContaining('nobody paid for')]);
  });
});

describe('the ledger audit of debits', () => {
  it('a debit names what it paid for: a reason, a reference, and the purchase right before it naming that reference', () => {
    expect(problems([welcome, [wallet, 'AuracoinDebited', { walletId: userId, amount: 100, debitedAt: at }]])).toEqual([
      expect.stringContaining('without a reason and a reference'),
    ]);
    expect(problems([welcome, debit('alias', 'a1', 100)])).toEqual([expect.stringContaining('follows no purchase')]);
    expect(
      problems([
        welcome,
        [wallet, 'AliasPurchased', { aliasId: 'a2', userId, aliasName: 'Zorro', price: 100, purchasedAt: at }],
        debit('alias', 'a1', 100),
      ]),
    ).toEqual([expect.stringContaining('which is not what it names')]);
    expect(
      problems([
        welcome,
        [wallet, 'AliasPurchased', { aliasId: 'a1', userId, aliasName: 'Zorro', price: 100, purchasedAt: at }],
        debit('alias', 'a1', 100),
      ]),
    ).toEqual([]);
  });

  it('a sale followed on its wallet by anything but its debit is named', () => {
    expect(problems([welcome, sent('m1', 100), welcome, credit('message', 'm1', 100, 55)])).toContain(
      'sale message m1 not followed by its debit',
    );
  });

  it('a sale’s debit must take the purchased units the sale says it was paid with', () => {
    const paid: Entry = [
      wallet,
      'PhotoPurchased',
      {
        purchaseId: 'x1',
        walletId: userId,
        photoId: 'p1',
        performerId,
        priceUnits: 500,
        purchasedUnits: 300,
        promotionalUnits: 200,
        purchasedAt: at,
      },
    ];
    const debitOf = (purchasedAmount: number): Entry => [
      wallet,
      'AuracoinDebited',
      {
        walletId: userId,
        amount: 500,
        reason: 'photo',
        reference: 'p1',
        purchasedAmount,
        promotionalAmount: 500 - purchasedAmount,
        debitedAt: at,
      },
    ];
    const creditOf: Entry = [
      earnings,
      'PerformerEarningsCredited',
      {
        performerId,
        source: 'photo',
        sourceId: 'x1',
        grossUnits: 500,
        purchasedUnits: 300,
        shareCents: 165,
        creditedAt: at,
      },
    ];
    const bought: Entry = [
      wallet,
      'AuracoinCredited',
      { walletId: userId, amount: 300, reason: 'purchase', creditedAt: at },
    ];
    const mismatch = (entries: Entry[]) => problems(entries).filter((p) => p.includes('its debit'));
    expect(mismatch([bought, welcome, paid, debitOf(300), creditOf])).toEqual([]);
    expect(mismatch([bought, welcome, paid, debitOf(200), creditOf])).toEqual([
      'sale photo x1 says 300 purchased units, its debit 200',
    ]);
  });

  it('a debit of the right amount naming another reason is found; the last event of a wallet may be a sale awaiting nothing only if it is no sale', () => {
    expect(
      problems([welcome, photo('x1', 500), debit('message', 'p1', 500), credit('photo', 'x1', 500, 275)]),
    ).toContain('debit of 500 units for message p1 does not pay the sale before it (500 units, photo p1)');
    expect(problems([welcome, photo('x1', 500), debit('photo', 'p1', 500), credit('photo', 'x1', 500, 275)])).toEqual(
      [],
    );
  });

  it('a sale of no units, or saying more purchased units than its price, is found', () => {
    const zero: Entry = [
      wallet,
      'PhotoPurchased',
      { purchaseId: 'x0', walletId: userId, photoId: 'p0', performerId, priceUnits: 0, purchasedAt: at },
    ];
    expect(problems([welcome, zero, debit('photo', 'p0', 0), credit('photo', 'x0', 0, 0)])).toContain(
      'sale photo x0 for 0 units',
    );
    const tooMuch: Entry = [
      wallet,
      'PhotoPurchased',
      {
        purchaseId: 'x2',
        walletId: userId,
        photoId: 'p2',
        performerId,
        priceUnits: 500,
        purchasedUnits: 600,
        promotionalUnits: 0,
        purchasedAt: at,
      },
    ];
    expect(problems([welcome, tooMuch, debit('photo', 'p2', 500)])).toContain(
      'sale photo x2 of 500 units says 600 purchased',
    );
    const negative: Entry = [
      wallet,
      'PhotoPurchased',
      {
        purchaseId: 'x3',
        walletId: userId,
        photoId: 'p3',
        performerId,
        priceUnits: 500,
        purchasedUnits: -1,
        promotionalUnits: 0,
        purchasedAt: at,
      },
    ];
    expect(problems([welcome, negative, debit('photo', 'p3', 500)])).toContain(
      'sale photo x3 of 500 units says -1 purchased',
    );
    const fraction: Entry = [
      wallet,
      'PhotoPurchased',
      {
        purchaseId: 'x4',
        walletId: userId,
        photoId: 'p4',
        performerId,
        priceUnits: 500,
        purchasedUnits: 1.5,
        promotionalUnits: 0,
        purchasedAt: at,
      },
    ];
    expect(problems([welcome, fraction, debit('photo', 'p4', 500)])).toContain(
      'sale photo x4 of 500 units says 1.5 purchased',
    );
    const all: Entry = [
      wallet,
      'PhotoPurchased',
      {
        purchaseId: 'x5',
        walletId: userId,
        photoId: 'p5',
        performerId,
        priceUnits: 500,
        purchasedUnits: 500,
        promotionalUnits: 0,
        purchasedAt: at,
      },
    ];
    expect(problems([welcome, all, debit('photo', 'p5', 500)]).filter((p) => p.includes('500 units says'))).toEqual([]);
  });

  it('earnings credited to another performer, or on another performer’s stream, are found', () => {
    const other = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e99';
    const elsewhere: Entry = [
      `earnings-${other}`,
      'PerformerEarningsCredited',
      { performerId, source: 'photo', sourceId: 'x1', grossUnits: 500, shareCents: 275, creditedAt: at },
    ];
    const named: Entry = [
      earnings,
      'PerformerEarningsCredited',
      { performerId: other, source: 'photo', sourceId: 'x1', grossUnits: 500, shareCents: 275, creditedAt: at },
    ];
    const wrong = "earnings for photo x1 go to another performer than the sale's";
    expect(problems([welcome, photo('x1', 500), debit('photo', 'p1', 500), elsewhere])).toContain(wrong);
    expect(problems([welcome, photo('x1', 500), debit('photo', 'p1', 500), named])).toContain(wrong);
  });
});
