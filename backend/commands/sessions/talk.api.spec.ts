/**
 * Inside a running private session (issue 40 item 5): lines between its two parties and his tips
 * to her, through the ledger at her 55% of the purchased part, never from the session's hold.
 */
import { performerShareCents, performerStreams, sessionStreams, streams } from '@aura/contracts';
import { ledgerWorkers } from '../../ledger';
import { boughtAuracoin, existingPerformer, registeredUser } from '../../test/api-fixtures';
import { ledgerAuditProblems } from '../../test/world-audit';
import {
  apiSpec,
  eventually,
  expectError,
  expectNewEvents,
  expectResponse,
  performer,
  priorRequest,
  user,
  type RequestBuilder,
  type SpecResponse,
} from '../../test/api-spec';

// the ledger's reactions credit her share of every tip, as the worker role does
const spec = apiSpec({
  covers: ['postSessionMessage', 'tipSession'],
  reactions: (ports) => ledgerWorkers(ports).reactions,
});

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOLE = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ALICE = '6a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f51';
const BOUGHT = '7b7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f52';
const KEY = 'tip-1';

/** Luna, online at 2 auracoin a minute (a minimum of 10 held); Bob with 50 auracoin he bought */
const lunaAndBob = (auracoin = 50) => [
  ...existingPerformer(LUNA, { username: 'luna', name: 'Luna', rate: 2, online: true }),
  ...registeredUser(BOB, { username: 'bob' }),
  boughtAuracoin(BOB, auracoin, BOUGHT),
];
const requested = priorRequest((request) =>
  request.post('/api/sessions', { performerId: LUNA, expectedPrice: 2 }).as(user(BOB)),
);
const sessionOf = (priors: SpecResponse[]) => (priors[0]!.body as { id: string }).id;
const accepted = priorRequest((request, priors) =>
  request.post(`/api/sessions/${sessionOf(priors)}/accept`).as(performer(LUNA)),
);
const ended = priorRequest((request, priors) => request.post(`/api/sessions/${sessionOf(priors)}/end`).as(user(BOB)));
const running = (auracoin?: number) => [...lunaAndBob(auracoin), requested, accepted];
const messagesOf = (priors: SpecResponse[]) => `/api/sessions/${sessionOf(priors)}/messages`;
const tipped = (amount: number, key = KEY) =>
  priorRequest((request, priors) =>
    request
      .post(`/api/sessions/${sessionOf(priors)}/tips`, { amount })
      .header('idempotency-key', key)
      .as(user(BOB)),
  );

