/**
 * Refunds end to end (issue 22, item 1; docs/architecture.md#refunds): an admin refunds a private
 * session, a paid message and a photo sale, whole or in part, within the window; the user's wallet
 * gets each kind back as it was paid, her share of the refunded part is taken back from her
 * earnings (a debt when it was paid already), the buyer hears of it, and the audit passes. Bad
 * input, past the window, above the sale, twice at once, a tip: a clear 4xx and nothing refunded.
 */
import {
  errorMessages,
  performerStreams,
  streams,
  type LedgerEntryView,
  type RefundableSaleView,
  type RefundListItem,
  type RefundView,
  type StatementDetail,
  type StatementView,
} from '@aura/contracts';
import { foldWallet } from '../ledger';
import { client, startTestApp, type TestApp } from './app-harness';
import { approvePhoto, fund, logLength, send, superadminClient, userClient } from './admin-session';
import { onlinePerformer, socketFor, type Http } from './session-helpers';

let clock = new Date('2026-11-18T10:00:00.000Z');
// a loaded machine takes a minute to start the embedded stack
jest.setTimeout(120_000);
let app: TestApp;
let admin: Http;

beforeAll(async () => {
  app = await startTestApp(
    {
      BILLING_MINUTE_MS: '60000',
      SESSION_REQUEST_TIMEOUT_MS: '60000',
      PAYOUT_MINIMUM_EUR: '0',
      PAYOUT_RESERVE_DAYS: '0',
    },
    { now: () => clock },
  );
  admin = await superadminClient(app);
}, 240_000);
afterAll(async () => {
  await app.close();
});

async function performerSelling() {
  const performer = await onlinePerformer(app.url, admin, { rate: 2 });
  expect(
    (await send(performer.http, 'PATCH', `${app.url}/api/performers/${performer.id}`, { messagePrice: 3 })).status,
  ).toBe(200);
  const photo = await performer.http.post(`/api/performers/${performer.id}/photos`, {
    imageUrl: 'https://img.example/refund.jpg',
    title: 'Tramonto',
    price: 10,
  });
  expect(photo.status).toBe(201);
  await approvePhoto(admin, photo.json.id as string);
  return { ...performer, photoId: photo.json.id as string };
}

/** A user with `purchased` auracoin bought by card and his 10 welcome auracoin. */
async function buyer(purchased: number) {
  const user = await userClient(app);
  if (purchased > 0) await fund(app, user.id, purchased);
  return user;
}

const refund = (body: unknown, as: Http = admin) => as.post('/api/admin/refunds', body);
const wallet = async (userId: string) => foldWallet(await app.infra.eventStore.readStream(streams.wallet(userId)));
async function earnings(performerId: string) {
  await app.settled();
  return (await app.infra.eventStore.readStream(performerStreams.earnings(performerId))).map((event) => ({
    type: event.type,
    data: event.data as Record<string, unknown>,
  }));
}
async function auditClean() {
  // the reactions' appends (her credits, clawbacks, holds) are projected after the batch that caused them
  await app.settled();
  await app.settled();
  const report = await app.audit();
  expect(report.problems).toEqual([]);
}

async function buyPhoto(user: { http: Http }, photoId: string) {
  const bought = await user.http.post(`/api/photos/${photoId}/purchase`, undefined, {
    'idempotency-key': `photo-${photoId}`,
  });
  expect(bought.status).toBe(201);
  expect(bought.json.purchaseId).toEqual(expect.any(String));
  return bought.json.purchaseId as string;
}

async function paidMessage(user: { http: Http; id: string }, performerId: string) {
  const conversation = await user.http.post('/api/conversations', { performerId });
  const sent = await user.http.post('/api/messages', {
    conversationId: conversation.json.id,
    senderId: user.id,
    senderType: 'user',
    content: 'Ciao, rimborsami!',
  });
  expect(sent.status).toBe(201);
  return sent.json.id as string;
}

