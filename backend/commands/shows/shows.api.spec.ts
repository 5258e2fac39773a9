import { showStreams, streams } from '@aura/contracts';
import { existingAdmin, existingPerformer, registeredUser } from '../../test/api-fixtures';
import { MINIMAL_JPEG } from '../../test/image-fixtures';
import {
  admin,
  apiSpec,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  performer,
  priorRequest,
  SpecRequest,
  type RequestBuilder,
  type SpecResponse,
  user,
} from '../../test/api-spec';

const spec = apiSpec({
  covers: [
    'startShow',
    'retitleShow',
    'endShow',
    'setTipMenu',
    'setShowGoal',
    'tipShow',
    'postShowMessage',
    'deleteShowMessage',
    'muteShowIdentity',
    'banShowIdentity',
    'showLeaderboard',
    'putShowThumbnail',
  ],
});

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOLE = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';

const lunaAndBob = [
  ...existingPerformer(LUNA, { username: 'luna', online: true }),
  ...registeredUser(BOB, { username: 'bob', auracoin: 20 }),
];
/** Luna went live */
const live = priorRequest((request) => request.post('/api/shows', { title: 'Sera di musica' }).as(performer(LUNA)));
const showOf = (priors: SpecResponse[]) => (priors[0]!.body as { id: string }).id;
/** Bob wrote a line in her room */
const bobWrote = priorRequest((request, priors) =>
  request.post(`/api/shows/${showOf(priors)}/messages`, { content: 'Ciao Luna!' }).as(user(BOB)),
);
const lineOf = (priors: SpecResponse[]) => (priors[1]!.body as { id: string }).id;
/** Bob with enough auracoin for an alias */
const lunaAndRichBob = [
  ...existingPerformer(LUNA, { username: 'luna', online: true }),
  ...registeredUser(BOB, { username: 'bob', auracoin: 100 }),
];
/** Bob bought the alias Lupo (after going live and writing a line: priors[2]) */
const bobBoughtLupo = priorRequest((request) =>
  request.post(`/api/users/${BOB}/aliases`, { aliasName: 'Lupo', price: 50 }).as(user(BOB)),
);
const aliasOf = (priors: SpecResponse[]) => (priors[2]!.body as { id: string }).id;

const ANNA = '6b8d1f3f-2e2a-4dab-8b54-1e3c2d4f5a61';
/** `who` tipped `amount` auracoin in Luna's show (gone live in priors[0]) */
const tipped = (who: string, amount: number, key: string) =>
  priorRequest((request, priors) =>
    request
      .post(`/api/shows/${showOf(priors)}/tips`, { amount })
      .header('idempotency-key', key)
      .as(user(who)),
  );