describe('inside a private session', () => {
  describe('POST /api/sessions/{id}/messages', () => {
    it('he writes to her: the line on the session, under the name the session shows', () =>
      spec
        .given(...running())
        .when((request, priors) => request.post(messagesOf(priors), { text: '  Ciao Luna  ' }).as(user(BOB)))
        .then([
          expectResponse(201, { body: { from: 'user', displayName: 'bob', text: 'Ciao Luna' } }),
          ({ response, newEvents }) => {
            const { sessionId } = response.body as { sessionId: string };
            expect(newEvents.filter((event) => event.streamId === sessionStreams.session(sessionId))).toMatchObject([
              { type: 'SessionMessagePosted', data: { party: 'user', displayName: 'bob', text: 'Ciao Luna' } },
            ]);
          },
        ]));

    it('she answers under her name', () =>
      spec
        .given(...running())
        .when((request, priors) => request.post(messagesOf(priors), { text: 'Ciao!' }).as(performer(LUNA)))
        .then([expectResponse(201, { body: { from: 'performer', displayName: 'Luna', text: 'Ciao!' } })]));

    it('refuses anyone but its two parties', () =>
      spec
        .given(...running(), ...registeredUser(ALICE, { username: 'alice' }), ...existingPerformer(SOLE))
        .when((request, priors) => request.post(messagesOf(priors), { text: 'Ciao' }).as(user(ALICE)))
        .then([expectError(403, 'forbidden')]));

    it('refuses a line before she accepts and after it ended', () => {
      return Promise.all([
        spec
          .given(...lunaAndBob(), requested)
          .when((request, priors) => request.post(messagesOf(priors), { text: 'Ci sei?' }).as(user(BOB)))
          .then([expectError(409, 'session_not_active')]),
        spec
          .given(...running(), ended)
          .when((request, priors) => request.post(messagesOf(priors), { text: 'Grazie' }).as(performer(LUNA)))
          .then([expectError(409, 'session_not_active')]),
      ]);
    });

    it('refuses an empty line, one over the chat’s limit and one with a banned term, naming the field', () => {
      return Promise.all([
        spec
          .given(...running())
          .when((request, priors) => request.post(messagesOf(priors), { text: '   ' }).as(user(BOB)))
          .then([expectError(400, 'validation_failed')]),
        spec
          .given(...running())
          .when((request, priors) => request.post(messagesOf(priors), { text: 'x'.repeat(2001) }).as(user(BOB)))
          .then([expectError(400, 'validation_failed')]),
        spec
          .given(...running())
          .when((request, priors) => request.post(messagesOf(priors), { text: 'sembri una teen' }).as(user(BOB)))
          .then([expectError(400, 'banned_terms')]),
      ]);
    });
  });

  describe('POST /api/sessions/{id}/tips', () => {
    const tip =
      (amount: unknown, caller = user(BOB), key = KEY) =>
      (request: RequestBuilder, priors: SpecResponse[]) =>
        request
          .post(`/api/sessions/${sessionOf(priors)}/tips`, { amount })
          .header('idempotency-key', key)
          .as(caller);

    // (its pushes to both pages: backend/projections/sessions/talk.spec.ts)
    it('he tips her: a sale on his wallet from his available balance (not the hold), her 55% credited', () =>
      spec
        .given(...running())
        .when(tip(5))
        .then([
          expectResponse(201, { body: { tip: { amount: 5, displayName: 'bob' }, balance: 45 } }),
          // not from the hold: the debit names none
          ({ newEvents }) =>
            expect(newEvents.find((event) => event.type === 'AuracoinDebited')?.data).not.toHaveProperty('holdId'),
          expectNewEvents(streams.wallet(BOB), [
            {
              type: 'SessionTipped',
              data: { walletId: BOB, performerId: LUNA, amountUnits: 500, purchasedUnits: 500, displayName: 'bob' },
            },
            { type: 'AuracoinDebited', data: { amount: 500, reason: 'tip' } },
          ]),
          eventually(async ({ world }) => {
            const credits = await world.ports.eventStore.readStream(performerStreams.earnings(LUNA));
            expect(credits.map((event) => event.data)).toMatchObject([
              { source: 'tip', grossUnits: 500, shareCents: performerShareCents(500) },
            ]);
          }),
        ]));

    it('earns her nothing when paid with his welcome coins, and the ledger audit finds nothing wrong', () =>
      spec
        .given(
          ...existingPerformer(LUNA, { username: 'luna', name: 'Luna', rate: 2, online: true }),
          ...registeredUser(BOB, { username: 'bob', auracoin: 50 }),
          requested,
          accepted,
        )
        .when(tip(5))
        .then([
          expectResponse(201, { body: { tip: { amount: 5 }, balance: 45 } }),
          eventually(async ({ world }) => {
            const credits = await world.ports.eventStore.readStream(performerStreams.earnings(LUNA));
            expect(credits.map((event) => event.data)).toMatchObject([
              { source: 'tip', grossUnits: 500, purchasedUnits: 0, shareCents: 0 },
            ]);
            expect(await ledgerAuditProblems(world)).toEqual([]);
          }),
        ]));

    it('gives the first tip back for the same key, and writes nothing', () =>
      spec
        .given(...running(), tipped(5))
        .when(tip(5))
        .then([
          expectResponse(201, { body: { tip: { amount: 5 }, balance: 45 } }),
          ({ newEvents }) => expect(newEvents).toEqual([]),
        ]));

    it('never spends the held minimum: with 12 auracoin and 10 held, 2 can be tipped, 3 cannot', () =>
      Promise.all([
        spec
          .given(...running(12))
          .when(tip(3))
          .then([expectError(400, 'insufficient_balance')]),
        spec
          .given(...running(12))
          .when(tip(2))
          .then([expectResponse(201, { body: { balance: 10 } })]),
      ]));

    it('is the user’s only: she is told so, anyone else is refused', () =>
      Promise.all([
        spec
          .given(...running())
          .when(tip(5, performer(LUNA)))
          .then([expectError(403, 'session_tip_user_only')]),
        spec
          .given(...running(), ...registeredUser(ALICE, { username: 'alice', auracoin: 50 }))
          .when(tip(5, user(ALICE)))
          .then([expectError(403, 'forbidden')]),
      ]));

    it('refuses a tip before she accepts and after it ended', () =>
      Promise.all([
        spec
          .given(...lunaAndBob(), requested)
          .when(tip(5))
          .then([expectError(409, 'session_not_active')]),
        spec
          .given(...running(), ended)
          .when(tip(5))
          .then([expectError(409, 'session_not_active')]),
      ]));

    it('refuses an amount off the tip rule, and a request without a key', () =>
      Promise.all([
        spec
          .given(...running())
          .when(tip(0.3))
          .then([expectError(400, 'validation_failed')]),
        spec
          .given(...running())
          .when(tip('cinque'))
          .then([expectError(400, 'validation_failed')]),
        spec
          .given(...running())
          .when((request, priors) =>
            request.post(`/api/sessions/${sessionOf(priors)}/tips`, { amount: 5 }).as(user(BOB)),
          )
          .then([expectError(400, 'validation_failed')]),
      ]));
  });

  describe('GET /api/sessions/{id}/messages', () => {
    const said = priorRequest((request, priors) =>
      request.post(`/api/sessions/${sessionOf(priors)}/messages`, { text: 'Ciao' }).as(user(BOB)),
    );

    it('gives both parties the lines and tips, oldest first, with the total', () =>
      Promise.all(
        [user(BOB), performer(LUNA)].map((caller) =>
          spec
            .given(...running(), said, tipped(5), tipped(2.5, 'tip-2'))
            .when((request, priors) => request.get(`/api/sessions/${sessionOf(priors)}/messages`).as(caller))
            .then([
              expectResponse(200, {
                body: {
                  messages: [{ from: 'user', displayName: 'bob', text: 'Ciao' }],
                  tips: [{ amount: 5 }, { amount: 2.5 }],
                  tipsTotal: 7.5,
                },
              }),
            ]),
        ),
      ));

    it('refuses anyone else', () =>
      spec
        .given(...running(), ...existingPerformer(SOLE))
        .when((request, priors) => request.get(`/api/sessions/${sessionOf(priors)}/messages`).as(performer(SOLE)))
        .then([expectError(403, 'forbidden')]));
  });
});

