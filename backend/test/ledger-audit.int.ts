/**
 * The auditor against real stores, as an operator runs it (`npm run ledger:audit`, a process): a
 * history the product made itself (a paid message, a photo sale, a private session, a paid
 * payout) passes; then each kind of corruption, written straight into a copy of that store behind
 * the deciders' back, makes the audit exit non-zero and name the stream. On PGlite the wrong event
 * is appended through the store; on PostgreSQL a row is inserted by SQL into the events table.
 * The process runs where the process is the point (nothing to audit, a history on each engine);
 * the corrupted copies are audited by the same code in this process (`ledgerAuditRun`, what the
 * process runs), as a process spends some four seconds of CPU loading before it reads a thing.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { payoutStreams, payoutWeekOf, performerShareCents, performerStreams, streams } from '@aura/contracts';
import { earningsAccountOf, foldWallet } from '../ledger';
import { payoutIdFor } from '../ledger';
import { ledgerAuditRun } from '../entry/ledger-audit-run';
import { loadConfig } from '../platform/config/config';
import { createPgliteEventStore } from '../platform/eventstore/pglite';
import type { EventStore, StoredEvent } from '../platform/eventstore/port';
import { createPostgresEventStore } from '../platform/eventstore/postgres';
import { newId } from '../platform/ids';
import { send, superadminClient } from './admin-session';
import { photoBoughtWithPurchasedUnits } from './doubles/ledger-events';
import { client, startTestApp, type TestApp } from './app-harness';
import {
  fundedUser,
  joinSession,
  onlinePerformer,
  scratchDatabase,
  socketFor,
  waitForSession,
  type Http,
} from './session-helpers';

const root = path.resolve(__dirname, '../..');
const DAY_MS = 24 * 60 * 60_000;

/** `npm run ledger:audit` as a process, on the store `env` names. */
function runCli(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'backend/entry/ledger-audit.ts')], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      REDIS_URL: '',
      MONGO_URL: '',
      EVENTSTORE_URL: '',
      ...env,
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** The same audit in this process: `ledgerAuditRun` on the stores `env` names, its output and exit code as the process's. */
async function runInProcess(env: Record<string, string>): Promise<Answer> {
  let stdout = '';
  let stderr = '';
  const status = await ledgerAuditRun(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', ...env }), {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { status, stdout, stderr };
}

type Answer = { status: number | null; stdout: string; stderr: string };

describe('ledger audit without a log', () => {
  it('says so and exits non-zero on a missing or empty DATA_DIR, instead of reporting OK', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-audit-'));
    try {
      const missing = runCli({ DATA_DIR: path.join(dataDir, 'no-such-folder') });
      expect(missing.status).not.toBe(0);
      expect(missing.stderr).toContain('nothing to audit');
      expect(missing.stdout).not.toContain('OK');
      const empty = await runInProcess({ DATA_DIR: dataDir });
      expect(empty.status).not.toBe(0);
      expect(empty.stderr).toContain('nothing to audit');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

interface History {
  userId: string;
  performerId: string;
  sessionId: string;
  /** a card buyer whose photo was refunded, then whose card payment was disputed and lost */
  cardBuyerId: string;
  /** when the history was made (the app's clock) */
  at: Date;
}

/**
 * A history as the product makes it, on the store `env` names: a user pays a message, buys a photo
 * and has a private session of two minutes with a performer; a card buyer's photo is refunded, then
 * his card payment is disputed and the dispute lost; two weeks later her week is paid.
 */
async function makeHistory(env: Record<string, string>): Promise<History> {
  let offsetMs = 0;
  const app = await startTestApp(
    { BILLING_MINUTE_MS: '300', PAYOUT_MINIMUM_EUR: '1', PAYOUT_RESERVE_DAYS: '7', ...env },
    { now: () => new Date(Date.now() + offsetMs) },
  );
  try {
    await app.seedDemo();
    const admin = await superadminClient(app);
    const performer = await onlinePerformer(app.url, admin, { rate: 1 });
    const user = await fundedUser(app, admin, 200);
    const at = new Date();

    expect(
      (await send(performer.http, 'PATCH', `${app.url}/api/performers/${performer.id}`, { messagePrice: 1 })).status,
    ).toBe(200);
    const conversation = await user.http.post('/api/conversations', { performerId: performer.id });
    expect(conversation.status).toBe(201);
    const message = { conversationId: conversation.json.id, senderId: user.id, senderType: 'user', content: 'Ciao!' };
    expect((await user.http.post('/api/messages', message, { 'idempotency-key': 'audit-message-1' })).status).toBe(201);

    const giulia = client(app.url);
    const giuliaId = (
      await giulia.post('/api/performer/login', { username: 'giulia.rossi', password: 'demo-performer' })
    ).json.id as string;
    const photos = (await client(app.url).get(`/api/performers/${giuliaId}/photos`)).json as unknown as {
      id: string;
    }[];
    expect(
      (await user.http.post(`/api/photos/${photos[0]!.id}/purchase`, undefined, { 'idempotency-key': 'audit-photo-1' }))
        .status,
    ).toBe(201);

    const requested = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(requested.status).toBe(201);
    const sessionId = requested.json.id as string;
    const userSocket = await socketFor(app.url, user.http);
    const performerSocket = await socketFor(app.url, performer.http);
    try {
      await joinSession(userSocket, sessionId);
      expect((await performer.http.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
      await joinSession(performerSocket, sessionId);
      await waitForSession(user.http, sessionId, (view) => view.minutesBilled >= 2);
      expect((await user.http.post(`/api/sessions/${sessionId}/end`)).status).toBe(200);
    } finally {
      userSocket.close();
      performerSocket.close();
    }

    const cardBuyerId = await refundThenLostChargeback(app, admin, photos[1]!.id);

    const details = { method: 'iban', holderName: 'Performer Audit', iban: 'IT60 X054 2811 1010 0000 0123 456' };
    expect(
      (await send(performer.http, 'PUT', `${app.url}/api/performers/${performer.id}/payout-details`, details)).status,
    ).toBe(200);
    await app.settled();
    offsetMs = 15 * DAY_MS;
    expect((await admin.post('/api/admin/payouts/run', {})).status).toBe(202);
    const paid = async () =>
      (
        (await performer.http.get(`/api/performers/${performer.id}/payouts`)).json as unknown as { status: string }[]
      ).some((payout) => payout.status === 'paid');
    for (const deadline = Date.now() + 20_000; !(await paid());) {
      if (Date.now() > deadline) throw new Error('the payout was not paid in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await app.settled();
    return { userId: user.id, performerId: performer.id, sessionId, cardBuyerId, at };
  } finally {
    await app.close();
  }
}

/**
 * Refund, then a lost chargeback (issue 38 item 1): a buyer pays a package by card, buys a photo
 * with it, an admin refunds the photo, then the card payment is disputed and the dispute lost. The
 * refunded auracoin went back to the purchase's lot, so the lost dispute removes them too: nothing
 * of the purchase is left. Answers the buyer's id.
 */
async function refundThenLostChargeback(app: TestApp, admin: Http, photoId: string): Promise<string> {
  const buyer = await fundedUser(app, admin, 0);
  const packages = (await client(app.url).get('/api/packages')).json as unknown as { id: string }[];
  const checkout = await buyer.http.post(
    '/api/purchases',
    { packageId: packages[0]!.id },
    { 'idempotency-key': 'audit-card-1' },
  );
  expect(checkout.status).toBe(201);
  const paid = await fetch(`${app.url}${checkout.json.checkoutUrl as string}/confirm`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const sale = await buyer.http.post(`/api/photos/${photoId}/purchase`, undefined, {
    'idempotency-key': 'audit-photo-2',
  });
  expect(sale.status).toBe(201);
  const refunded = await admin.post('/api/admin/refunds', {
    kind: 'photo',
    id: sale.json.purchaseId,
    reason: 'Foto sfocata',
  });
  expect(refunded.status).toBe(201);
  const opened = await fetch(`${app.url}/api/payments/sandbox/purchases/${checkout.json.id as string}/dispute`, {
    method: 'POST',
  });
  expect(opened.status).toBe(201);
  const { disputeId } = (await opened.json()) as { disputeId: string };
  expect((await admin.post(`/api/payments/sandbox/disputes/${disputeId}/close`, { outcome: 'lost' })).status).toBe(200);
  const wallet = foldWallet(await app.infra.eventStore.readStream(streams.wallet(buyer.id)));
  expect(wallet).toMatchObject({ purchased: 0, lots: [], frozen: {} });
  return buyer.id;
}

type Wrong = { streamId: string; type: string; data: Record<string, unknown> };

/** One corruption: the wrong events it writes, and what the audit must say of which stream. */
interface Corruption {
  name: string;
  wrong(log: StoredEvent[], history: History, store: EventStore): Promise<Wrong[]>;
  /** the stream named in the report, and (a part of) the problem it names */
  names: (history: History, wrongs: Wrong[]) => { stream: string; problem: string };
}

const dataOf = (event: StoredEvent) => event.data as Record<string, unknown>;
const creditOf = (log: StoredEvent[], source: string) =>
  log.find((event) => event.type === 'PerformerEarningsCredited' && dataOf(event).source === source)!;
const iso = (ms: number) => new Date(ms).toISOString();

/** A paid message on his wallet with its debit, as a spend appends it, and the credit `shareCents` gives her. */
function messageSale(history: History, grossUnits: number, shareCents: number): Wrong[] {
  const messageId = newId();
  const at = history.at.toISOString();
  return [
    {
      streamId: streams.wallet(history.userId),
      type: 'MessageSent',
      data: {
        messageId,
        conversationId: newId(),
        performerId: history.performerId,
        userId: history.userId,
        identityId: history.userId,
        senderType: 'user',
        content: 'ciao',
        priceUnits: grossUnits,
        sentAt: at,
      },
    },
    {
      streamId: streams.wallet(history.userId),
      type: 'AuracoinDebited',
      data: { walletId: history.userId, amount: grossUnits, reason: 'message', reference: messageId, debitedAt: at },
    },
    {
      streamId: performerStreams.earnings(history.performerId),
      type: 'PerformerEarningsCredited',
      data: {
        performerId: history.performerId,
        source: 'message',
        sourceId: messageId,
        grossUnits,
        shareCents,
        creditedAt: at,
      },
    },
  ];
}

/**
 * Promotional units (docs/architecture.md#promotional-units): an admin gives him 10 promotional
 * auracoin (recorded as the rule says), then a paid message for 5 auracoin more than his purchased
 * ones. `claimed` is how many purchased units the sale and its debit say paid for it, `shareOn` the
 * units her credit's share is computed on; the rule pays his purchased units first, then 500 promotional.
 */
function promotionalSale(
  log: StoredEvent[],
  history: History,
  wrong: (purchased: number) => { claimed: number; shareOn: number },
): Wrong[] {
  const wallet = foldWallet(log.filter((event) => event.streamId === streams.wallet(history.userId)));
  const at = history.at.toISOString();
  const grossUnits = wallet.purchased + 500;
  const { claimed, shareOn } = wrong(wallet.purchased);
  const messageId = newId();
  return [
    {
      streamId: streams.wallet(history.userId),
      type: 'AuracoinAdjusted',
      data: {
        walletId: history.userId,
        amount: 1000,
        balanceBefore: wallet.balance,
        balanceAfter: wallet.balance + 1000,
        adminId: newId(),
        purchasedAmount: 0,
        promotionalAmount: 1000,
        adjustedAt: at,
      },
    },
    {
      streamId: streams.wallet(history.userId),
      type: 'MessageSent',
      data: {
        messageId,
        conversationId: newId(),
        performerId: history.performerId,
        userId: history.userId,
        identityId: history.userId,
        senderType: 'user',
        content: 'ciao',
        priceUnits: grossUnits,
        purchasedUnits: claimed,
        promotionalUnits: grossUnits - claimed,
        sentAt: at,
      },
    },
    {
      streamId: streams.wallet(history.userId),
      type: 'AuracoinDebited',
      data: {
        walletId: history.userId,
        amount: grossUnits,
        reason: 'message',
        reference: messageId,
        purchasedAmount: claimed,
        promotionalAmount: grossUnits - claimed,
        debitedAt: at,
      },
    },
    {
      streamId: performerStreams.earnings(history.performerId),
      type: 'PerformerEarningsCredited',
      data: {
        performerId: history.performerId,
        source: 'message',
        sourceId: messageId,
        grossUnits,
        purchasedUnits: claimed,
        shareCents: performerShareCents(shareOn),
        creditedAt: at,
      },
    },
  ];
}

/**
 * Refund, then a lost chargeback, as a log where the refund gave back units of no purchase (as
 * refunds were credited before they named their lots): the card buyer pays 10 auracoin by card,
 * buys her photo with them, the photo is refunded, the card payment is disputed and lost; the
 * dispute could lock and remove nothing, so the refunded units stay spendable.
 */
function refundedThenLost(history: History): Wrong[] {
  const walletId = history.cardBuyerId;
  const wallet = streams.wallet(walletId);
  const earnings = performerStreams.earnings(history.performerId);
  const [purchaseId, saleId, photoId, refundId, disputeId] = [newId(), newId(), newId(), newId(), newId()];
  const at = history.at.toISOString();
  const sale = { grossUnits: 1000, purchasedUnits: 1000 };
  return [
    {
      streamId: wallet,
      type: 'AuracoinPurchased',
      data: {
        purchaseId,
        walletId,
        packageId: newId(),
        credits: 10,
        amount: 1000,
        priceCents: 990,
        provider: 'sandbox',
        providerPaymentId: `pi_forged_${purchaseId}`,
        purchasedAt: at,
      },
    },
    {
      streamId: wallet,
      type: 'AuracoinCredited',
      data: { walletId, amount: 1000, reason: 'purchase', purchaseId, creditedAt: at },
    },
    ...photoBoughtWithPurchasedUnits({
      saleId,
      walletId,
      photoId,
      performerId: history.performerId,
      units: 1000,
      at,
    }).map((event) => ({ streamId: wallet, ...event })),
    {
      streamId: earnings,
      type: 'PerformerEarningsCredited',
      data: {
        performerId: history.performerId,
        source: 'photo',
        sourceId: saleId,
        ...sale,
        shareCents: 550,
        creditedAt: at,
      },
    },
    {
      streamId: wallet,
      type: 'SaleRefunded',
      data: {
        refundId,
        walletId,
        kind: 'photo',
        saleId,
        performerId: history.performerId,
        amount: 1000,
        purchasedAmount: 1000,
        promotionalAmount: 0,
        saleGrossUnits: 1000,
        salePurchasedUnits: 1000,
        refundedBeforeUnits: 0,
        refundedPurchasedBeforeUnits: 0,
        clawbackCents: 550,
        reason: 'Foto sfocata',
        adminId: newId(),
        refundedAt: at,
      },
    },
    {
      streamId: wallet,
      type: 'AuracoinCredited',
      data: {
        walletId,
        amount: 1000,
        reason: 'refund',
        reference: refundId,
        purchasedAmount: 1000,
        promotionalAmount: 0,
        creditedAt: at,
      },
    },
    {
      streamId: earnings,
      type: 'PerformerEarningsClawedBack',
      data: {
        performerId: history.performerId,
        cause: 'refund',
        causeId: refundId,
        source: 'photo',
        sourceId: saleId,
        shareCents: 550,
        reason: 'Foto sfocata',
        clawedBackAt: at,
      },
    },
    {
      streamId: wallet,
      type: 'WalletFrozen',
      data: { walletId, disputeId, purchaseId, lockedUnits: 0, trace: [], frozenAt: at },
    },
    {
      streamId: wallet,
      type: 'WalletUnfrozen',
      data: { walletId, disputeId, outcome: 'lost', removedUnits: 0, unfrozenAt: at },
    },
  ];
}

const corruptions: Corruption[] = [
  {
    name: 'a spend claiming more purchased units than the wallet had',
    // all of it said purchased, though 500 units of it could only be promotional
    wrong: async (log, history) =>
      promotionalSale(log, history, (purchased) => ({ claimed: purchased + 500, shareOn: purchased + 500 })),
    names: (history) => ({ stream: streams.wallet(history.userId), problem: 'purchased first, the wallet gives' }),
  },
  {
    name: 'a share computed on promotional units',
    // the split is right, her share is 55% of the whole gross, welcome-like units included
    wrong: async (log, history) =>
      promotionalSale(log, history, (purchased) => ({ claimed: purchased, shareOn: purchased + 500 })),
    names: (history) => ({ stream: performerStreams.earnings(history.performerId), problem: 'on its purchased part' }),
  },
  {
    name: 'a second credit of one sale',
    wrong: async (log) => [
      {
        streamId: creditOf(log, 'message').streamId,
        type: 'PerformerEarningsCredited',
        data: dataOf(creditOf(log, 'message')),
      },
    ],
    names: (history) => ({ stream: performerStreams.earnings(history.performerId), problem: 'credited again' }),
  },
  {
    name: 'a share off by a cent',
    // 1.50 auracoin: 55% is 82 cents (rounded down), credited as 83
    wrong: async (_log, history) => messageSale(history, 150, 83),
    names: (history) => ({
      stream: performerStreams.earnings(history.performerId),
      problem: 'the share rule gives 82',
    }),
  },
  {
    name: 'a photo credited at 100%',
    wrong: async (log) => {
      const sale = log.find((event) => event.type === 'PhotoPurchased')!;
      const data = dataOf(sale);
      const at = String(data.purchasedAt);
      const purchaseId = newId();
      const walletId = String(data.walletId);
      return [
        { streamId: sale.streamId, type: 'PhotoPurchased', data: { ...data, purchaseId } },
        {
          streamId: sale.streamId,
          type: 'AuracoinDebited',
          data: { walletId, amount: data.priceUnits, reason: 'photo', reference: data.photoId, debitedAt: at },
        },
        {
          streamId: performerStreams.earnings(String(data.performerId)),
          type: 'PerformerEarningsCredited',
          data: {
            performerId: data.performerId,
            source: 'photo',
            sourceId: purchaseId,
            grossUnits: data.priceUnits,
            shareCents: data.priceUnits,
            creditedAt: at,
          },
        },
      ];
    },
    names: (_history, wrongs) => ({ stream: wrongs[2]!.streamId, problem: 'the share rule gives' }),
  },
  {
    name: 'a payout of earnings inside the reserve',
    wrong: async (_log, history, store) => {
      // a sale credited now, paid by a run asked for an hour later with a 7-day reserve
      const sale = messageSale(history, 1000, 550);
      const creditedAt = Date.now();
      sale[2]!.data.creditedAt = iso(creditedAt);
      const account = await earningsAccountOf(store, history.performerId);
      const runId = newId();
      const periodEnd = iso(creditedAt + DAY_MS);
      const requestedAt = iso(creditedAt + 60 * 60_000);
      const reserveDays = 7;
      const cutoff = iso(Math.min(Date.parse(periodEnd), Date.parse(requestedAt) - reserveDays * DAY_MS));
      const week = new Date(creditedAt);
      return [
        ...sale,
        {
          streamId: payoutStreams.run(runId),
          type: 'PayoutRunRequested',
          data: {
            runId,
            trigger: 'admin',
            adminId: newId(),
            periodEnd,
            requestedAt,
            minimumCents: 100,
            reserveDays,
            cutoff,
          },
        },
        {
          streamId: performerStreams.earnings(history.performerId),
          type: 'PayoutScheduled',
          data: {
            payoutId: payoutIdFor(history.performerId, periodEnd),
            performerId: history.performerId,
            runId,
            periodEnd,
            amountCents: 550,
            weeks: [{ weekStart: payoutWeekOf(week).weekStart, amountCents: 550 }],
            credits: [account.creditCount],
            method: 'iban',
            holderName: 'Performer Audit',
            destination: 'IT60 •••• 3456',
            scheduledAt: requestedAt,
          },
        },
      ];
    },
    names: (history) => ({
      stream: performerStreams.earnings(history.performerId),
      problem: 'inside the 7-day reserve',
    }),
  },
  {
    name: 'a minute billed twice',
    wrong: async (log, history) => {
      const billed = log.find(
        (event) =>
          event.type === 'SessionMinuteBilled' &&
          dataOf(event).sessionId === history.sessionId &&
          dataOf(event).minute === 1,
      )!;
      const debit = log.find((event) => event.streamId === billed.streamId && event.revision === billed.revision + 1)!;
      return [
        { streamId: billed.streamId, type: billed.type, data: dataOf(billed) },
        { streamId: debit.streamId, type: debit.type, data: dataOf(debit) },
      ];
    },
    names: (history) => ({ stream: streams.wallet(history.userId), problem: 'recorded twice' }),
  },
  {
    name: 'a lost dispute leaving refunded units spendable',
    wrong: async (_log, history) => refundedThenLost(history),
    names: (history, wrongs) => ({
      stream: streams.wallet(history.cardBuyerId),
      problem: `purchase ${String(wrongs[0]!.data.purchaseId)}: its dispute was lost`,
    }),
  },
  {
    name: 'a debit with no reason',
    wrong: async (_log, history) => [
      {
        streamId: streams.wallet(history.userId),
        type: 'AuracoinDebited',
        data: { walletId: history.userId, amount: 100, debitedAt: history.at.toISOString() },
      },
    ],
    names: (history) => ({ stream: streams.wallet(history.userId), problem: 'without a reason and a reference' }),
  },
];

function expectCaught(answer: Answer, named: { stream: string; problem: string }) {
  expect(answer.stdout).toContain('FAILED');
  const lines = answer.stdout.split('\n').filter((line) => line.includes(named.problem));
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.some((line) => line.trim().startsWith(named.stream))).toBe(true);
  expect(answer.status).toBe(1);
}

describe('ledger audit on PGlite: a history the product made, then each corruption appended to a copy', () => {
  let base: string;
  let history: History;
  const copies: string[] = [];
  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'aura-audit-pglite-'));
    history = await makeHistory({ DATA_DIR: base });
  }, 120_000);
  afterAll(async () => {
    for (const dir of [base, ...copies]) await rm(dir, { recursive: true, force: true });
  });

  it('passes the history as the product made it', () => {
    const answer = runCli({ DATA_DIR: base });
    expect(answer.stdout).toContain('OK:');
    expect(answer.stdout).toMatch(/paid chat messages: 1,/);
    // his photo, and the card buyer's (refunded, then its card payment charged back)
    expect(answer.stdout).toMatch(/photo sales: 2,/);
    expect(answer.stdout).toMatch(/private session charges: [1-9]/);
    expect(answer.stdout).toMatch(
      /refunds: [1-9]\d*, disputes: [1-9]\d* \(lost [1-9]\d*\), card payments: [1-9]\d*, euros reconciled: /,
    );
    expect(answer.status).toBe(0);
  });

  it.each(corruptions.map((corruption) => [corruption.name, corruption] as const))(
    'catches %s and names the stream',
    async (_name, corruption) => {
      const copy = await mkdtemp(path.join(tmpdir(), 'aura-audit-pglite-copy-'));
      copies.push(copy);
      await cp(base, copy, { recursive: true });
      const store = await createPgliteEventStore({ dataDir: path.join(copy, 'eventstore') });
      let wrongs: Wrong[];
      try {
        wrongs = await corruption.wrong(await store.readAll(), history, store);
        for (const wrong of wrongs) {
          await store.appendToStream(
            wrong.streamId,
            [{ id: newId(), type: wrong.type, data: wrong.data, metadata: { forged: true } }],
            { expectedRevision: 'any' },
          );
        }
      } finally {
        await store.close();
      }
      expectCaught(await runInProcess({ DATA_DIR: copy }), corruption.names(history, wrongs));
    },
    60_000,
  );
});

const databaseUrl = process.env.DATABASE_URL;
const describeWithPostgres = databaseUrl ? describe : describe.skip;
if (!databaseUrl) process.stdout.write('\n[skip] ledger audit on PostgreSQL: no DATABASE_URL (PostgreSQL) set\n');

describeWithPostgres(
  'ledger audit on PostgreSQL: a history the product made, then each corruption inserted by SQL into a copy',
  () => {
    let base: Awaited<ReturnType<typeof scratchDatabase>>;
    let dataDir: string;
    let history: History;
    const admin = new pg.Client({ connectionString: databaseUrl });
    const copies: string[] = [];
    beforeAll(async () => {
      base = await scratchDatabase(databaseUrl!, 'aura_audit');
      dataDir = await mkdtemp(path.join(tmpdir(), 'aura-audit-pg-'));
      history = await makeHistory({ DATA_DIR: dataDir, DATABASE_URL: base.url });
      await admin.connect();
    }, 120_000);
    afterAll(async () => {
      for (const name of copies) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await base.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    const urlOf = (name: string) => {
      const parsed = new URL(base.url);
      parsed.pathname = `/${name}`;
      return parsed.toString();
    };

    it('passes the history as the product made it', () => {
      const answer = runCli({ DATA_DIR: dataDir, DATABASE_URL: base.url });
      expect(answer.stdout).toContain('OK:');
      // the refund, then the lost chargeback, on PostgreSQL: nothing of the purchase left, its euros reconciled
      expect(answer.stdout).toMatch(
        /refunds: [1-9]\d*, disputes: [1-9]\d* \(lost [1-9]\d*\), card payments: [1-9]\d*, euros reconciled: /,
      );
      expect(answer.status).toBe(0);
    });

    it.each(corruptions.map((corruption) => [corruption.name, corruption] as const))(
      'catches %s inserted by SQL and names the stream',
      async (_name, corruption) => {
        const name = `${new URL(base.url).pathname.slice(1)}_${copies.length}`;
        copies.push(name);
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${new URL(base.url).pathname.slice(1)}`);
        const store = await createPostgresEventStore({ connectionString: urlOf(name) });
        let wrongs: Wrong[];
        try {
          wrongs = await corruption.wrong(await store.readAll(), history, store);
        } finally {
          await store.close();
        }
        const sql = new pg.Client({ connectionString: urlOf(name) });
        await sql.connect();
        try {
          for (const wrong of wrongs) {
            await sql.query(
              `insert into events (position, stream_id, revision, event_id, type, data, metadata)
           values ((select coalesce(max(position), 0) + 1 from events), $1,
             (select coalesce(max(revision), -1) + 1 from events where stream_id = $1), $2, $3, $4, '{}')`,
              [wrong.streamId, newId(), wrong.type, JSON.stringify(wrong.data)],
            );
          }
        } finally {
          await sql.end();
        }
        expectCaught(
          await runInProcess({ DATA_DIR: dataDir, DATABASE_URL: urlOf(name) }),
          corruption.names(history, wrongs),
        );
      },
      60_000,
    );
  },
);
