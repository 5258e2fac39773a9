import { io as connect, type Socket } from 'socket.io-client';
import { chatStreams, performerStreams, streams, type ConversationView, type MessageView } from '@aura/contracts';
import { deterministicId, newId } from '../platform/ids';
import { client, startTestApp, type TestApp } from './app-harness';
import { spendFromWallet } from '../ledger/wallet/spend';
import { fund, logLength, send, superadminClient, userClient } from './admin-session';
import { fundedUser, onlinePerformer } from './session-helpers';

let app: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  app = await startTestApp();
  await app.seedDemo();
  await app.settled();
  admin = await superadminClient(app);
});
afterAll(async () => {
  await app.close();
});

const demo = (username: string) => deterministicId(`demo-performer:${username}`);

async function performerClient(username: string) {
  const http = client(app.url);
  const login = await http.post('/api/performer/login', { username, password: 'demo-performer' });
  expect(login.status).toBe(200);
  return { http, id: login.json.id as string };
}

async function balanceOf(http: ReturnType<typeof client>, userId: string) {
  return (await http.get(`/api/users/${userId}`)).json.auracoinBalance as number;
}

/** A user with a username and email we can look for, and an alias (bought with funded auracoin). */
async function userWithAlias(aliasName = 'Zorro') {
  const user = await userClient(app);
  const me = (await user.http.get(`/api/users/${user.id}`)).json;
  await fund(app, user.id, 100);
  const alias = await user.http.post(`/api/users/${user.id}/aliases`, { aliasName, price: 50 });
  expect(alias.status).toBe(201);
  return { ...user, username: me.username as string, email: me.email as string, aliasId: alias.json.id as string };
}

/** A performer who registered (without documents yet): pending, not approved. */
async function pendingPerformer() {
  const suffix = `${Date.now().toString(36)}${newId().slice(0, 4)}`;
  const registered = await client(app.url).post('/api/performers', {
    username: `pend${suffix}`,
    password: 'secret-pass',
    email: `pend${suffix}@example.com`,
    name: 'Pendente',
    dateOfBirth: '1999-03-10',
    age: 27,
    creditsPerMinute: 2.5,
    languages: ['Italiano'],
    image: '/demo/performers/2.svg',
    digitalSignature: 'data:image/png;base64,iVBORw0KGgo=',
    sensitiveDataConsent: true,
    signedContractAt: new Date().toISOString(),
    verificationStatus: 'pending',
    acceptedTerms: true,
  });
  expect(registered.json).toMatchObject({ verificationStatus: 'pending' });
  return registered.json.id as string;
}

const message = (
  conversation: { id: string },
  senderId: string,
  senderType: 'user' | 'performer',
  content: string,
  extra: Record<string, unknown> = {},
) => ({
  conversationId: conversation.id,
  senderId,
  senderType,
  content,
  ...extra,
});

async function patch(http: ReturnType<typeof client>, path: string, body?: unknown) {
  return send(http, 'PATCH', `${app.url}${path}`, body);
}

describe('conversations', () => {
  it('opens one conversation per identity: 201 when created, 200 when it exists', async () => {
    const user = await userWithAlias();
    const giulia = demo('giulia.rossi');
    const first = await user.http.post('/api/conversations', { performerId: giulia });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      userId: user.id,
      performerId: giulia,
      identityId: user.id,
      aliasId: null,
      unreadCount: 0,
      lastMessageAt: null,
      user: { username: user.username },
      performer: { name: 'Giulia', messagePrice: 1 },
      blocked: false,
      closed: false,
    });
    const again = await user.http.post('/api/conversations', { performerId: giulia, aliasId: null });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    const asAlias = await user.http.post('/api/conversations', { performerId: giulia, aliasId: user.aliasId });
    expect(asAlias.status).toBe(201);
    expect(asAlias.json).toMatchObject({
      identityId: user.aliasId,
      aliasId: user.aliasId,
      user: { username: 'Zorro' },
    });
    expect(asAlias.json.id).not.toBe(first.json.id);

    const list = await user.http.get(`/api/conversations/${user.id}?userType=user`);
    expect(list.status).toBe(200);
    expect((list.json as unknown as ConversationView[]).map((c) => c.id).sort()).toEqual(
      [first.json.id, asAlias.json.id].sort(),
    );
  });

  it("refuses someone else's alias, a deleted one, an unknown or pending performer, admins and performers, changing nothing", async () => {
    const user = await userWithAlias();
    const other = await userWithAlias('Other');
    const giulia = demo('giulia.rossi');
    const deletedAlias = await user.http.post(`/api/users/${user.id}/aliases`, { aliasName: 'Gone', price: 50 });
    expect((await send(user.http, 'DELETE', `${app.url}/api/aliases/${deletedAlias.json.id as string}`)).status).toBe(
      200,
    );
    const pending = await pendingPerformer();
    const before = await logLength(app);
    expect((await user.http.post('/api/conversations', { performerId: pending })).status).toBe(404);
    expect((await user.http.post('/api/conversations', { performerId: giulia, aliasId: other.aliasId })).status).toBe(
      404,
    );
    expect(
      (await user.http.post('/api/conversations', { performerId: giulia, aliasId: deletedAlias.json.id })).status,
    ).toBe(404);
    expect((await user.http.post('/api/conversations', { performerId: newId() })).status).toBe(404);
    expect((await user.http.post('/api/conversations', { performerId: 'nope' })).status).toBe(400);
    expect((await user.http.post('/api/conversations', '{"performerId":')).status).toBe(400);
    expect((await client(app.url).post('/api/conversations', { performerId: giulia })).status).toBe(401);
    expect((await admin.post('/api/conversations', { performerId: giulia })).status).toBe(403);
    const { http: sofia } = await performerClient('sofia.marino');
    expect((await sofia.post('/api/conversations', { performerId: giulia })).status).toBe(403);
    expect(await logLength(app)).toBe(before);
  });

  it('refuses a geoblocked performer to callers from that country', async () => {
    const user = await userClient(app);
    const { http: lucia, id } = await performerClient('lucia.bianchi');
    expect((await send(lucia, 'PUT', `${app.url}/api/performers/${id}/geoblock`, { countries: ['CH'] })).status).toBe(
      200,
    );
    try {
      const fromSwitzerland = await fetch(`${app.url}/api/conversations`, {
        method: 'POST',
        headers: { cookie: user.http.cookie()!, 'content-type': 'application/json', 'x-country': 'CH' },
        body: JSON.stringify({ performerId: id }),
      });
      expect(fromSwitzerland.status).toBe(404);
      const opened = await user.http.post('/api/conversations', { performerId: id });
      expect(opened.status).toBe(201);
      await app.settled();
      const before = await logLength(app);
      const blockedSend = await fetch(`${app.url}/api/messages`, {
        method: 'POST',
        headers: { cookie: user.http.cookie()!, 'content-type': 'application/json', 'x-country': 'CH' },
        body: JSON.stringify(message(opened.json as { id: string }, user.id, 'user', 'ciao')),
      });
      expect(blockedSend.status).toBe(404);
      expect(await logLength(app)).toBe(before);
      expect(await balanceOf(user.http, user.id)).toBe(10);
    } finally {
      await send(lucia, 'PUT', `${app.url}/api/performers/${id}/geoblock`, { countries: [] });
    }
  });
});

