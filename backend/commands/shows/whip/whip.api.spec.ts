import { showStreams, WHIP_SHOW_TITLE, whipStreams } from '@aura/contracts';
import { existingAdmin, existingPerformer, registeredUser } from '../../../test/api-fixtures';
import {
  admin,
  apiSpec,
  expectError,
  expectNewEvents,
  expectResponse,
  performer,
  priorRequest,
  type RequestBuilder,
  type SpecResponse,
  user,
} from '../../../test/api-spec';

const spec = apiSpec({ covers: ['getWhip', 'renewWhipToken', 'whipPublish', 'whipEnd'] });

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOLE = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ADMIN = '6b8d1f3f-2e2a-4dab-8b54-1e3c2d4f5a61';

const OFFER = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111',
  'a=rtpmap:111 opus/48000/2',
  'a=sendonly',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'a=rtpmap:96 VP8/90000',
  'a=sendonly',
  '',
].join('\r\n');

const luna = existingPerformer(LUNA, { username: 'luna', online: true });
/** her dashboard read her settings (priors[0]) */
const readSettings = priorRequest((request) => request.get(`/api/performers/${LUNA}/whip`).as(performer(LUNA)));
const tokenOf = (priors: SpecResponse[], index = 0) => (priors[index]!.body as { token: string }).token;
/** her encoder's offer with the token of `priors[index]` */
const publish =
  (index = 0, sdp = OFFER, type = 'application/sdp') =>
  (request: RequestBuilder, priors: SpecResponse[]) =>
    request
      .post('/api/whip')
      .raw(sdp, type)
      .header('authorization', `Bearer ${tokenOf(priors, index)}`);
/** her encoder went live (priors[1]) */
const published = priorRequest(publish());
const locationOf = (priors: SpecResponse[], index = 1) => priors[index]!.headers.location as string;

describe('GET /api/performers/{id}/whip', () => {
  it('gives her the WHIP address and a token, made on her first read, the same on the next', () =>
    spec
      .given(...luna, readSettings)
      .when((request) => request.get(`/api/performers/${LUNA}/whip`).as(performer(LUNA)))
      .then([
        ({ response, newEvents }) => {
          const body = response.body as { url: string; token: string; showId: string | null };
          expect(response.status).toBe(200);
          expect(body.url).toMatch(/\/api\/whip$/);
          expect(body.token).toMatch(new RegExp(`^${LUNA}\\.[\\w-]{43}$`));
          expect(body.showId).toBeNull();
          expect(newEvents).toEqual([]);
        },
      ]));

  it('keeps only the hash of her token', () =>
    spec
      .given(...luna)
      .when((request) => request.get(`/api/performers/${LUNA}/whip`).as(performer(LUNA)))
      .then([
        expectResponse(200),
        expectNewEvents(whipStreams.whip(LUNA), [{ type: 'WhipTokenIssued' }]),
        ({ response, newEvents }) => {
          const token = (response.body as { token: string }).token;
          expect(JSON.stringify(newEvents)).not.toContain(token.split('.')[1]);
        },
      ]));

  it.each([
    ['another performer', performer(SOLE)],
    ['a user', user(BOB)],
  ])('refuses %s', (_who, caller) =>
    spec
      .given(...luna, ...existingPerformer(SOLE, { username: 'sole' }), ...registeredUser(BOB, { username: 'bob' }))
      .when((request) => request.get(`/api/performers/${LUNA}/whip`).as(caller))
      .then([expectError(403, 'forbidden')]),
  );

  it('refuses an admin: her token is hers alone', () =>
    spec
      .given(...luna, ...existingAdmin(ADMIN))
      .when((request) => request.get(`/api/performers/${LUNA}/whip`).as(admin(ADMIN)))
      .then([expectError(403, 'forbidden')]));
});

describe('POST /api/performers/{id}/whip/token', () => {
  it('makes a new token (201) and the one before stops working', () =>
    spec
      .given(
        ...luna,
        readSettings,
        priorRequest((request) => request.post(`/api/performers/${LUNA}/whip/token`).as(performer(LUNA))),
      )
      .when(publish(0))
      .then([expectError(401, 'whip_token_invalid')]));

  it('answers 201 with the new token', () =>
    spec
      .given(...luna, readSettings)
      .when((request) => request.post(`/api/performers/${LUNA}/whip/token`).as(performer(LUNA)))
      .then([
        expectResponse(201),
        expectNewEvents(whipStreams.whip(LUNA), [{ type: 'WhipTokenIssued' }]),
        ({ response }) => expect((response.body as { token: string }).token).toMatch(new RegExp(`^${LUNA}\\.`)),
      ]));

  it('refuses another performer', () =>
    spec
      .given(...luna, ...existingPerformer(SOLE, { username: 'sole' }))
      .when((request) => request.post(`/api/performers/${LUNA}/whip/token`).as(performer(SOLE)))
      .then([expectError(403, 'forbidden')]));
});

