import { sessionStreams, streams } from '@aura/contracts';
import { at, existingPerformer, registeredUser } from '../../test/api-fixtures';
import {
  apiSpec,
  existingStream,
  expectError,
  expectResponse,
  performer,
  priorRequest,
  type SpecResponse,
  user,
} from '../../test/api-spec';

const spec = apiSpec({ covers: ['requestSession', 'acceptSession', 'declineSession', 'endSession', 'rateSession'] });

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOLE = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const BOUGHT = '6b7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f51';

/** Luna, online at 2 auracoin a minute; Bob with 50 */
const lunaAndBob = [
  ...existingPerformer(LUNA, { username: 'luna', rate: 2, online: true }),
  ...registeredUser(BOB, { auracoin: 50 }),
];
/** Luna, and Bob with 50 auracoin he bought (a card purchase's credit: purchased units) */
const lunaAndBuyerBob = [
  ...existingPerformer(LUNA, { username: 'luna', rate: 2, online: true }),
  ...registeredUser(BOB),
  existingStream(streams.wallet(BOB), [
    {
      type: 'AuracoinCredited',
      data: { walletId: BOB, amount: 5000, reason: 'purchase', purchaseId: BOUGHT, creditedAt: at(-60_000) },
    },
  ]),
];
const requested = priorRequest((request) =>
  request.post('/api/sessions', { performerId: LUNA, expectedPrice: 2 }).as(user(BOB)),
);
const sessionOf = (priors: SpecResponse[]) => (priors[0]!.body as { id: string }).id;
const accepted = priorRequest((request, priors) =>
  request.post(`/api/sessions/${sessionOf(priors)}/accept`).as(performer(LUNA)),
);
const ended = priorRequest((request, priors) => request.post(`/api/sessions/${sessionOf(priors)}/end`).as(user(BOB)));