describe('paid messages', () => {
  it("debits the performer's price with the message, credits her 55%, and her replies are free", async () => {
    const user = await userClient(app);
    // 1.5 purchased auracoin beside the 10 welcome ones: spent first, they earn her share
    await fund(app, user.id, 1.5);
    const { http: camila, id: camilaId } = await performerClient('camila.lopez');
    expect((await patch(camila, `/api/performers/${camilaId}`, { messagePrice: 1.5 })).status).toBe(200);
    const conversation = (await user.http.post('/api/conversations', { performerId: camilaId }))
      .json as unknown as ConversationView;
    expect(conversation.performer.messagePrice).toBe(1.5);
    const sent = await user.http.post(
      '/api/messages',
      message(conversation, user.id, 'user', '  Ciao <b>Camila</b>!  '),
    );
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({
      conversationId: conversation.id,
      senderId: user.id,
      senderType: 'user',
      content: 'Ciao <b>Camila</b>!',
      isRead: false,
      price: 1.5,
    });
    const wallet = await app.infra.eventStore.readStream(streams.wallet(user.id));
    expect(wallet.slice(-2).map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
      ['MessageSent', undefined],
      ['AuracoinDebited', 'message'],
    ]);
    expect(await balanceOf(user.http, user.id)).toBe(10);
    await app.settled();
    const earnings = await app.infra.eventStore.readStream(performerStreams.earnings(camilaId));
    expect(earnings.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ source: 'message', sourceId: sent.json.id, grossUnits: 150, shareCents: 82 }),
    );

    const reply = await camila.post('/api/messages', message(conversation, camilaId, 'performer', 'Ciao a te'));
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ senderType: 'performer', senderId: camilaId, price: 0 });
    expect(await balanceOf(user.http, user.id)).toBe(10);

    const history = await user.http.get(`/api/messages/${conversation.id}`);
    expect((history.json as unknown as MessageView[]).map((m) => m.content)).toEqual([
      'Ciao <b>Camila</b>!',
      'Ciao a te',
    ]);
    await patch(camila, `/api/performers/${camilaId}`, { messagePrice: 1 });
  });

  it('stores and charges a retried send once, by Idempotency-Key or client id; a reused key with other content is refused', async () => {
    const user = await userClient(app);
    const giulia = demo('giulia.rossi');
    const conversation = (await user.http.post('/api/conversations', { performerId: giulia }))
      .json as unknown as ConversationView;
    const key = { 'idempotency-key': `k-${newId()}` };
    const first = await user.http.post('/api/messages', message(conversation, user.id, 'user', 'una volta'), key);
    await app.settled();
    const before = await logLength(app);
    const retry = await user.http.post('/api/messages', message(conversation, user.id, 'user', 'una volta'), key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.json.id).toBe(first.json.id);
    const other = await user.http.post('/api/messages', message(conversation, user.id, 'user', 'un altro testo'), key);
    expect(other.status).toBe(422);
    const clientId = newId();
    const byBody = await Promise.all(
      [1, 2, 3].map(() =>
        user.http.post(
          '/api/messages',
          message(conversation, user.id, 'user', 'dal client', { clientMessageId: clientId }),
        ),
      ),
    );
    expect(new Set(byBody.map((r) => r.json.id)).size).toBe(1);
    expect(byBody.map((r) => r.status)).toEqual([201, 201, 201]);
    await app.settled();
    // one message more: itself, its debit and her earnings credit
    expect(await logLength(app)).toBe(before + 3);
    expect(await balanceOf(user.http, user.id)).toBe(8);
  });

  /**
   * A keyed send of 'ciao' retried while the read models are behind the log: the projector stops,
   * `firstAttempt` stores what the first attempt did, the retry goes, and 300 ms later the
   * projector runs again. The retry's answer.
   */
  async function retriedBehindReadModels(
    user: { http: ReturnType<typeof client>; id: string },
    conversation: { id: string },
    key: string,
    firstAttempt: () => Promise<void>,
  ) {
    await app.projector.stop();
    let retry: ReturnType<typeof user.http.post> | undefined;
    try {
      await firstAttempt();
      retry = user.http.post('/api/messages', message(conversation, user.id, 'user', 'ciao', { clientMessageId: key }));
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await app.projector.start();
    }
    return retry;
  }

  it('stores once, free, and charges nothing for a retry that crosses her switch from free to paid before the read model has the first attempt', async () => {
    const user = await userClient(app);
    const sofia = demo('sofia.marino');
    const conversation = (await user.http.post('/api/conversations', { performerId: sofia }))
      .json as unknown as ConversationView;
    const key = newId();
    const messageId = deterministicId(`message:${conversation.id}:user:${key}`);
    // the first attempt went while her messages were free, and the read models have not applied it
    const answer = await retriedBehindReadModels(user, conversation, key, async () => {
      await app.infra.eventStore.appendToStream(
        chatStreams.message(messageId),
        [
          {
            id: deterministicId(`message-sent:${messageId}`),
            type: 'MessageSent',
            data: {
              messageId,
              conversationId: conversation.id,
              performerId: sofia,
              userId: user.id,
              identityId: user.id,
              senderType: 'user',
              content: 'ciao',
              priceUnits: 0,
              sentAt: new Date().toISOString(),
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      // her price is 1 auracoin now: the retry would be paid
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ id: messageId, price: 0, content: 'ciao' });
    await app.settled();
    expect(await balanceOf(user.http, user.id)).toBe(10);
    expect((await user.http.get(`/api/messages/${conversation.id}`)).json).toHaveLength(1);
    expect((await app.infra.eventStore.readStream(streams.wallet(user.id))).map((event) => event.type)).not.toContain(
      'MessageSent',
    );
  });

  it('stores once, paid, a retry that crosses her switch from paid to free before the read model has the first attempt', async () => {
    const user = await userClient(app);
    const { http: valentina, id: valentinaId } = await performerClient('valentina.greco');
    const conversation = (await user.http.post('/api/conversations', { performerId: valentinaId }))
      .json as unknown as ConversationView;
    const key = newId();
    const messageId = deterministicId(`message:${conversation.id}:user:${key}`);
    expect((await patch(valentina, `/api/performers/${valentinaId}`, { messagePrice: 0 })).status).toBe(200);
    // the first attempt went while her messages cost 1 auracoin, and the read models have not applied it
    const answer = await retriedBehindReadModels(user, conversation, key, async () => {
      await spendFromWallet(app.infra.eventStore, {
        walletId: user.id,
        amountUnits: 100,
        purchase: {
          type: 'MessageSent',
          data: {
            messageId,
            conversationId: conversation.id,
            performerId: valentinaId,
            userId: user.id,
            identityId: user.id,
            senderType: 'user',
            content: 'ciao',
            priceUnits: 100,
            sentAt: new Date().toISOString(),
          },
        },
        reason: 'message',
        reference: messageId,
        idempotencyKey: `message:${messageId}`,
        purchaseId: deterministicId(`message-sent:${messageId}`),
        now: () => new Date(),
      });
      // her messages are free now: the retry would go on the unpaid path
    });
    try {
      expect(answer.status).toBe(201);
      expect(answer.json).toMatchObject({ id: messageId, price: 1, content: 'ciao' });
      await app.settled();
      expect(await balanceOf(user.http, user.id)).toBe(9);
      expect((await user.http.get(`/api/messages/${conversation.id}`)).json).toHaveLength(1);
      expect(await app.infra.eventStore.readStream(chatStreams.message(messageId))).toEqual([]);
    } finally {
      await patch(valentina, `/api/performers/${valentinaId}`, { messagePrice: 1 });
    }
  });

  it('refuses a balance that cannot pay with Insufficient auracoin balance, storing nothing', async () => {
    const user = await userClient(app);
    const { http: aiko, id: aikoId } = await performerClient('aiko.tanaka');
    expect((await patch(aiko, `/api/performers/${aikoId}`, { messagePrice: 20 })).status).toBe(200);
    try {
      const conversation = (await user.http.post('/api/conversations', { performerId: aikoId }))
        .json as unknown as ConversationView;
      const before = await logLength(app);
      const refused = await user.http.post('/api/messages', message(conversation, user.id, 'user', 'ciao'));
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: 'insufficient_balance', error: 'Insufficient auracoin balance' });
      expect(await logLength(app)).toBe(before);
      expect(await balanceOf(user.http, user.id)).toBe(10);
      expect((await user.http.get(`/api/messages/${conversation.id}`)).json).toEqual([]);
    } finally {
      await patch(aiko, `/api/performers/${aikoId}`, { messagePrice: 1 });
    }
  });

  it('stores exactly the k messages a wallet affords out of 100 concurrent sends, and debits k times the price', async () => {
    const user = await userClient(app);
    const { http: mei, id: meiId } = await performerClient('mei.lin');
    expect((await patch(mei, `/api/performers/${meiId}`, { messagePrice: 1.5 })).status).toBe(200);
    try {
      const conversation = (await user.http.post('/api/conversations', { performerId: meiId }))
        .json as unknown as ConversationView;
      // 10 welcome auracoin + 3 = 13 at 1.5 a message: k = 8, 1 auracoin left
      await fund(app, user.id, 3);
      const walletBefore = (await app.infra.eventStore.readStream(streams.wallet(user.id))).length;
      const before = await logLength(app);
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, n) =>
          user.http.post('/api/messages', message(conversation, user.id, 'user', `messaggio ${n}`)),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(8);
      expect(statuses.filter((s) => s === 400)).toHaveLength(92);
      expect(answers.filter((a) => a.status === 400).every((a) => a.json.code === 'insufficient_balance')).toBe(true);
      expect(await balanceOf(user.http, user.id)).toBe(13 - 8 * 1.5);
      const stored = (await user.http.get(`/api/messages/${conversation.id}?limit=200`))
        .json as unknown as MessageView[];
      expect(stored.map((m) => m.id).sort()).toEqual(
        answers
          .filter((a) => a.status === 201)
          .map((a) => a.json.id as string)
          .sort(),
      );
      const wallet = (await app.infra.eventStore.readStream(streams.wallet(user.id))).slice(walletBefore);
      expect(wallet.map((e) => e.type)).toEqual(
        Array.from({ length: 8 }, () => ['MessageSent', 'AuracoinDebited']).flat(),
      );
      expect(
        wallet.filter((e) => e.type === 'AuracoinDebited').map((e) => (e.data as { amount: number }).amount),
      ).toEqual(Array(8).fill(150));
      await app.settled();
      // the log grew by the 8 spends (message + debit) and her 8 earnings credits, nothing else
      expect(await logLength(app)).toBe(before + 8 * 3);
    } finally {
      await patch(mei, `/api/performers/${meiId}`, { messagePrice: 1 });
    }
  });

  it('makes messages free when she asks 0', async () => {
    const user = await userClient(app);
    const { http: elena, id: elenaId } = await performerClient('elena.ferrari');
    expect((await patch(elena, `/api/performers/${elenaId}`, { messagePrice: 0 })).status).toBe(200);
    try {
      const conversation = (await user.http.post('/api/conversations', { performerId: elenaId }))
        .json as unknown as ConversationView;
      const key = { 'idempotency-key': newId() };
      const sent = await user.http.post('/api/messages', message(conversation, user.id, 'user', 'gratis'), key);
      expect(sent.json).toMatchObject({ price: 0, content: 'gratis' });
      expect(
        (await user.http.post('/api/messages', message(conversation, user.id, 'user', 'gratis'), key)).json.id,
      ).toBe(sent.json.id);
      expect(await balanceOf(user.http, user.id)).toBe(10);
      expect((await user.http.get(`/api/messages/${conversation.id}`)).json).toHaveLength(1);
    } finally {
      await patch(elena, `/api/performers/${elenaId}`, { messagePrice: 1 });
    }
  });
});

