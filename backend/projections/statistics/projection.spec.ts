import type { DomainEvent } from '@aura/contracts';
import { recordedAs } from '../../test/doubles/recorded';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import { italianDay, statisticsProjection } from './projection';
import { createStatisticsQueries, lastDays } from './queries';

const u1 = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const u2 = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e42';
const p1 = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const p2 = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e42';
const p3 = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e43';
const pkg = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const admin = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const purchase = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const today = '2026-11-20T10:00:00.000Z';
const yesterday = '2026-11-19T10:00:00.000Z';

const registered = (userId: string, at: string): DomainEvent => ({
  type: 'UserRegistered',
  data: {
    userId,
    username: userId.slice(-2),
    email: `${userId}@x.it`,
    passwordHash: 'h',
    role: 'user',
    registeredAt: at,
  },
});
const credit = (walletId: string, amount: number): DomainEvent => ({
  type: 'AuracoinCredited',
  data: { walletId, amount, reason: 'welcome', creditedAt: today },
});
const performer = (performerId: string, name: string, rating: number | null): DomainEvent => ({
  type: 'PerformerRegistered',
  data: {
    performerId,
    username: name,
    email: `${name}@x.it`,
    passwordHash: 'h',
    name,
    dateOfBirth: '1990-01-01',
    bio: null,
    rateUnits: 250,
    languages: ['Italiano'],
    category: 'Standard',
    hairColor: null,
    eyeColor: null,
    bodyType: null,
    ethnicity: null,
    height: null,
    specialFeatures: [],
    image: '/x.svg',
    rating,
    signedContractAt: null,
    digitalSignature: null,
    registeredAt: yesterday,
  },
});

function rated(performerId: string, sessionId: string, stars: number): DomainEvent {
  return { type: 'SessionRated', data: { sessionId, performerId, userId: u1, stars, comment: null, ratedAt: today } };
}

async function project(events: DomainEvent[], options: { replayFrom?: number } = {}) {
  const store = createMingoReadModelStore();
  const stored = events.map((event, index) =>
    recordedAs(event, { id: `e${index}`, position: index + 1, createdAt: new Date(today) }),
  );
  for (const event of stored) await statisticsProjection.apply(event, store);
  // a crash before the checkpoint: the tail of the log comes again and must change nothing
  if (options.replayFrom !== undefined)
    for (const event of stored.slice(options.replayFrom)) await statisticsProjection.apply(event, store);
  return createStatisticsQueries(store, () => new Date(today)).get();
}

const history: DomainEvent[] = [
  registered(u1, yesterday),
  credit(u1, 1000),
  registered(u2, today),
  credit(u2, 1000),
  {
    type: 'AuracoinDebited',
    data: { walletId: u1, amount: 5000 - 4950, reason: 'alias', reference: 'a', debitedAt: today },
  },
  {
    type: 'AuracoinAdjusted',
    data: { walletId: u2, amount: 1500, balanceBefore: 1000, balanceAfter: 2500, adminId: admin, adjustedAt: today },
  },
  {
    type: 'PackageCreated',
    data: { packageId: pkg, credits: 100, bonus: 10, priceCents: 9900, popular: false, createdAt: yesterday },
  },
  {
    type: 'AuracoinPurchased',
    data: {
      purchaseId: purchase,
      walletId: u1,
      packageId: pkg,
      credits: 100,
      amount: 11000,
      priceCents: 9900,
      provider: 'sandbox',
      providerPaymentId: 'x',
      purchasedAt: today,
    },
  },
  {
    type: 'AuracoinCredited',
    data: { walletId: u1, amount: 11000, reason: 'purchase', purchaseId: purchase, creditedAt: today },
  },
  performer(p1, 'Giulia', 4.2),
  performer(p2, 'Sofia', 4.9),
  performer(p3, 'Elena', null),
  { type: 'PerformerVerified', data: { performerId: p1, verifiedAt: today } },
  { type: 'PerformerVerified', data: { performerId: p2, verifiedAt: today } },
  { type: 'PerformerWentOnline', data: { performerId: p2, by: 'performer', at: today } },
  {
    type: 'PerformerProfileUpdated',
    data: { performerId: p1, changes: { rateUnits: 300 }, by: 'admin', byId: admin, updatedAt: today },
  },
  // the ratings a registration carries (4.2, 4.9) are nobody's review: the stars users gave are
  rated(p1, '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41', 5),
  rated(p1, '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e42', 4),
];