describe('POST /api/whip', () => {
  it('takes her offer: 201, the SFU’s SDP answer and the Location of her stream; she is live', () =>
    spec
      .given(...luna, readSettings)
      .when(publish())
      .then([
        ({ response }) => {
          expect(response.status).toBe(201);
          expect(response.headers['content-type']).toMatch(/^application\/sdp/);
          expect(response.headers.location).toMatch(/^\/api\/whip\/[0-9a-f-]{36}$/);
          expect(response.text).toMatch(/^v=0/);
        },
        expectNewEvents(showStreams.stage(LUNA), [{ type: 'ShowStarted', data: { title: WHIP_SHOW_TITLE } }]),
        expectNewEvents(whipStreams.whip(LUNA), [{ type: 'WhipStreamStarted' }]),
      ]));

  it("goes live with her last show's title; her dashboard names the show it streams", () =>
    spec
      .given(
        ...luna,
        priorRequest((request) => request.post('/api/shows', { title: 'Sera di musica' }).as(performer(LUNA))),
        priorRequest((request, priors) =>
          request.post(`/api/shows/${(priors[0]!.body as { id: string }).id}/end`).as(performer(LUNA)),
        ),
        priorRequest((request) => request.get(`/api/performers/${LUNA}/whip`).as(performer(LUNA))),
        priorRequest(publish(2)),
      )
      .when((request) => request.get(`/api/performers/${LUNA}/whip`).as(performer(LUNA)))
      .then([
        ({ response, world }) => {
          expect(response.status).toBe(200);
          const showId = (response.body as { showId: string }).showId;
          expect(showId).toMatch(/^[0-9a-f-]{36}$/);
          return world.ports.eventStore.readStream(showStreams.stage(LUNA)).then((events) => {
            expect(events.at(-1)).toMatchObject({ type: 'ShowStarted', data: { showId, title: 'Sera di musica' } });
          });
        },
      ]));

  it.each([
    ['no token', (request: RequestBuilder) => request.post('/api/whip').raw(OFFER, 'application/sdp')],
    [
      'what is no token',
      (request: RequestBuilder) =>
        request.post('/api/whip').raw(OFFER, 'application/sdp').header('authorization', 'Bearer nope'),
    ],
    [
      'a token of nobody',
      (request: RequestBuilder) =>
        request
          .post('/api/whip')
          .raw(OFFER, 'application/sdp')
          .header('authorization', `Bearer ${SOLE}.${'A'.repeat(43)}`),
    ],
  ])('refuses %s (401)', (_what, when) =>
    spec
      .given(...luna, readSettings)
      .when(when)
      .then([expectError(401, 'whip_token_invalid')]),
  );

  it('refuses a wrong token of hers (401)', () =>
    spec
      .given(...luna, readSettings)
      .when((request, priors) =>
        request
          .post('/api/whip')
          .raw(OFFER, 'application/sdp')
          .header('authorization', `Bearer ${tokenOf(priors).slice(0, -2)}AA`),
      )
      .then([expectError(401, 'whip_token_invalid')]));

  it('takes an offer of H.264 video only, as OBS 30+ sends it: 201, she is live', () =>
    spec
      .given(...luna, readSettings)
      .when(publish(0, OFFER.replace('a=rtpmap:96 VP8/90000', 'a=rtpmap:96 H264/90000')))
      .then([
        expectResponse(201),
        expectNewEvents(showStreams.stage(LUNA), [{ type: 'ShowStarted', data: { title: WHIP_SHOW_TITLE } }]),
      ]));

  it('refuses an offer without video (422): she does not go live', () =>
    spec
      .given(...luna, readSettings)
      .when(publish(0, OFFER.replace(/m=video[\s\S]*$/, '')))
      .then([expectError(422, 'whip_no_video')]));

  it('refuses what is not application/sdp (415)', () =>
    spec
      .given(...luna, readSettings)
      .when(publish(0, JSON.stringify({ sdp: OFFER }), 'application/json'))
      .then([expectError(415, 'unsupported_media_type')]));

  it('refuses a second stream while one is live (409)', () =>
    spec
      .given(...luna, readSettings, published)
      .when(publish(0))
      .then([expectError(409, 'show_already_live')]));

  it('refuses while her show from the browser is live (409)', () =>
    spec
      .given(
        ...luna,
        readSettings,
        priorRequest((request) => request.post('/api/shows', { title: 'Dal browser' }).as(performer(LUNA))),
      )
      .when(publish(0))
      .then([expectError(409, 'show_already_live')]));
});

describe('DELETE /api/whip/{id}', () => {
  it('ends her stream and the show', () =>
    spec
      .given(...luna, readSettings, published)
      .when((request, priors) =>
        request.delete(locationOf(priors)).header('authorization', `Bearer ${tokenOf(priors)}`),
      )
      .then([
        expectResponse(200, { body: { ok: true } }),
        expectNewEvents(showStreams.stage(LUNA), [{ type: 'ShowEnded', data: { reason: 'performer' } }]),
      ]));

  it('refuses without her token (401), and a stream that is not hers to end (404)', async () => {
    await spec
      .given(...luna, readSettings, published)
      .when((request, priors) => request.delete(locationOf(priors)))
      .then([expectError(401, 'whip_token_invalid')]);
    await spec
      .given(...luna, readSettings, published)
      .when((request, priors) =>
        request
          .delete('/api/whip/9b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f')
          .header('authorization', `Bearer ${tokenOf(priors)}`),
      )
      .then([expectError(404, 'not_found')]);
  });

  it('refuses a stream already ended (409)', () =>
    spec
      .given(
        ...luna,
        readSettings,
        published,
        priorRequest((request, priors) =>
          request.delete(locationOf(priors)).header('authorization', `Bearer ${tokenOf(priors)}`),
        ),
      )
      .when((request, priors) =>
        request.delete(locationOf(priors)).header('authorization', `Bearer ${tokenOf(priors)}`),
      )
      .then([expectError(409, 'show_ended')]));
});