describe('bad input and who may do what', () => {
  it('refuses forged senders, blank and over-long content, and other people’s conversations, changing nothing', async () => {
    const user = await userClient(app);
    const stranger = await userClient(app);
    const giulia = demo('giulia.rossi');
    const { http: sofia, id: sofiaId } = await performerClient('sofia.marino');
    const { http: giuliaHttp } = await performerClient('giulia.rossi');
    const conversation = (await user.http.post('/api/conversations', { performerId: giulia }))
      .json as unknown as ConversationView;
    await user.http.post('/api/messages', message(conversation, user.id, 'user', 'primo'));
    await app.settled();
    const before = await logLength(app);
    const balance = await balanceOf(user.http, user.id);
    const cases: [ReturnType<typeof client>, unknown, number][] = [
      [user.http, message(conversation, giulia, 'user', 'finto'), 403],
      [user.http, message(conversation, user.id, 'performer', 'finto'), 403],
      [user.http, message(conversation, stranger.id, 'user', 'finto'), 403],
      [giuliaHttp, message(conversation, user.id, 'user', 'finto'), 403],
      [giuliaHttp, message(conversation, giulia, 'user', 'finto'), 403],
      [stranger.http, message(conversation, stranger.id, 'user', 'intruso'), 404],
      [sofia, message(conversation, sofiaId, 'performer', 'intrusa'), 404],
      [admin, message(conversation, user.id, 'user', 'admin'), 403],
      [client(app.url), message(conversation, user.id, 'user', 'anonimo'), 401],
      [user.http, message(conversation, user.id, 'user', '   \n  '), 400],
      [user.http, message(conversation, user.id, 'user', 'x'.repeat(2001)), 400],
      [user.http, { ...message(conversation, user.id, 'user', 'ciao'), conversationId: 'nope' }, 400],
      [user.http, { ...message(conversation, user.id, 'user', 'ciao'), senderType: 'admin' }, 400],
      [user.http, { conversationId: conversation.id }, 400],
      [user.http, '{"content":', 400],
      [user.http, { ...message(conversation, user.id, 'user', 'ciao'), content: 42 }, 400],
      [user.http, { ...message(conversation, user.id, 'user', 'ciao'), senderId: 'me' }, 400],
      [user.http, message(conversation, user.id, 'user', 'ciao', { clientMessageId: 'k'.repeat(201) }), 400],
      [user.http, [message(conversation, user.id, 'user', 'ciao')], 400],
      [user.http, message({ id: newId() }, user.id, 'user', 'nessuna'), 404],
    ];
    for (const [http, body, status] of cases) {
      const answer = await http.post('/api/messages', body);
      expect({ body, status: answer.status }).toEqual({ body, status });
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
    }
    const longKey = await user.http.post('/api/messages', message(conversation, user.id, 'user', 'ciao'), {
      'idempotency-key': 'k'.repeat(1000),
    });
    expect(longKey.status).toBe(400);
    expect(await logLength(app)).toBe(before);
    expect(await balanceOf(user.http, user.id)).toBe(balance);
    expect(
      (await user.http.post('/api/messages', message(conversation, user.id, 'user', 'x'.repeat(2000)))).status,
    ).toBe(201);
    await app.settled();
    expect(await logLength(app)).toBe(before + 3);
    expect(await balanceOf(user.http, user.id)).toBe(balance - 1);
  });

  it('answers 401 to anonymous callers and 403 or 404 to everyone but the two parties on every read', async () => {
    const user = await userClient(app);
    const stranger = await userClient(app);
    const giulia = demo('giulia.rossi');
    const { http: sofia, id: sofiaId } = await performerClient('sofia.marino');
    const conversation = (await user.http.post('/api/conversations', { performerId: giulia }))
      .json as unknown as ConversationView;
    const anonymous = client(app.url);
    const reads: [ReturnType<typeof client>, 'GET' | 'PATCH', string, number][] = [
      [anonymous, 'GET', `/api/conversations/${user.id}?userType=user`, 401],
      [anonymous, 'GET', `/api/messages/${conversation.id}`, 401],
      [anonymous, 'GET', `/api/unread/${user.id}`, 401],
      [anonymous, 'PATCH', `/api/messages/${conversation.id}/read/${user.id}`, 401],
      [stranger.http, 'GET', `/api/conversations/${user.id}?userType=user`, 403],
      [stranger.http, 'GET', `/api/unread/${user.id}`, 403],
      [stranger.http, 'GET', `/api/messages/${conversation.id}`, 404],
      [stranger.http, 'PATCH', `/api/messages/${conversation.id}/read/${stranger.id}`, 404],
      [sofia, 'GET', `/api/conversations/${giulia}?userType=performer`, 403],
      [sofia, 'GET', `/api/conversations/${user.id}?userType=user`, 403],
      [sofia, 'GET', `/api/unread/${giulia}`, 403],
      [sofia, 'PATCH', `/api/messages/${conversation.id}/read/${giulia}`, 404],
      [stranger.http, 'PATCH', `/api/messages/${conversation.id}/read/${user.id}`, 404],
      [sofia, 'GET', `/api/messages/${conversation.id}`, 404],
      [sofia, 'PATCH', `/api/messages/${conversation.id}/read/${sofiaId}`, 404],
      [user.http, 'GET', `/api/conversations/${user.id}?userType=performer`, 403],
      [user.http, 'PATCH', `/api/messages/${conversation.id}/read/${giulia}`, 403],
      [admin, 'GET', `/api/conversations/${user.id}?userType=user`, 403],
      [admin, 'GET', `/api/messages/${conversation.id}`, 403],
      [admin, 'GET', `/api/unread/${user.id}`, 403],
      [admin, 'GET', `/api/conversations/${giulia}?userType=performer`, 403],
      [admin, 'PATCH', `/api/messages/${conversation.id}/read/${user.id}`, 403],
      [user.http, 'GET', `/api/messages/${conversation.id}?limit=0`, 400],
      [user.http, 'GET', `/api/messages/${conversation.id}?before=${newId()}`, 400],
      [user.http, 'GET', `/api/conversations/${user.id}?userType=admin`, 400],
    ];
    const before = await logLength(app);
    for (const [http, method, path, status] of reads) {
      const answer = method === 'GET' ? await http.get(path) : await patch(http, path);
      expect({ path, method, status: answer.status }).toEqual({ path, method, status });
    }
    expect(await logLength(app)).toBe(before);
  });
});

