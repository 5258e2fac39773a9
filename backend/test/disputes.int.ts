/**
 * Card disputes end to end (issue 22, item 2; docs/architecture.md#disputes): the sandbox opens and
 * closes disputes with signed webhooks like a provider. A dispute freezes the buyer's wallet
 * (spends: 403 `wallet_frozen`), locks the purchase's unspent auracoin, traces what it paid for
 * and holds the performer's share of it; lost, the locked units are removed and the share taken
 * back; won, all is released. Replayed, unknown and out-of-order webhooks change nothing. The
 * ledger audit passes after each.
 */
import { errorMessages, performerStreams, streams, type DisputeView } from '@aura/contracts';
import { foldWallet } from '../ledger';
import { newId } from '../platform/ids';
import { signatureHeader } from '../platform/payments/signature';
import { disputeEventBody } from '../platform/payments/webhook-event';
import { startTestApp, type TestApp } from './app-harness';
import { approvePhoto, logLength, superadminClient, userClient } from './admin-session';
import { onlinePerformer, type Http } from './session-helpers';

const WEBHOOK_SECRET = 'whsec_test_disputes_suite_secret';
// a loaded machine takes a minute to start the embedded stack
jest.setTimeout(120_000);
let app: TestApp;
let admin: Http;
let packageId: string;
let performer: Awaited<ReturnType<typeof onlinePerformer>> & { photoIds: string[] };

beforeAll(async () => {
  app = await startTestApp({
    SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    BILLING_MINUTE_MS: '60000',
    SESSION_REQUEST_TIMEOUT_MS: '60000',
  });
  admin = await superadminClient(app);
  const pkg = await admin.post('/api/packages', { credits: 100, bonus: 0, price: 99, popular: false });
  expect(pkg.status).toBe(201);
  packageId = pkg.json.id as string;
  const her = await onlinePerformer(app.url, admin, { rate: 2 });
  const photoIds: string[] = [];
  for (const title of ['Alba', 'Tramonto', 'Notte', 'Mare']) {
    const photo = await her.http.post(`/api/performers/${her.id}/photos`, {
      imageUrl: `https://img.example/${title}.jpg`,
      title,
      price: 10,
    });
    expect(photo.status).toBe(201);
    await approvePhoto(admin, photo.json.id as string);
    photoIds.push(photo.json.id as string);
  }
  performer = { ...her, photoIds };
}, 240_000);
afterAll(async () => {
  await app.close();
});