describe('statistics read model', () => {
  it('counts users, balances, performers, packages sold and per-day figures', async () => {
    const stats = await project(history);
    expect(stats).toMatchObject({
      totalUsers: 2,
      totalPerformers: 2,
      performersOnline: 1,
      performersOffline: 1,
      // 10 + 10 welcome, +15 adjusted, +110 purchased
      totalAuracoinsDistributed: 145,
      // u1: 10 - 0.5 + 110 = 119.5; u2: 25 → 72.25
      averageUserBalance: 72.25,
      topPerformers: [
        { name: 'Giulia', creditsPerMinute: 3, rating: 4.5 },
        { name: 'Sofia', creditsPerMinute: 2.5, rating: null },
      ],
      packagesSold: [{ credits: 100, bonus: 10, price: 99, sold: 1 }],
    });
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toEqual({ date: '2026-11-20', newUsers: 1, revenue: 99, auracoinSold: 110 });
    expect(stats.days.at(-2)).toEqual({ date: '2026-11-19', newUsers: 1, revenue: 0, auracoinSold: 0 });
  });

  it('counts chat messages and what users paid for them, in total and today', async () => {
    const sent = (priceUnits: number, at: string): DomainEvent => ({
      type: 'MessageSent',
      data: {
        messageId: purchase,
        conversationId: pkg,
        performerId: p1,
        userId: u1,
        identityId: u1,
        senderType: priceUnits ? 'user' : 'performer',
        content: 'ciao',
        priceUnits,
        sentAt: at,
      },
    });
    const stats = await project([...history, sent(150, yesterday), sent(100, today), sent(0, today)]);
    expect(stats.messages).toEqual({ sent: 3, revenue: 2.5, sentToday: 2, revenueToday: 1 });
    expect((await project(history)).messages).toEqual({ sent: 0, revenue: 0, sentToday: 0, revenueToday: 0 });
  });

  it('counts private sessions, running ones, billed minutes and what users paid, in total and today', async () => {
    const s1 = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
    const s2 = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e42';
    const started = (sessionId: string, at: string): DomainEvent => ({
      type: 'SessionStarted',
      data: { sessionId, performerId: p1, startedAt: at },
    });
    const minute = (sessionId: string, k: number, at: string): DomainEvent => ({
      type: 'SessionMinuteBilled',
      data: {
        sessionId,
        walletId: u1,
        performerId: p1,
        minute: k,
        amount: 250,
        minuteStartedAt: at,
        sessionCostUnits: 250 * k,
        lastMinute: false,
        billedAt: at,
      },
    });
    const ended = (sessionId: string, reason: 'user_ended' | 'cancelled'): DomainEvent => ({
      type: 'SessionEnded',
      data: { sessionId, performerId: p1, endedBy: 'user', reason, endedAt: today, minutesBilled: 2, costUnits: 1250 },
    });
    const minimum: DomainEvent = {
      type: 'SessionMinimumCharged',
      data: {
        sessionId: s1,
        walletId: u1,
        performerId: p1,
        minutes: 3,
        amount: 750,
        sessionCostUnits: 1250,
        chargedAt: today,
      },
    };
    const stats = await project([
      ...history,
      started(s1, yesterday),
      minute(s1, 1, yesterday),
      minute(s1, 2, today),
      minimum,
      ended(s1, 'user_ended'),
      started(s2, today),
      minute(s2, 1, today),
      ended(s2, 'cancelled'),
    ]);
    // the minimum's 3 unused minutes are minutes paid for, as the ledger charged them: 2 + 3 + 1 minutes for 15 auracoin
    expect(stats.sessions).toEqual({
      total: 2,
      active: 1,
      billedMinutes: 6,
      revenue: 15,
      today: 1,
      billedMinutesToday: 5,
      revenueToday: 12.5,
    });
  });

  it('applies each event once even when a crash replays the log', async () => {
    expect(await project(history, { replayFrom: 0 })).toEqual(await project(history));
  });

  it('forgets deleted users and performers, and goes offline', async () => {
    const stats = await project([
      ...history,
      { type: 'UserDeleted', data: { userId: u2, deletedBy: admin, deletedAt: today } },
      { type: 'PerformerDeleted', data: { performerId: p2, adminId: admin, deletedAt: today } },
      { type: 'PackageDeleted', data: { packageId: pkg, deletedBy: admin, deletedAt: today } },
    ]);
    expect(stats).toMatchObject({ totalUsers: 1, averageUserBalance: 119.5, totalPerformers: 1, performersOnline: 0 });
    // a deleted package that sold stays in the sales list
    expect(stats.packagesSold).toEqual([{ credits: 100, bonus: 10, price: 99, sold: 1 }]);
  });

  it('buckets by the Italian calendar day', () => {
    expect(italianDay('2026-11-20T23:30:00.000Z')).toBe('2026-11-21');
    expect(italianDay('2026-07-20T21:59:00.000Z')).toBe('2026-07-20');
    expect(lastDays(new Date('2026-03-30T10:00:00.000Z'), 3)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
  });
});

describe('statistics: margin and dispute ratio (issue 38 items 4 and 10)', () => {
  const daysAgo = (days: number) => new Date(Date.parse(today) - days * 86_400_000).toISOString();
  const paid = (index: number, at: string): DomainEvent => ({
    type: 'AuracoinPurchased',
    data: {
      purchaseId: `4b7c4d1e-8f7a-4e63-9a51-${String(index).padStart(12, '0')}`,
      walletId: u1,
      packageId: pkg,
      credits: 100,
      amount: 10_000,
      priceCents: 5_000,
      provider: 'sandbox',
      providerPaymentId: `p${index}`,
      purchasedAt: at,
    },
  });
  const disputed = (index: number, at: string): DomainEvent => ({
    type: 'DisputeOpened',
    data: {
      disputeId: `6b7c4d1e-8f7a-4e63-9a51-${String(index).padStart(12, '0')}`,
      provider: 'sandbox',
      providerDisputeId: `d${index}`,
      purchaseId: `4b7c4d1e-8f7a-4e63-9a51-${String(index).padStart(12, '0')}`,
      walletId: u1,
      amountCents: 5_000,
      openedAt: at,
    },
  });

  it('the margin: euro received per auracoin issued against the 0.55 € paid per auracoin spent', async () => {
    // 99 € received, 145 auracoin issued (welcome, adjusted, purchased)
    expect((await project(history)).margin).toEqual({
      eurosReceived: 99,
      auracoinIssued: 145,
      eurosPerAuracoinIssued: 0.6828,
      performerEurosPerAuracoin: 0.55,
      marginPerAuracoin: 0.1328,
    });
    expect((await project([])).margin).toMatchObject({ eurosPerAuracoinIssued: null, marginPerAuracoin: null });
  });

  it('card disputes over card payments of the last 30 Italian days, with the networks’ level', async () => {
    // 100 payments in the window (the 30th day back is out of it), one dispute in it, one before it
    const payments = Array.from({ length: 100 }, (_, index) => paid(index, daysAgo(index % 30)));
    const old = [paid(200, daysAgo(30)), paid(201, daysAgo(45)), disputed(201, daysAgo(40))];
    const one = await project([...payments, ...old, disputed(1, daysAgo(3))]);
    expect(one.disputeRatio).toEqual({ days: 30, disputes: 1, cardPayments: 100, percent: 1, level: 'warning' });
    const two = await project([...payments, ...old, disputed(1, daysAgo(3)), disputed(2, daysAgo(29))], {
      replayFrom: 95,
    });
    expect(two.disputeRatio).toEqual({ days: 30, disputes: 2, cardPayments: 100, percent: 2, level: 'alarm' });
    expect((await project(payments)).disputeRatio).toMatchObject({ percent: 0, level: 'ok' });
    expect((await project([])).disputeRatio).toEqual({
      days: 30,
      disputes: 0,
      cardPayments: 0,
      percent: null,
      level: 'ok',
    });
  });
});