describe('refunds', () => {
  it('a photo refunded whole gives back each kind as paid and takes her whole share back from unpaid earnings', async () => {
    const performer = await performerSelling();
    // 4 purchased + 10 welcome: the 10-auracoin photo takes 4 purchased and 6 promotional
    const user = await buyer(4);
    const purchaseId = await buyPhoto(user, performer.photoId);
    const before = await wallet(user.id);
    expect(before).toMatchObject({ balance: 400, purchased: 0, promotional: 400 });

    const socket = await socketFor(app.url, user.http);
    const toast = new Promise<{ amount: number; kind: string }>((resolve) => socket.on('refund:issued', resolve));
    const answer = await refund({ kind: 'photo', id: purchaseId, reason: 'Foto non corrispondente alla descrizione' });
    expect(answer.status).toBe(201);
    const view = answer.json as unknown as RefundView;
    expect(view).toMatchObject({
      kind: 'photo',
      saleId: purchaseId,
      userId: user.id,
      performerId: performer.id,
      amount: 10,
      purchased: 4,
      promotional: 6,
      saleAmount: 10,
      clawbackCents: 220,
    });
    expect(await toast).toMatchObject({ amount: 10, kind: 'photo' });
    socket.close();

    expect(await wallet(user.id)).toMatchObject({ balance: 1400, purchased: 400, promotional: 1000 });
    const hers = await earnings(performer.id);
    expect(hers.map((event) => event.type)).toEqual(['PerformerEarningsCredited', 'PerformerEarningsClawedBack']);
    expect(hers[1]!.data).toMatchObject({ cause: 'refund', source: 'photo', sourceId: purchaseId, shareCents: 220 });

    // he sees it in his ledger, she in her statement with the reason
    const ledger = (await user.http.get(`/api/users/${user.id}/ledger`)).json as unknown as LedgerEntryView[];
    expect(ledger[0]).toMatchObject({
      type: 'AuracoinCredited',
      reason: 'refund',
      amount: 10,
      purchased: 4,
      promotional: 6,
      reference: view.id,
    });
    const statements = (await performer.http.get(`/api/performers/${performer.id}/statements`))
      .json as unknown as StatementView[];
    expect(statements[0]).toMatchObject({ shareCents: 220, clawedBackCents: 220, unpaidCents: 0 });
    const detail = (await performer.http.get(`/api/performers/${performer.id}/statements/${statements[0]!.weekStart}`))
      .json as unknown as StatementDetail;
    expect(detail.lines.find((line) => line.kind === 'refund')).toMatchObject({
      shareCents: -220,
      reason: 'Foto non corrispondente alla descrizione',
    });

    // the list, newest first
    const listed = (await admin.get('/api/admin/refunds')).json as unknown as RefundView[];
    expect(listed.find((row) => row.id === view.id)).toMatchObject({
      reason: 'Foto non corrispondente alla descrizione',
    });

    // nothing is left of it: a second refund is refused and nothing moves
    await app.settled();
    const length = await logLength(app);
    const again = await refund({ kind: 'photo', id: purchaseId, reason: 'di nuovo' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: 'refunded_already',
      detail: 'Questa vendita è già stata rimborsata per intero',
    });
    expect(await logLength(app)).toBe(length);
    await auditClean();
  });

  it('a paid message and a session refunded in part: proportional kinds, her share of that part, the rest refundable once', async () => {
    const performer = await performerSelling();
    const user = await buyer(50);
    const messageId = await paidMessage(user, performer.id);
    const partial = await refund({ kind: 'message', id: messageId, amount: 1.5, reason: 'Risposta mai arrivata' });
    expect(partial.status).toBe(201);
    expect(partial.json).toMatchObject({ amount: 1.5, purchased: 1.5, promotional: 0, clawbackCents: 82 });
    const above = await refund({ kind: 'message', id: messageId, amount: 2, reason: 'troppo' });
    expect(above.status).toBe(400);
    expect(above.json).toMatchObject({ code: 'refund_above_sale', refundable: 1.5 });
    const rest = await refund({ kind: 'message', id: messageId, reason: 'Il resto' });
    expect(rest.json).toMatchObject({ amount: 1.5, clawbackCents: 83 });

    // a session: 5-minute minimum at 2 auracoin a minute, ended at once: 10 auracoin
    const requested = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(requested.status).toBe(201);
    const sessionId = requested.json.id as string;
    expect((await performer.http.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
    expect((await user.http.post(`/api/sessions/${sessionId}/end`)).status).toBe(200);
    const session = await refund({ kind: 'session', id: sessionId, amount: 4, reason: 'Video di cattiva qualità' });
    expect(session.status).toBe(201);
    expect(session.json).toMatchObject({
      kind: 'session',
      amount: 4,
      purchased: 4,
      saleAmount: 10,
      clawbackCents: 220,
    });
    await auditClean();
  });

  it('concurrent refunds of one sale never exceed it', async () => {
    const performer = await performerSelling();
    const user = await buyer(20);
    const purchaseId = await buyPhoto(user, performer.photoId);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        refund({ kind: 'photo', id: purchaseId, amount: 3, reason: `Rimborso ${n}` }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 201);
    // 10 auracoin: three of 3 fit, the fourth would exceed it
    expect(accepted).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.status !== 201)) expect(refused.status).toBe(400);
    const refunds = (await app.infra.eventStore.readStream(streams.wallet(user.id))).filter(
      (event) => event.type === 'SaleRefunded',
    );
    expect(refunds.reduce((sum, event) => sum + (event.data as { amount: number }).amount, 0)).toBe(900);
    await auditClean();
  });

  it('an admin finds sales by buyer, performer and day, each with who, what, when and what is left; refunds name both', async () => {
    const performer = await performerSelling();
    const name = ((await admin.get(`/api/performers/${performer.id}`)).json as { name: string }).name;
    const user = await buyer(30);
    const other = await buyer(30);
    const username = ((await user.http.get(`/api/users/${user.id}`)).json as { username: string }).username;
    const purchaseId = await buyPhoto(user, performer.photoId);
    const messageId = await paidMessage(user, performer.id);
    await buyPhoto(other, performer.photoId);
    await app.settled();
    const search = async (query: string, as: Http = admin) => {
      const answer = await as.get(`/api/admin/refunds/sales?${query}`);
      return { status: answer.status, json: answer.json, headers: answer.headers };
    };
    const sales = async (query: string) => {
      const answer = await search(query);
      expect(answer.status).toBe(200);
      return answer.json as unknown as RefundableSaleView[];
    };

    // by the buyer's username: his two sales, newest first, named and priced
    const his = await sales(`user=${encodeURIComponent(username.toUpperCase())}`);
    expect(his.map((sale) => [sale.kind, sale.saleId])).toEqual([
      ['message', messageId],
      ['photo', purchaseId],
    ]);
    expect(his[1]).toEqual({
      kind: 'photo',
      saleId: purchaseId,
      userId: user.id,
      username,
      performerId: performer.id,
      performerName: name,
      soldAt: clock.toISOString(),
      amount: 10,
      refunded: 0,
      refundableUntil: new Date(clock.getTime() + 48 * 3_600_000).toISOString(),
    });
    expect(his[0]).toMatchObject({ amount: 3, username, performerName: name });
    // by a part of her name: the three sales; with the buyer too: his two
    const tag = name.split(' ').at(-1)!;
    expect(await sales(`performer=${encodeURIComponent(tag.toLowerCase())}`)).toHaveLength(3);
    expect(await sales(`performer=${encodeURIComponent(tag)}&user=${encodeURIComponent(username)}`)).toHaveLength(2);
    // by Italian calendar days (the clock is 18 November 2026, 11:00 in Rome)
    expect(await sales(`performer=${tag}&from=2026-11-18&to=2026-11-18`)).toHaveLength(3);
    expect(await sales(`performer=${tag}&from=2026-11-19`)).toHaveLength(0);
    expect(await sales(`performer=${tag}&to=2026-11-17`)).toHaveLength(0);
    expect(await sales('user=nessuno-con-questo-nome')).toEqual([]);

    // a partial refund: what is left shows, and the refunds list names both sides
    const partial = await refund({ kind: 'photo', id: purchaseId, amount: 4, reason: 'Foto sfocata' });
    expect(partial.status).toBe(201);
    await app.settled();
    expect((await sales(`user=${username}`)).find((sale) => sale.saleId === purchaseId)).toMatchObject({
      amount: 10,
      refunded: 4,
    });
    const listed = (await admin.get('/api/admin/refunds')).json as unknown as RefundListItem[];
    expect(listed.find((row) => row.saleId === purchaseId)).toMatchObject({
      username,
      performerName: name,
      amount: 4,
      reason: 'Foto sfocata',
    });

    // bad queries: a problem+json 4xx with an Italian detail; only admins search
    const refusals: [string, number, string, Http?][] = [
      ['from=ieri', 400, 'Data non valida'],
      ['to=2026-02-30', 400, 'Data non valida'],
      ['from=2026-11-19&to=2026-11-18', 400, 'La data iniziale viene prima di quella finale'],
      [`user=${'x'.repeat(101)}`, 400, "L'utente si cerca per nome utente o email"],
      ['colonna=1', 400, ''],
      ['user=x', 403, '', user.http],
      ['user=x', 401, '', client(app.url)],
    ];
    for (const [query, status, detail, as] of refusals) {
      const answer = await search(query, as);
      expect({ query, status: answer.status }).toEqual({ query, status });
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(String(answer.json.detail)).toContain(detail);
    }
  });

  it('refuses past the window, unknown sales, tips, malformed bodies and non-admins, with an Italian detail and nothing written', async () => {
    const performer = await performerSelling();
    const user = await buyer(20);
    const purchaseId = await buyPhoto(user, performer.photoId);
    // her share's credit is appended by a reaction: the log is still once it has run
    await app.settled();
    const length = await logLength(app);
    const refusals: [unknown, number, string, Http?][] = [
      [{ kind: 'tip', id: purchaseId, reason: 'mancia' }, 400, 'le mance sono definitive'],
      [{ kind: 'photo', id: '00000000-0000-4000-8000-000000000000', reason: 'x' }, 404, 'Vendita non trovata'],
      [{ kind: 'photo', id: purchaseId }, 400, 'Il motivo del rimborso è obbligatorio'],
      [{ kind: 'photo', id: purchaseId, reason: '   ' }, 400, 'Il motivo del rimborso è obbligatorio'],
      [{ kind: 'photo', id: purchaseId, amount: -1, reason: 'x' }, 400, 'Importo non valido'],
      [{ kind: 'photo', id: 'nope', reason: 'x' }, 400, "Indica l'id"],
      [{ kind: 'photo', id: purchaseId, reason: 'x' }, 403, '', user.http],
    ];
    for (const [body, status, detail, as] of refusals) {
      const answer = await refund(body, as);
      expect({ body, status: answer.status }).toEqual({ body, status });
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(String(answer.json.detail)).toContain(detail);
    }
    expect(await logLength(app)).toBe(length);
    clock = new Date(clock.getTime() + 49 * 3_600_000);
    await app.settled();
    const later = await logLength(app);
    const late = await refund({ kind: 'photo', id: purchaseId, reason: 'Troppo tardi' });
    expect(late.status).toBe(422);
    expect(late.json).toMatchObject({
      code: 'refund_window_closed',
      detail: errorMessages.refund_window_closed,
    });
    expect(await logLength(app)).toBe(later);
  });
});