describe('read marks, unread counts and paging', () => {
  it('marks the other party’s messages read and counts what is left', async () => {
    const user = await userClient(app);
    const { http: isabela, id: isabelaId } = await performerClient('isabela.santos');
    const conversation = (await user.http.post('/api/conversations', { performerId: isabelaId }))
      .json as unknown as ConversationView;
    for (const text of ['uno', 'due', 'tre'])
      expect((await user.http.post('/api/messages', message(conversation, user.id, 'user', text))).status).toBe(201);
    expect((await isabela.get(`/api/unread/${isabelaId}`)).json).toMatchObject({
      total: 3,
      byConversation: { [conversation.id]: 3 },
    });
    const theirs = (await isabela.get(`/api/conversations/${isabelaId}?userType=performer`))
      .json as unknown as ConversationView[];
    expect(theirs.find((c) => c.id === conversation.id)).toMatchObject({
      unreadCount: 3,
      lastMessage: { senderType: 'user', content: 'tre' },
    });

    const read = await patch(isabela, `/api/messages/${conversation.id}/read/${isabelaId}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ conversationId: conversation.id, reader: 'performer', marked: 3, unreadCount: 0 });
    expect((await patch(isabela, `/api/messages/${conversation.id}/read/${isabelaId}`)).json).toMatchObject({
      marked: 0,
      unreadCount: 0,
    });
    const seen = (await user.http.get(`/api/messages/${conversation.id}`)).json as unknown as MessageView[];
    expect(seen.every((m) => m.isRead)).toBe(true);
    expect((await isabela.get(`/api/unread/${isabelaId}`)).json).toMatchObject({ total: 0 });

    await isabela.post('/api/messages', message(conversation, isabelaId, 'performer', 'eccomi'));
    expect((await user.http.get(`/api/unread/${user.id}`)).json).toEqual({
      total: 1,
      byConversation: { [conversation.id]: 1 },
    });
    expect((await patch(user.http, `/api/messages/${conversation.id}/read/${user.id}`)).json).toMatchObject({
      reader: 'user',
      marked: 1,
      unreadCount: 0,
    });
  });

  it('pages a long history oldest first with X-Has-More', async () => {
    const user = await userClient(app);
    const { http: chiara, id: chiaraId } = await performerClient('chiara.conti');
    const conversation = (await user.http.post('/api/conversations', { performerId: chiaraId }))
      .json as unknown as ConversationView;
    for (let n = 1; n <= 7; n++)
      await chiara.post('/api/messages', message(conversation, chiaraId, 'performer', `m${n}`));
    const newest = await user.http.get(`/api/messages/${conversation.id}?limit=3`);
    expect((newest.json as unknown as MessageView[]).map((m) => m.content)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.headers.get('x-has-more')).toBe('true');
    const oldestShown = (newest.json as unknown as MessageView[])[0]!.id;
    const older = await user.http.get(`/api/messages/${conversation.id}?limit=10&before=${oldestShown}`);
    expect((older.json as unknown as MessageView[]).map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(older.headers.get('x-has-more')).toBe('false');
    const since = await user.http.get(
      `/api/messages/${conversation.id}?after=${(older.json as unknown as MessageView[])[1]!.id}`,
    );
    expect((since.json as unknown as MessageView[]).map((m) => m.content)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
  });
});

describe('identities', () => {
  it('never shows the performer the real username, email or id of a user who chose an alias', async () => {
    const user = await userWithAlias('Maschera');
    const { http: valentina, id: valentinaId } = await performerClient('valentina.greco');
    const conversation = (
      await user.http.post('/api/conversations', { performerId: valentinaId, aliasId: user.aliasId })
    ).json as unknown as ConversationView;
    const sent = await user.http.post('/api/messages', message(conversation, user.aliasId, 'user', 'sono io'));
    expect(sent.json).toMatchObject({ senderId: user.aliasId });
    const reply = await valentina.post('/api/messages', message(conversation, valentinaId, 'performer', 'chi sei?'));
    const socket: Socket = connect(app.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: valentina.cookie()! },
    });
    const heard: unknown[] = [];
    socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    try {
      const joined = await new Promise<boolean>((resolve) =>
        socket.emit('conversation:join', conversation.id, resolve),
      );
      expect(joined).toBe(true);
      const userSocket: Socket = connect(app.url, {
        transports: ['websocket'],
        extraHeaders: { cookie: user.http.cookie()! },
      });
      await new Promise<void>((resolve) => userSocket.on('connect', () => resolve()));
      expect(
        await new Promise<boolean>((resolve) => userSocket.emit('conversation:join', conversation.id, resolve)),
      ).toBe(true);
      const typed = new Promise((resolve) => socket.once('chat:typing', resolve));
      userSocket.emit('chat:typing', conversation.id, true);
      await typed;
      userSocket.close();
      await user.http.post('/api/messages', message(conversation, user.id, 'user', 'ancora io'));
      const read = await patch(valentina, `/api/messages/${conversation.id}/read/${valentinaId}`);
      const blocked = await send(
        valentina,
        'PUT',
        `${app.url}/api/performers/${valentinaId}/blocked-users/${user.aliasId}`,
      );
      expect(blocked.status).toBe(200);
      const unblocked = await send(
        valentina,
        'DELETE',
        `${app.url}/api/performers/${valentinaId}/blocked-users/${user.aliasId}`,
      );
      await app.settled();
      // every push the socket is sent, the unexpected ones too, must be in `heard` for the check below:
      // no condition names them all, so a short wait (under the 500-ms rule)
      await new Promise((resolve) => setTimeout(resolve, 300));
      const answers = [
        reply.text,
        read.text,
        blocked.text,
        unblocked.text,
        (await valentina.get(`/api/performers/${valentinaId}/earnings`)).text,
        (await valentina.get('/api/performer/me')).text,
        (await valentina.get(`/api/conversations/${valentinaId}?userType=performer`)).text,
        (await valentina.get(`/api/messages/${conversation.id}`)).text,
        (await valentina.get(`/api/unread/${valentinaId}`)).text,
        (await valentina.get(`/api/performers/${valentinaId}`)).text,
        JSON.stringify(heard),
      ];
      expect(heard.some((h) => (h as { event: string }).event === 'chat:message')).toBe(true);
      for (const text of answers) {
        expect(text).not.toContain(user.id);
        expect(text).not.toContain(user.username);
        expect(text).not.toContain(user.email);
      }
      const mine = (
        (await valentina.get(`/api/conversations/${valentinaId}?userType=performer`))
          .json as unknown as ConversationView[]
      ).find((c) => c.id === conversation.id)!;
      expect(mine).toMatchObject({
        userId: user.aliasId,
        identityId: user.aliasId,
        aliasId: null,
        user: { username: 'Maschera' },
      });
      // the user's own real id cannot be named as if it were hers to read
      expect((await valentina.get(`/api/users/${user.id}`)).status).toBe(403);
    } finally {
      socket.close();
    }
  });

  it('blocks an identity from the chat: it cannot send and sees that it is blocked; the other identity can', async () => {
    const user = await userWithAlias('Bloccato');
    const { http: amara, id: amaraId } = await performerClient('amara.diallo');
    const asAlias = (await user.http.post('/api/conversations', { performerId: amaraId, aliasId: user.aliasId }))
      .json as unknown as ConversationView;
    const asSelf = (await user.http.post('/api/conversations', { performerId: amaraId }))
      .json as unknown as ConversationView;
    await user.http.post('/api/messages', message(asAlias, user.aliasId, 'user', 'ciao'));
    expect(
      (await send(amara, 'PUT', `${app.url}/api/performers/${amaraId}/blocked-users/${user.aliasId}`)).status,
    ).toBe(200);
    await app.settled();
    const before = await logLength(app);
    const balance = await balanceOf(user.http, user.id);
    const refused = await user.http.post('/api/messages', message(asAlias, user.aliasId, 'user', 'ci sei?'));
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('blocked');
    expect((await amara.post('/api/messages', message(asAlias, amaraId, 'performer', 'no'))).json.code).toBe('blocked');
    expect(
      (await user.http.post('/api/conversations', { performerId: amaraId, aliasId: user.aliasId })).json.blocked,
    ).toBe(true);
    expect(await logLength(app)).toBe(before);
    expect(await balanceOf(user.http, user.id)).toBe(balance);
    expect((await user.http.post('/api/messages', message(asSelf, user.id, 'user', 'sono un altro'))).status).toBe(201);

    expect(
      (await send(amara, 'DELETE', `${app.url}/api/performers/${amaraId}/blocked-users/${user.aliasId}`)).status,
    ).toBe(200);
    expect((await user.http.post('/api/messages', message(asAlias, user.aliasId, 'user', 'grazie'))).status).toBe(201);
  });

  it('closes the conversation of a deleted alias: history stays, sending is refused', async () => {
    const user = await userWithAlias('Effimero');
    const conversation = (
      await user.http.post('/api/conversations', { performerId: demo('nadia.petrova'), aliasId: user.aliasId })
    ).json as unknown as ConversationView;
    await user.http.post('/api/messages', message(conversation, user.aliasId, 'user', 'prima'));
    expect((await send(user.http, 'DELETE', `${app.url}/api/aliases/${user.aliasId}`)).status).toBe(200);
    await app.settled();
    const before = await logLength(app);
    const balance = await balanceOf(user.http, user.id);
    const refused = await user.http.post('/api/messages', message(conversation, user.aliasId, 'user', 'dopo'));
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('conversation_closed');
    // nor can the user reach the same conversation by naming the real id, or reopen it as the deleted alias
    expect((await user.http.post('/api/messages', message(conversation, user.id, 'user', 'dopo'))).status).toBe(409);
    expect(
      (await user.http.post('/api/conversations', { performerId: demo('nadia.petrova'), aliasId: user.aliasId }))
        .status,
    ).toBe(404);
    expect(await logLength(app)).toBe(before);
    expect(await balanceOf(user.http, user.id)).toBe(balance);
    const list = (await user.http.get(`/api/conversations/${user.id}`)).json as unknown as ConversationView[];
    expect(list.find((c) => c.id === conversation.id)).toMatchObject({ closed: true });
    expect((await user.http.get(`/api/messages/${conversation.id}`)).json).toHaveLength(1);
  });
});

describe('a performer who is gone', () => {
  it('refuses messages to a deleted performer, changing nothing, and keeps the history readable', async () => {
    const user = await userClient(app);
    const created = await admin.post('/api/performers', {
      name: 'Effimera',
      age: 30,
      image: 'https://img.example/e.png',
      isOnline: true,
      rating: 4,
      creditsPerMinute: 2,
      languages: 'Italiano',
      category: '',
      bio: '',
    });
    expect(created.status).toBe(201);
    const performerId = created.json.id as string;
    const conversation = (await user.http.post('/api/conversations', { performerId }))
      .json as unknown as ConversationView;
    expect((await user.http.post('/api/messages', message(conversation, user.id, 'user', 'prima'))).status).toBe(201);
    expect((await send(admin, 'DELETE', `${app.url}/api/performers/${performerId}`)).status).toBe(200);
    await app.settled();
    const before = await logLength(app);
    const balance = await balanceOf(user.http, user.id);
    const refused = await user.http.post('/api/messages', message(conversation, user.id, 'user', 'dopo'));
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect((await user.http.post('/api/conversations', { performerId })).status).toBe(404);
    expect(await logLength(app)).toBe(before);
    expect(await balanceOf(user.http, user.id)).toBe(balance);
    const list = (await user.http.get(`/api/conversations/${user.id}?userType=user`))
      .json as unknown as ConversationView[];
    expect(list.find((c) => c.id === conversation.id)).toMatchObject({ closed: true });
    expect((await user.http.get(`/api/messages/${conversation.id}`)).json).toHaveLength(1);
  });
});

describe('live', () => {
  it('pushes messages, read marks, unread counts and typing to the other party only', async () => {
    const user = await userClient(app);
    const stranger = await userClient(app);
    const { http: sofia, id: sofiaId } = await performerClient('sofia.marino');
    const conversation = (await user.http.post('/api/conversations', { performerId: sofiaId }))
      .json as unknown as ConversationView;
    const { http: giulia } = await performerClient('giulia.rossi');
    const sockets = [user.http, sofia, stranger.http, giulia, admin, client(app.url)].map((http) =>
      connect(app.url, { transports: ['websocket'], extraHeaders: http.cookie() ? { cookie: http.cookie()! } : {} }),
    );
    const [userSocket, sofiaSocket, strangerSocket, ...outsiders] = sockets as [
      Socket,
      Socket,
      Socket,
      Socket,
      Socket,
      Socket,
    ];
    const heard = new Map<Socket, { event: string; payload: unknown }[]>(sockets.map((s) => [s, []]));
    for (const s of sockets) s.onAny((event: string, payload: unknown) => heard.get(s)!.push({ event, payload }));
    await Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.on('connect', () => resolve()))));
    const join = (s: Socket) =>
      new Promise<boolean>((resolve) => s.emit('conversation:join', conversation.id, resolve));
    try {
      expect(await join(userSocket)).toBe(true);
      expect(await join(sofiaSocket)).toBe(true);
      expect(await join(strangerSocket)).toBe(false);
      for (const outsider of outsiders) expect(await join(outsider)).toBe(false);
      // a socket outside the room cannot make anyone 'sta scrivendo…'
      strangerSocket.emit('chat:typing', conversation.id, true);
      const arrived = new Promise<{ message: MessageView }>((resolve) => sofiaSocket.on('chat:message', resolve));
      const counted = new Promise<{ unreadCount: number; total: number }>((resolve) =>
        sofiaSocket.on('chat:unread', resolve),
      );
      const sent = await user.http.post('/api/messages', message(conversation, user.id, 'user', 'live'));
      expect((await arrived).message).toEqual(sent.json);
      expect(await counted).toMatchObject({
        conversationId: conversation.id,
        unreadCount: 1,
        total: expect.any(Number),
      });

      const typing = new Promise<unknown>((resolve) => userSocket.on('chat:typing', resolve));
      sofiaSocket.emit('chat:typing', conversation.id, true);
      expect(await typing).toEqual({ conversationId: conversation.id, senderType: 'performer', typing: true });

      const readMark = new Promise<{ reader: string; upToMessageId: string }>((resolve) =>
        userSocket.on('chat:read', resolve),
      );
      await patch(sofia, `/api/messages/${conversation.id}/read/${sofiaId}`);
      expect(await readMark).toMatchObject({
        conversationId: conversation.id,
        reader: 'performer',
        upToMessageId: sent.json.id,
      });
      // what must not come cannot be waited for: a short wait for a leak to show
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const outsider of [strangerSocket, ...outsiders])
        expect(heard.get(outsider)!.filter((h) => h.event.startsWith('chat:'))).toEqual([]);
      expect(heard.get(userSocket)!.filter((h) => h.event === 'chat:typing')).toHaveLength(1);
      expect(heard.get(sofiaSocket)!.filter((h) => h.event === 'chat:typing')).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});

describe('presence in the chat header', () => {
  it('lets a user write to an offline performer, who reads it when she is back (docs/product.md#chat-messages)', async () => {
    const user = await userClient(app);
    const { http: sofia, id: sofiaId } = await performerClient('sofia.marino');
    expect((await patch(sofia, `/api/performers/${sofiaId}`, { isOnline: false })).status).toBe(200);
    await app.settled();
    const conversation = await user.http.post('/api/conversations', { performerId: sofiaId });
    expect(conversation.status).toBeLessThan(300);
    const opened = conversation.json as unknown as ConversationView;
    expect(opened.performer.isOnline).toBe(false);
    const sent = await user.http.post(
      '/api/messages',
      message(opened, user.id, 'user', 'Ci sei stasera?', { expectedPrice: opened.performer.messagePrice }),
    );
    expect(sent.status).toBe(201);
    await app.settled();
    // back online, her list has it unread
    expect((await patch(sofia, `/api/performers/${sofiaId}`, { isOnline: true })).status).toBe(200);
    const hers = (await sofia.get(`/api/conversations/${sofiaId}?userType=performer`))
      .json as unknown as ConversationView[];
    expect(hers.find((c) => c.id === opened.id)).toMatchObject({
      unreadCount: 1,
      lastMessage: { senderType: 'user', content: 'Ci sei stasera?' },
    });
  });

  it("pushes her Online/Offline switch live to the user's socket, and the conversation answers it", async () => {
    const user = await userClient(app);
    const { http: chiara, id: chiaraId } = await performerClient('chiara.conti');
    const conversation = (await user.http.post('/api/conversations', { performerId: chiaraId }))
      .json as unknown as ConversationView;
    const socket: Socket = connect(app.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: user.http.cookie()! },
    });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const flip = (isOnline: boolean) =>
      new Promise<unknown>((resolve) => {
        const listener = (payload: { performerId: string; isOnline: boolean }) => {
          if (payload.performerId !== chiaraId || payload.isOnline !== isOnline) return;
          socket.off('performer:presence', listener);
          resolve(payload);
        };
        socket.on('performer:presence', listener);
      });
    const headerOnline = async () =>
      ((await user.http.post('/api/conversations', { performerId: chiaraId })).json as unknown as ConversationView)
        .performer.isOnline;
    const initially = conversation.performer.isOnline;
    try {
      for (const isOnline of [!initially, initially]) {
        const pushed = flip(isOnline);
        expect((await patch(chiara, `/api/performers/${chiaraId}`, { isOnline })).status).toBe(200);
        await pushed;
        expect(await headerOnline()).toBe(isOnline);
      }
    } finally {
      socket.close();
    }
  });
});

describe('ledger audit', () => {
  it('finds every paid message debited with its message and credited 55% once, and statistics count them', async () => {
    // paid messages of its own (whatever else this file sent before): 21 at 1 auracoin to a performer of its own
    const performer = await onlinePerformer(app.url, admin);
    expect((await patch(performer.http, `/api/performers/${performer.id}`, { messagePrice: 1 })).status).toBe(200);
    const user = await fundedUser(app, admin, 21);
    const conversation = (await user.http.post('/api/conversations', { performerId: performer.id }))
      .json as unknown as ConversationView;
    for (let count = 1; count <= 21; count++)
      expect(
        (await user.http.post('/api/messages', message(conversation, user.id, 'user', `n. ${count}`))).status,
      ).toBe(201);
    await app.settled();
    const report = await app.audit();
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    const paidLine = report.lines.find((line) => line.includes('paid chat messages'));
    expect(paidLine).toMatch(/paid chat messages: [1-9]\d*/);
    const stats = await admin.get('/api/statistics');
    expect(stats.json.messages).toMatchObject({ sent: expect.any(Number), revenue: expect.any(Number) });
    expect((stats.json.messages as { sent: number }).sent).toBeGreaterThan(20);
  });
});