describe('sessions API', () => {
  describe('POST /api/sessions', () => {
    it('he asks her for a session: the request, and the minimum held on his wallet', () =>
      spec
        .given(...lunaAndBob)
        .when((request) => request.post('/api/sessions', { performerId: LUNA, expectedPrice: 2 }).as(user(BOB)))
        .then([
          expectResponse(201, { body: { performer: { id: LUNA }, status: 'requested' } }),
          ({ response, newEvents }) => {
            const id = (response.body as { id: string }).id;
            expect(newEvents.filter((event) => event.streamId === sessionStreams.session(id))).toMatchObject([
              { type: 'SessionRequested', data: { sessionId: id, userId: BOB, performerId: LUNA } },
            ]);
            expect(newEvents.filter((event) => event.streamId === streams.wallet(BOB))).toMatchObject([
              { type: 'AuracoinHeld', data: { holdId: id, reason: 'session' } },
            ]);
          },
        ]));

    it('refuses a rate other than the one he saw', () =>
      spec
        .given(...lunaAndBob)
        .when((request) => request.post('/api/sessions', { performerId: LUNA, expectedPrice: 1 }).as(user(BOB)))
        .then([expectError(409, 'price_changed')]));

    it('refuses a performer who is offline', () =>
      spec
        .given(...existingPerformer(LUNA, { username: 'luna' }), ...registeredUser(BOB, { auracoin: 50 }))
        .when((request) => request.post('/api/sessions', { performerId: LUNA }).as(user(BOB)))
        .then([expectError(409, 'performer_offline')]));
  });

  describe('POST /api/sessions/{id}/accept', () => {
    it('she accepts: the session starts', () =>
      spec
        .given(...lunaAndBob, requested)
        .when((request, priors) => request.post(`/api/sessions/${sessionOf(priors)}/accept`).as(performer(LUNA)))
        .then([
          expectResponse(200, { body: { status: 'active' } }),
          ({ response, newEvents }) =>
            expect(
              newEvents
                .filter((event) => event.streamId === sessionStreams.session((response.body as { id: string }).id))
                .map(({ type }) => type),
            ).toContain('SessionStarted'),
        ]));

    it('refuses another performer', () =>
      spec
        .given(...lunaAndBob, ...existingPerformer(SOLE), requested)
        .when((request, priors) => request.post(`/api/sessions/${sessionOf(priors)}/accept`).as(performer(SOLE)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('POST /api/sessions/{id}/decline', () => {
    it('she declines: his hold is released', () =>
      spec
        .given(...lunaAndBob, requested)
        .when((request, priors) => request.post(`/api/sessions/${sessionOf(priors)}/decline`).as(performer(LUNA)))
        .then([
          expectResponse(200, { body: { status: 'declined' } }),
          ({ response, newEvents }) => {
            const id = (response.body as { id: string }).id;
            expect(newEvents.filter((event) => event.streamId === sessionStreams.session(id))).toMatchObject([
              { type: 'SessionDeclined', data: { sessionId: id } },
            ]);
            expect(
              newEvents.filter((event) => event.streamId === streams.wallet(BOB)).map(({ type }) => type),
            ).toContain('AuracoinReleased');
          },
        ]));

    it('refuses the user (only she answers)', () =>
      spec
        .given(...lunaAndBob, requested)
        .when((request, priors) => request.post(`/api/sessions/${sessionOf(priors)}/decline`).as(user(BOB)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('POST /api/sessions/{id}/end', () => {
    it('he ends a running session', () =>
      spec
        .given(...lunaAndBob, requested, accepted)
        .when((request, priors) => request.post(`/api/sessions/${sessionOf(priors)}/end`).as(user(BOB)))
        .then([
          expectResponse(200, { body: { status: 'ended' } }),
          ({ response, newEvents }) =>
            expect(
              newEvents.filter(
                (event) => event.streamId === sessionStreams.session((response.body as { id: string }).id),
              ),
            ).toMatchObject([{ type: 'SessionEnded', data: { reason: 'user_ended' } }]),
        ]));

    it('refuses someone who is not one of its two parties', () =>
      spec
        .given(...lunaAndBob, ...existingPerformer(SOLE), requested, accepted)
        .when((request, priors) => request.post(`/api/sessions/${sessionOf(priors)}/end`).as(performer(SOLE)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('GET /api/sessions/{id}', () => {
    it('shows her what the minimum earns her, from the auracoin he bought (issue 38 item 8)', () =>
      spec
        .given(...lunaAndBuyerBob, requested)
        .when((request, priors) => request.get(`/api/sessions/${sessionOf(priors)}`).as(performer(LUNA)))
        // 5 minutes at 2 auracoin: 10 auracoin he bought, her 55%
        .then([expectResponse(200, { body: { status: 'requested', performerEarningsCents: 550 } })]));

    it('tells her a minimum held of his welcome coins earns her nothing', () =>
      spec
        .given(...lunaAndBob, requested)
        .when((request, priors) => request.get(`/api/sessions/${sessionOf(priors)}`).as(performer(LUNA)))
        .then([expectResponse(200, { body: { performerEarningsCents: 0 } })]));
  });

  describe('POST /api/sessions/{id}/rating', () => {
    it('he rates the session he had, paid with auracoin he bought', () =>
      spec
        .given(...lunaAndBuyerBob, requested, accepted, ended)
        .when((request, priors) =>
          request.post(`/api/sessions/${sessionOf(priors)}/rating`, { stars: 5, comment: 'Bellissima' }).as(user(BOB)),
        )
        .then([
          expectResponse(201, { body: { performerId: LUNA, stars: 5, comment: 'Bellissima' } }),
          ({ response, newEvents }) =>
            expect(
              newEvents.filter(
                (event) =>
                  event.streamId === sessionStreams.session((response.body as { sessionId: string }).sessionId),
              ),
            ).toMatchObject([{ type: 'SessionRated', data: { stars: 5 } }]),
        ]));

    it('refuses a session paid only with his welcome coins (403 rating_not_allowed)', () =>
      spec
        .given(...lunaAndBob, requested, accepted, ended)
        .when((request, priors) =>
          request.post(`/api/sessions/${sessionOf(priors)}/rating`, { stars: 5 }).as(user(BOB)),
        )
        .then([expectError(403, 'rating_not_allowed')]));

    it('refuses a session that never ran', () =>
      spec
        .given(...lunaAndBuyerBob, requested)
        .when((request, priors) =>
          request.post(`/api/sessions/${sessionOf(priors)}/rating`, { stars: 5 }).as(user(BOB)),
        )
        .then([expectError(403, 'rating_not_allowed')]));
  });
});