describe('inside a private session, rate-limited', () => {
  // two lines a minute per account and session, one tip a minute per user
  const limited = apiSpec({
    covers: [],
    env: { RATE_LIMITS: 'sessionMessage=2/1m,sessionTip=1/1m' },
    reactions: (ports) => ledgerWorkers(ports).reactions,
  });
  const wrote = (text: string) =>
    priorRequest((request, priors) => request.post(messagesOf(priors), { text }).as(user(BOB)));

  it('refuses a third line within the minute (429), and records nothing', () =>
    limited
      .given(...running(), wrote('Ciao'), wrote('Come stai?'))
      .when((request, priors) => request.post(messagesOf(priors), { text: 'Ancora' }).as(user(BOB)))
      .then([
        expectError(429, 'too_many_requests'),
        ({ newEvents }) => expect(newEvents.map((event) => event.type)).toEqual([]),
      ]));

  it('her lines count apart from his', () =>
    limited
      .given(...running(), wrote('Ciao'), wrote('Come stai?'))
      .when((request, priors) => request.post(messagesOf(priors), { text: 'Bene!' }).as(performer(LUNA)))
      .then([expectResponse(201, { body: { from: 'performer', text: 'Bene!' } })]));

  it('refuses a second tip within the minute (429), and charges nothing', () =>
    limited
      .given(...running(), tipped(2))
      .when((request, priors) =>
        request
          .post(`/api/sessions/${sessionOf(priors)}/tips`, { amount: 2 })
          .header('idempotency-key', 'tip-2')
          .as(user(BOB)),
      )
      .then([
        expectError(429, 'too_many_requests'),
        ({ newEvents }) => expect(newEvents.map((event) => event.type)).toEqual([]),
      ]));
});