/** A user who bought 100 auracoin through the sandbox checkout (and has his 10 welcome auracoin). */
async function cardBuyer() {
  const user = await userClient(app);
  const created = await user.http.post('/api/purchases', { packageId }, { 'idempotency-key': `buy-${newId()}` });
  expect(created.status).toBe(201);
  const confirmed = await fetch(`${app.url}${created.json.checkoutUrl as string}/confirm`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(confirmed.status).toBe(303);
  return { ...user, purchaseId: created.json.id as string };
}

const buyPhoto = (user: { http: Http }, photoId: string) =>
  user.http.post(`/api/photos/${photoId}/purchase`, undefined, { 'idempotency-key': `photo-${newId()}` });
const wallet = async (userId: string) => foldWallet(await app.infra.eventStore.readStream(streams.wallet(userId)));
async function earnings() {
  await app.settled();
  return (await app.infra.eventStore.readStream(performerStreams.earnings(performer.id))).map((event) => ({
    type: event.type,
    data: event.data as Record<string, unknown>,
  }));
}
async function disputeView(disputeId: string) {
  await app.settled();
  const listed = (await admin.get('/api/admin/disputes')).json as unknown as DisputeView[];
  return listed.find((row) => row.id === disputeId);
}
async function auditClean() {
  // the reactions' appends (her credits, clawbacks, holds) are projected after the batch that caused them
  await app.settled();
  await app.settled();
  const report = await app.audit();
  expect(report.problems).toEqual([]);
}
async function postWebhook(body: string) {
  const response = await fetch(`${app.url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signatureHeader(body, WEBHOOK_SECRET, new Date()),
    },
    body,
  });
  return response.status;
}

describe('card disputes', () => {
  it('freezes the wallet, locks and traces the purchase, holds her share; lost: locked units removed, share taken back', async () => {
    const user = await cardBuyer();
    expect((await buyPhoto(user, performer.photoIds[0]!)).status).toBe(201);
    const opened = await fetch(`${app.url}/api/payments/sandbox/purchases/${user.purchaseId}/dispute`, {
      method: 'POST',
    });
    expect(opened.status).toBe(201);
    const { disputeId } = (await opened.json()) as { disputeId: string };

    // spends are refused with an Italian message; the wallet keeps its units
    const refused = await buyPhoto(user, performer.photoIds[1]!);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'wallet_frozen' });
    expect(String(refused.json.detail)).toContain('contestazione');
    expect(await wallet(user.id)).toMatchObject({
      balance: 10_000,
      purchased: 9_000,
      promotional: 1_000,
      frozen: { [disputeId]: { purchaseId: user.purchaseId, lockedUnits: 9_000 } },
    });

    // the trace: the photo its units paid, her 55% of it held
    const view = await disputeView(disputeId);
    expect(view).toMatchObject({
      status: 'open',
      purchaseId: user.purchaseId,
      userId: user.id,
      lockedAuracoin: 90,
      heldCents: 550,
    });
    expect(view!.trace).toEqual([
      { source: 'photo', sourceId: expect.any(String), performerId: performer.id, units: 1000, shareCents: 550 },
    ]);
    expect((await earnings()).map((event) => event.type)).toEqual([
      'PerformerEarningsCredited',
      'PerformerEarningsHeld',
    ]);
    await auditClean();

    const closed = await admin.post(`/api/payments/sandbox/disputes/${disputeId}/close`, { outcome: 'lost' });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ disputeId, outcome: 'lost' });
    expect(await wallet(user.id)).toMatchObject({ balance: 1_000, purchased: 0, promotional: 1_000, frozen: {} });
    const hers = await earnings();
    expect(hers.at(-1)).toMatchObject({
      type: 'PerformerEarningsClawedBack',
      data: { cause: 'dispute', causeId: disputeId, shareCents: 550 },
    });
    expect(await disputeView(disputeId)).toMatchObject({ status: 'lost' });
    // unfrozen: his welcome auracoin spend again
    expect((await buyPhoto(user, performer.photoIds[1]!)).status).toBe(201);
    await auditClean();
  });

  it('won: the wallet is unfrozen, nothing removed, her held share released', async () => {
    const user = await cardBuyer();
    expect((await buyPhoto(user, performer.photoIds[2]!)).status).toBe(201);
    const opened = await fetch(`${app.url}/api/payments/sandbox/purchases/${user.purchaseId}/dispute`, {
      method: 'POST',
    });
    const { disputeId } = (await opened.json()) as { disputeId: string };
    const closed = await fetch(`${app.url}/api/payments/sandbox/disputes/${disputeId}/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'won' }),
    });
    expect(closed.status).toBe(200);
    expect(await wallet(user.id)).toMatchObject({ balance: 10_000, frozen: {} });
    expect((await earnings()).filter((event) => event.data.disputeId === disputeId).map((event) => event.type)).toEqual(
      ['PerformerEarningsHeld', 'PerformerEarningsReleased'],
    );
    expect(await disputeView(disputeId)).toMatchObject({ status: 'won' });
    expect((await buyPhoto(user, performer.photoIds[3]!)).status).toBe(201);
    await auditClean();
  });

  it('a replayed, unknown or out-of-order webhook records nothing twice and nothing it cannot place', async () => {
    const user = await cardBuyer();
    const dp = `dp_replay_${newId()}`;
    const body = (
      type: 'charge.dispute.created' | 'charge.dispute.closed',
      status: string,
      purchaseId = user.purchaseId,
    ) =>
      disputeEventBody({
        eventId: `evt_${newId()}`,
        type,
        disputeId: dp,
        paymentId: `pi_test_${purchaseId}`,
        purchaseId,
        amountCents: 9900,
        status,
      });
    await app.settled();
    let length = await logLength(app);
    // closed before it was opened: received, ignored
    expect(await postWebhook(body('charge.dispute.closed', 'lost'))).toBe(200);
    // a dispute of a purchase nobody made
    expect(
      await postWebhook(
        disputeEventBody({
          eventId: 'evt_unknown',
          type: 'charge.dispute.created',
          disputeId: `dp_${newId()}`,
          paymentId: 'pi_nobody',
          purchaseId: newId(),
          amountCents: 100,
          status: 'needs_response',
        }),
      ),
    ).toBe(200);
    await app.settled();
    expect(await logLength(app)).toBe(length);

    const created = body('charge.dispute.created', 'needs_response');
    expect(await postWebhook(created)).toBe(200);
    await app.settled();
    length = await logLength(app);
    expect(await postWebhook(created)).toBe(200);
    const lost = body('charge.dispute.closed', 'lost');
    expect(await postWebhook(lost)).toBe(200);
    await app.settled();
    const afterClose = await logLength(app);
    expect(afterClose).toBeGreaterThan(length);
    expect(await postWebhook(lost)).toBe(200);
    expect(await postWebhook(body('charge.dispute.closed', 'won'))).toBe(200);
    await app.settled();
    expect(await logLength(app)).toBe(afterClose);
    expect(await wallet(user.id)).toMatchObject({ balance: 1_000, frozen: {} });
    // an unsigned one is refused
    const unsigned = await fetch(`${app.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: created,
    });
    expect(unsigned.status).toBe(400);
    await auditClean();
  });

  it('a sale paid by a disputed purchase is not refunded (409 sale_disputed); a refund and a dispute at once leave nothing spendable twice', async () => {
    const openDispute = async (purchaseId: string) => {
      const opened = await fetch(`${app.url}/api/payments/sandbox/purchases/${purchaseId}/dispute`, { method: 'POST' });
      expect(opened.status).toBe(201);
      return ((await opened.json()) as { disputeId: string }).disputeId;
    };
    const refund = (saleId: string) =>
      admin.post('/api/admin/refunds', { kind: 'photo', id: saleId, reason: 'Foto sfocata' });
    const user = await cardBuyer();
    const sale = await buyPhoto(user, performer.photoIds[0]!);
    expect(sale.status).toBe(201);
    const disputeId = await openDispute(user.purchaseId);
    const refused = await refund(sale.json.purchaseId as string);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'sale_disputed' });
    expect(String(refused.json.detail)).toBe(errorMessages.sale_disputed);
    // won: the card money stays with us, the sale may be refunded, and its units go back to the purchase's lot
    expect((await admin.post(`/api/payments/sandbox/disputes/${disputeId}/close`, { outcome: 'won' })).status).toBe(
      200,
    );
    expect((await refund(sale.json.purchaseId as string)).status).toBe(201);
    expect((await wallet(user.id)).lots).toEqual([
      { purchaseId: user.purchaseId, units: 9_000 },
      { purchaseId: user.purchaseId, units: 1_000, refunded: true },
    ]);

    // at once, on another buyer: whichever the wallet takes first, the other is decided on it
    const other = await cardBuyer();
    const otherSale = await buyPhoto(other, performer.photoIds[1]!);
    const [refunded, otherDispute] = await Promise.all([
      refund(otherSale.json.purchaseId as string),
      openDispute(other.purchaseId),
    ]);
    expect([201, 409]).toContain(refunded.status);
    expect(await wallet(other.id)).toMatchObject({
      purchased: 10_000 - (refunded.status === 201 ? 0 : 1_000),
      frozen: { [otherDispute]: { lockedUnits: 10_000 - (refunded.status === 201 ? 0 : 1_000) } },
    });
    expect((await admin.post(`/api/payments/sandbox/disputes/${otherDispute}/close`, { outcome: 'lost' })).status).toBe(
      200,
    );
    // lost: nothing of the purchase is left, refunded or not
    expect(await wallet(other.id)).toMatchObject({ purchased: 0, lots: [], frozen: {} });
    await auditClean();
  });

  it('the sandbox refuses a dispute of a purchase not paid, and a close of an unknown dispute', async () => {
    const opened = await fetch(`${app.url}/api/payments/sandbox/purchases/${newId()}/dispute`, { method: 'POST' });
    expect(opened.status).toBe(404);
    const unknown = await admin.post(`/api/payments/sandbox/disputes/${newId()}/close`, { outcome: 'lost' });
    expect(unknown.status).toBe(404);
    const bad = await admin.post(`/api/payments/sandbox/disputes/${newId()}/close`, { outcome: 'maybe' });
    expect(bad.status).toBe(400);
  });
});