describe('shows API', () => {
  describe('POST /api/shows', () => {
    it('she goes live with a title', () =>
      spec
        .given(...lunaAndBob)
        .when((request) => request.post('/api/shows', { title: 'Sera di musica' }).as(performer(LUNA)))
        .then([
          expectResponse(201, { body: { performerId: LUNA, title: 'Sera di musica' } }),
          expectNewEvents(showStreams.stage(LUNA), [
            { type: 'ShowStarted', data: { performerId: LUNA, title: 'Sera di musica' } },
          ]),
        ]));

    it('refuses a user', () =>
      spec
        .given(...lunaAndBob)
        .when((request) => request.post('/api/shows', { title: 'Sera di musica' }).as(user(BOB)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('PATCH /api/shows/{id}', () => {
    const retitle =
      (who: string, title: unknown = 'Canzoni della sera') =>
      (request: RequestBuilder, priors: SpecResponse[]) =>
        request.patch(`/api/shows/${showOf(priors)}`, { title }).as(performer(who));

    it("she changes her live show's title: the show answers it, the log records it", () =>
      spec
        .given(...lunaAndBob, live)
        .when(retitle(LUNA))
        .then([
          expectResponse(200, { body: { performerId: LUNA, title: 'Canzoni della sera', status: 'live' } }),
          expectNewEvents(showStreams.stage(LUNA), [
            { type: 'ShowRetitled', data: { performerId: LUNA, title: 'Canzoni della sera' } },
          ]),
        ]));

    it('the list of live shows carries the new title', () =>
      spec
        .given(...lunaAndBob, live, priorRequest(retitle(LUNA)))
        .when((request) => request.get('/api/shows'))
        .then([expectResponse(200, { body: [{ performerId: LUNA, title: 'Canzoni della sera' }] })]));

    it('the same title again records nothing', () =>
      spec
        .given(...lunaAndBob, live)
        .when(retitle(LUNA, 'Sera di musica'))
        .then([expectResponse(200, { body: { title: 'Sera di musica' } }), expectNoNewEvents()]));

    it('refuses another performer', () =>
      spec
        .given(...lunaAndBob, ...existingPerformer(SOLE), live)
        .when(retitle(SOLE))
        .then([expectError(403, 'forbidden'), expectNoNewEvents()]));

    it('refuses a user', () =>
      spec
        .given(...lunaAndBob, live)
        .when((request, priors) => request.patch(`/api/shows/${showOf(priors)}`, { title: 'Mio' }).as(user(BOB)))
        .then([expectError(403, 'forbidden')]));

    it('refuses a show that ended (409)', () =>
      spec
        .given(
          ...lunaAndBob,
          live,
          priorRequest((request, priors) => request.post(`/api/shows/${showOf(priors)}/end`).as(performer(LUNA))),
        )
        .when(retitle(LUNA))
        .then([expectError(409, 'show_ended'), expectNoNewEvents()]));

    it.each([
      ['an empty title', '   '],
      ['a title over the limit', 'x'.repeat(200)],
      ['no title (null)', null],
    ])('refuses %s (400)', (_what, title) =>
      spec
        .given(...lunaAndBob, live)
        .when(retitle(LUNA, title))
        .then([expectError(400, 'validation_failed'), expectNoNewEvents()]),
    );
  });

  describe('POST /api/shows/{id}/end', () => {
    it('she ends her show', () =>
      spec
        .given(...lunaAndBob, live)
        .when((request, priors) => request.post(`/api/shows/${showOf(priors)}/end`).as(performer(LUNA)))
        .then([
          expectResponse(200),
          expectNewEvents(showStreams.stage(LUNA), [
            { type: 'ShowEnded', data: { performerId: LUNA, reason: 'performer' } },
          ]),
        ]));

    it('refuses another performer', () =>
      spec
        .given(...lunaAndBob, ...existingPerformer(SOLE), live)
        .when((request, priors) => request.post(`/api/shows/${showOf(priors)}/end`).as(performer(SOLE)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('PUT /api/performers/{id}/tip-menu', () => {
    it('she sets her tip menu', () =>
      spec
        .given(...lunaAndBob)
        .when((request) =>
          request
            .put(`/api/performers/${LUNA}/tip-menu`, { items: [{ label: 'Una canzone', price: 10 }] })
            .as(performer(LUNA)),
        )
        .then([
          expectResponse(200, { body: { performerId: LUNA, items: [{ label: 'Una canzone', price: 10 }] } }),
          expectNewEvents(showStreams.stage(LUNA), [
            { type: 'TipMenuSet', data: { performerId: LUNA, items: [{ label: 'Una canzone', priceUnits: 1_000 }] } },
          ]),
        ]));

    it("refuses another performer's menu", () =>
      spec
        .given(...lunaAndBob, ...existingPerformer(SOLE))
        .when((request) =>
          request
            .put(`/api/performers/${LUNA}/tip-menu`, { items: [{ label: 'Una canzone', price: 10 }] })
            .as(performer(SOLE)),
        )
        .then([expectError(403, 'forbidden')]));
  });

  describe('POST /api/shows/{id}/goals', () => {
    it('she sets a goal for the show', () =>
      spec
        .given(...lunaAndBob, live)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/goals`, { description: 'Nuova chitarra', target: 100 })
            .as(performer(LUNA)),
        )
        .then([
          expectResponse(201),
          ({ newEvents, response }) =>
            expect(
              newEvents.filter((event) => event.streamId === showStreams.show((response.body as { id: string }).id)),
            ).toMatchObject([{ type: 'ShowGoalSet', data: { description: 'Nuova chitarra', targetUnits: 10_000 } }]),
        ]));

    it('refuses a goal of nothing', () =>
      spec
        .given(...lunaAndBob, live)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/goals`, { description: 'Nuova chitarra', target: 0 })
            .as(performer(LUNA)),
        )
        .then([expectError(400, 'validation_failed')]));
  });

  describe('POST /api/shows/{id}/tips', () => {
    it('he tips her show: the tip, then its debit, on his wallet', () =>
      spec
        .given(...lunaAndBob, live)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tips`, { amount: 5, message: 'Brava!' })
            .header('idempotency-key', 'tip-1')
            .as(user(BOB)),
        )
        .then([
          expectResponse(201, { body: { tip: { amount: 5, message: 'Brava!', displayName: 'bob' }, balance: 15 } }),
          ({ newEvents }) =>
            expect(newEvents.filter((event) => event.streamId === streams.wallet(BOB))).toMatchObject([
              { type: 'ShowTipped', data: { walletId: BOB, performerId: LUNA, amountUnits: 500 } },
              { type: 'AuracoinDebited', data: { amount: 500, reason: 'tip' } },
            ]),
        ]));

    it('refuses him when his wallet cannot pay it', () =>
      spec
        .given(...lunaAndBob, live)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tips`, { amount: 50 })
            .header('idempotency-key', 'tip-1')
            .as(user(BOB)),
        )
        .then([
          // accepted in the room (not money), nothing on his wallet
          expectError(400, 'insufficient_balance', { allowNewEvents: true }),
          ({ newEvents }) =>
            expect(newEvents.map(({ streamId, type }) => `${streamId} ${type}`)).toEqual([
              expect.stringMatching(/^show-.* ShowTipAccepted$/),
            ]),
        ]));

    it('refuses a tip once her show ended (409), and charges nothing', () =>
      spec
        .given(
          ...lunaAndBob,
          live,
          priorRequest((request, priors) => request.post(`/api/shows/${showOf(priors)}/end`).as(performer(LUNA))),
        )
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tips`, { amount: 5 })
            .header('idempotency-key', 'tip-1')
            .as(user(BOB)),
        )
        .then([expectError(409, 'show_ended', { detail: 'Lo show è terminato' })]));

    it('refuses his key again with another tip (422), and gives the first tip back for the same', () =>
      spec
        .given(
          ...lunaAndBob,
          live,
          priorRequest((request, priors) =>
            request
              .post(`/api/shows/${showOf(priors)}/tips`, { amount: 5, message: 'Brava!' })
              .header('idempotency-key', 'tip-1')
              .as(user(BOB)),
          ),
        )
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tips`, { amount: 6, message: 'Brava!' })
            .header('idempotency-key', 'tip-1')
            .as(user(BOB)),
        )
        .then([expectError(422, 'idempotency_key_reused')]));
  });

  describe('PUT /api/shows/{id}/thumbnail', () => {
    const JPEG = MINIMAL_JPEG;
    /** `who` sends `bytes` as the thumbnail of Luna's show (gone live in priors[0]) */
    const frame =
      (who: string, bytes: Buffer = JPEG) =>
      (request: RequestBuilder, priors: SpecResponse[]) =>
        request
          .put(`/api/shows/${showOf(priors)}/thumbnail`)
          .raw(bytes, 'image/jpeg')
          .as(performer(who));
    const sentFrame = priorRequest(frame(LUNA));

    it('she sends a frame of her live show: its address, a public file', () =>
      spec
        .given(...lunaAndBob, live)
        .when(frame(LUNA))
        .then([
          ({ response }) =>
            expect(response).toMatchObject({
              status: 200,
              body: { thumbnailUrl: expect.stringMatching(/^\/api\/files\/public\/[0-9a-f-]{36}$/) },
            }),
        ]));

    it('she sends a frame of her live show: the list of shows carries its address', () =>
      spec
        .given(...lunaAndBob, live, sentFrame)
        .when((request) => request.get('/api/shows'))
        .then([
          expectResponse(200),
          async ({ response, world }) => {
            const [show] = response.body as { thumbnailUrl: string | null }[];
            expect(show!.thumbnailUrl).toMatch(/^\/api\/files\/public\/[0-9a-f-]{36}$/);
            // served by Aura: the JPEG she sent
            const frame = await world.send(
              new SpecRequest('get', show!.thumbnailUrl!).header('cookie', await world.ageProofCookie()),
            );
            expect({ status: frame.status, type: frame.headers['content-type'] }).toEqual({
              status: 200,
              type: 'image/jpeg',
            });
          },
        ]));

    it('refuses a frame from anyone but her', () =>
      spec
        .given(...lunaAndBob, ...existingPerformer(SOLE, { username: 'sole', online: true }), live)
        .when(frame(SOLE))
        .then([expectError(403, 'forbidden')]));

    it.each([
      ['what is not a JPEG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, 'unsupported_media_type'],
      ['a frame over 200 kB', Buffer.concat([JPEG, Buffer.alloc(200_000)]), 413, 'payload_too_large'],
    ] as const)('refuses %s', (_what, bytes, status, code) =>
      spec
        .given(...lunaAndBob, live)
        .when(frame(LUNA, bytes))
        .then([expectError(status, code)]),
    );
  });

  describe('GET /api/shows/{id}/leaderboard', () => {
    it("ranks the show's tippers by what they gave, by name only", () =>
      spec
        .given(
          ...lunaAndBob,
          ...registeredUser(ANNA, { username: 'anna', auracoin: 20 }),
          live,
          tipped(BOB, 5, 'bob-1'),
          tipped(ANNA, 6, 'anna-1'),
          tipped(BOB, 2, 'bob-2'),
        )
        .when((request, priors) => request.get(`/api/shows/${showOf(priors)}/leaderboard`))
        .then([
          expectResponse(200, {
            body: {
              tippers: [
                { rank: 1, displayName: 'bob', amount: 7, tips: 2 },
                { rank: 2, displayName: 'anna', amount: 6, tips: 1 },
              ],
            },
          }),
          ({ response }) => {
            expect(JSON.stringify(response.body)).not.toContain(BOB);
            expect(JSON.stringify(response.body)).not.toContain(ANNA);
          },
        ]));

    it('answers 404 for a show that does not exist', () =>
      spec
        .given(...lunaAndBob)
        .when((request) => request.get(`/api/shows/${ANNA}/leaderboard`))
        .then([expectError(404, 'not_found')]));
  });

  describe('POST /api/shows/{id}/messages', () => {
    it('he writes a line in her room', () =>
      spec
        .given(...lunaAndBob, live)
        .when((request, priors) =>
          request.post(`/api/shows/${showOf(priors)}/messages`, { content: 'Ciao!' }).as(user(BOB)),
        )
        .then([
          expectResponse(201, { body: { content: 'Ciao!', displayName: 'bob', senderType: 'user' } }),
          ({ response, newEvents }) =>
            expect(newEvents).toMatchObject([
              // his first line chooses how he shows himself in this room
              {
                streamId: streams.uniqueValue(
                  'show-room-identity',
                  `${(response.body as { showId: string }).showId}:${BOB}`,
                ),
                type: 'UniqueValueClaimed',
                data: { ownerId: BOB },
              },
              {
                streamId: showStreams.message((response.body as { id: string }).id),
                type: 'ShowMessagePosted',
                data: { content: 'Ciao!', userId: BOB, identityId: BOB },
              },
            ]),
        ]));

    it('his next line under the same identity chooses nothing again', () =>
      spec
        .given(...lunaAndBob, live, bobWrote)
        .when((request, priors) =>
          request.post(`/api/shows/${showOf(priors)}/messages`, { content: 'Ancora io' }).as(user(BOB)),
        )
        .then([
          expectResponse(201, { body: { displayName: 'bob' } }),
          ({ newEvents }) => expect(newEvents.map(({ type }) => type)).toEqual(['ShowMessagePosted']),
        ]));

    it('refuses a line under another identity once he has chosen in this room', () =>
      spec
        .given(...lunaAndRichBob, live, bobWrote, bobBoughtLupo)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/messages`, { content: 'Sono Lupo', aliasId: aliasOf(priors) })
            .as(user(BOB)),
        )
        .then([
          expectError(409, 'room_identity_taken', { detail: 'In questa stanza hai già scelto come presentarti' }),
        ]));

    it('refuses a tip under another identity once he has chosen in this room', () =>
      spec
        .given(...lunaAndRichBob, live, bobWrote, bobBoughtLupo)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tips`, { amount: 5, aliasId: aliasOf(priors) })
            .header('idempotency-key', 'tip-lupo')
            .as(user(BOB)),
        )
        .then([expectError(409, 'room_identity_taken')]));

    it('refuses another performer in her room', () =>
      spec
        .given(...lunaAndBob, ...existingPerformer(SOLE), live)
        .when((request, priors) =>
          request.post(`/api/shows/${showOf(priors)}/messages`, { content: 'Ciao!' }).as(performer(SOLE)),
        )
        .then([expectError(403, 'forbidden')]));
  });

  describe('GET /api/shows/{id}/messages', () => {
    it('another user reads the room without who wrote each line; she reads who did', async () => {
      await spec
        .given(...lunaAndBob, ...registeredUser(ANNA, { username: 'anna' }), live, bobWrote)
        .when((request, priors) => request.get(`/api/shows/${showOf(priors)}/messages`).as(user(ANNA)))
        .then([
          expectResponse(200, { body: [{ content: 'Ciao Luna!', displayName: 'bob' }] }),
          ({ response }) => expect(JSON.stringify(response.body)).not.toContain(BOB),
        ]);
      await spec
        .given(...lunaAndBob, live, bobWrote)
        .when((request, priors) => request.get(`/api/shows/${showOf(priors)}/messages`).as(performer(LUNA)))
        .then([expectResponse(200, { body: [{ content: 'Ciao Luna!', identityId: BOB }] })]);
    });
  });

  describe('DELETE /api/shows/{id}/messages/{messageId}', () => {
    it('she deletes a line of her room', () =>
      spec
        .given(...lunaAndBob, live, bobWrote)
        .when((request, priors) =>
          request.delete(`/api/shows/${showOf(priors)}/messages/${lineOf(priors)}`).as(performer(LUNA)),
        )
        .then([
          expectResponse(200, { body: { ok: true } }),
          ({ newEvents }) =>
            expect(newEvents).toMatchObject([{ type: 'ShowMessageDeleted', data: { deletedBy: LUNA } }]),
        ]));

    it('refuses the user who wrote it', () =>
      spec
        .given(...lunaAndBob, live, bobWrote)
        .when((request, priors) =>
          request.delete(`/api/shows/${showOf(priors)}/messages/${lineOf(priors)}`).as(user(BOB)),
        )
        .then([expectError(403, 'forbidden')]));
  });

  describe('POST /api/shows/{id}/mutes', () => {
    it('she mutes an identity in her room', () =>
      spec
        .given(...lunaAndBob, live, bobWrote)
        .when((request, priors) =>
          request.post(`/api/shows/${showOf(priors)}/mutes`, { identityId: BOB }).as(performer(LUNA)),
        )
        .then([
          expectResponse(200, { body: { ok: true } }),
          ({ newEvents }) =>
            expect(newEvents).toMatchObject([{ type: 'ShowIdentityMuted', data: { identityId: BOB, mutedBy: LUNA } }]),
        ]));

    it('refuses to mute herself', () =>
      spec
        .given(...lunaAndBob, live)
        .when((request, priors) =>
          request.post(`/api/shows/${showOf(priors)}/mutes`, { identityId: LUNA }).as(performer(LUNA)),
        )
        .then([expectError(400, 'mute_self')]));
  });

  describe('POST /api/shows/{id}/bans', () => {
    it('she bans an identity that wrote in her room, from her stage', () =>
      spec
        .given(...lunaAndBob, live, bobWrote)
        .when((request, priors) =>
          request.post(`/api/shows/${showOf(priors)}/bans`, { identityId: BOB }).as(performer(LUNA)),
        )
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(showStreams.stage(LUNA), [
            { type: 'ShowRoomBanned', data: { identityId: BOB, userId: BOB } },
          ]),
        ]));

    it('refuses an identity never seen in her room', () =>
      spec
        .given(...lunaAndBob, live)
        .when((request, priors) =>
          request.post(`/api/shows/${showOf(priors)}/bans`, { identityId: BOB }).as(performer(LUNA)),
        )
        .then([expectError(404, 'not_found')]));
  });

  describe('GET /api/shows/{id} of a show hidden by a report', () => {
    const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
    /** Bob reports her live show as non-consensual: hidden at once until a decision (issue 39 item 3) */
    const bobReported = priorRequest((request, priors) =>
      request
        .post('/api/reports', {
          targetKind: 'show',
          targetId: showOf(priors),
          category: 'non_consensuale',
          description: 'La persona in camera non sembra consenziente',
          goodFaith: true,
        })
        .as(user(BOB)),
    );
    const hidden = () =>
      spec.given(
        ...lunaAndBob,
        ...registeredUser(ANNA, { username: 'anna' }),
        ...existingAdmin(ADMIN),
        live,
        bobReported,
      );

    it('is not there for another user, nor for a visitor (404), nor are its room, tips or leaderboard', async () => {
      for (const path of ['', '/messages', '/tips', '/leaderboard']) {
        await hidden()
          .when((request, priors) => request.get(`/api/shows/${showOf(priors)}${path}`).as(user(ANNA)))
          .then([expectError(404, 'not_found')]);
      }
      await hidden()
        .when((request, priors) => request.get(`/api/shows/${showOf(priors)}`))
        .then([expectError(404, 'not_found')]);
    });

    it('is still seen by her, with her summary, and by admins', async () => {
      await hidden()
        .when((request, priors) => request.get(`/api/shows/${showOf(priors)}`).as(performer(LUNA)))
        .then([expectResponse(200, { body: { performerId: LUNA, title: 'Sera di musica' } })]);
      await hidden()
        .when((request, priors) => request.get(`/api/shows/${showOf(priors)}`).as(admin(ADMIN)))
        .then([expectResponse(200, { body: { performerId: LUNA, title: 'Sera di musica' } })]);
    });

    it('a report in another category hides nothing: others still see the show', () =>
      spec
        .given(
          ...lunaAndBob,
          ...registeredUser(ANNA, { username: 'anna' }),
          live,
          priorRequest((request, priors) =>
            request
              .post('/api/reports', {
                targetKind: 'show',
                targetId: showOf(priors),
                category: 'spam',
                description: 'Pubblicità',
                goodFaith: true,
              })
              .as(user(BOB)),
          ),
        )
        .when((request, priors) => request.get(`/api/shows/${showOf(priors)}`).as(user(ANNA)))
        .then([expectResponse(200, { body: { performerId: LUNA } })]));
  });
});
