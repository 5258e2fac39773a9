/**
 * One rule for every keyed route (issue 38 item 5): every route whose contract takes an
 * `Idempotency-Key` gives the first answer back for the same key and the same request, and refuses
 * the same key with another body, 422 `idempotency_key_reused`
 * (backend/platform/http/idempotency.ts). The routes are read from the contracts: a keyed route
 * without a case below fails here.
 */
import { apiRoutes, type ApiRouteName } from '@aura/contracts';
import { existingAdmin, existingPerformer, packageOnSale, registeredUser } from './api-fixtures';
import {
  admin,
  apiSpec,
  expectError,
  performer,
  priorRequest,
  user,
  type GivenStep,
  type RequestBuilder,
  type SpecRequest,
  type SpecResponse,
} from './api-spec';

const spec = apiSpec({ covers: [] });

const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const GOLD = '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9';
const SILVER = '2f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9';
const KEY = 'the-same-key';
const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const ALICE = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f52';
/** the photo Luna puts on sale */
const onSale = { imageUrl: 'https://example.com/alba.png', title: 'Alba', price: 5 };

/** A keyed route's case: the world, then a request with `body` (its priors: the `given` requests' answers). */
interface KeyedCase {
  given: GivenStep[];
  request: (request: RequestBuilder, body: 'first' | 'other', priors: SpecResponse[]) => SpecRequest;
}

const bob = registeredUser(BOB, { username: 'bob', auracoin: 200 });
const luna = existingPerformer(LUNA, { username: 'luna', online: true });

const cases: Partial<Record<ApiRouteName, KeyedCase>> = {
  createPurchase: {
    given: [...bob, packageOnSale(GOLD), packageOnSale(SILVER, { credits: 50 })],
    request: (request, body) => request.post('/api/purchases', { packageId: body === 'first' ? GOLD : SILVER }),
  },
  createAlias: {
    given: bob,
    request: (request, body) =>
      request.post(`/api/users/${BOB}/aliases`, { aliasName: body === 'first' ? 'Lupo' : 'Volpe', price: 50 }),
  },
  sendMessage: {
    given: [
      ...bob,
      ...luna,
      priorRequest((request) => request.post('/api/conversations', { performerId: LUNA }).as(user(BOB))),
    ],
    request: (request, body, priors) =>
      request.post('/api/messages', {
        conversationId: (priors[0]!.body as { id: string }).id,
        senderId: BOB,
        senderType: 'user',
        content: body === 'first' ? 'Ciao!' : 'Ciao di nuovo!',
      }),
  },
  purchasePhoto: {
    given: [
      ...bob,
      ...luna,
      priorRequest((request) => request.post(`/api/performers/${LUNA}/photos`, onSale).as(performer(LUNA))),
      // reviewed before it is shown (issue 39 item 5)
      ...existingAdmin(ADMIN),
      priorRequest((request, priors) =>
        request
          .post(`/api/admin/reviews/${(priors[0]!.body as { id: string }).id}`, { decision: 'approve' })
          .as(admin(ADMIN)),
      ),
    ],
    request: (request, body, priors) =>
      request.post(
        `/api/photos/${(priors[0]!.body as { id: string }).id}/purchase`,
        body === 'first' ? { expectedPrice: 5 } : {},
      ),
  },
  tipShow: {
    given: [
      ...bob,
      ...luna,
      priorRequest((request) => request.post('/api/shows', { title: 'Sera di musica' }).as(performer(LUNA))),
    ],
    request: (request, body, priors) =>
      request.post(`/api/shows/${(priors[0]!.body as { id: string }).id}/tips`, { amount: body === 'first' ? 5 : 6 }),
  },
  tipSession: {
    given: [
      ...bob,
      ...luna,
      priorRequest((request) => request.post('/api/sessions', { performerId: LUNA }).as(user(BOB))),
      priorRequest((request, priors) =>
        request.post(`/api/sessions/${(priors[0]!.body as { id: string }).id}/accept`).as(performer(LUNA)),
      ),
    ],
    request: (request, body, priors) =>
      request.post(`/api/sessions/${(priors[0]!.body as { id: string }).id}/tips`, {
        amount: body === 'first' ? 5 : 6,
      }),
  },
  // a ticket has no body, and its key is scoped to the show in its path (as a show tip's is): only the repeat is
  // specified here; the same key on another show buys that show's ticket
  buyShowTicket: {
    given: [
      ...bob,
      ...luna,
      priorRequest((request) => request.post('/api/shows', { title: 'Sera di musica' }).as(performer(LUNA))),
      priorRequest((request, priors) =>
        request
          .post(`/api/shows/${(priors[0]!.body as { id: string }).id}/ticket-show`, {
            price: 5,
            startsInMinutes: 10,
            description: 'Balli sul palco',
          })
          .as(performer(LUNA)),
      ),
    ],
    request: (request, _body, priors) => request.post(`/api/shows/${(priors[0]!.body as { id: string }).id}/tickets`),
  },
  startSpy: {
    given: [
      ...bob,
      ...luna,
      ...registeredUser(ALICE, { username: 'alice', auracoin: 200 }),
      priorRequest((request) => request.patch(`/api/performers/${LUNA}`, { spyPrice: 1 }).as(performer(LUNA))),
      priorRequest((request) => request.post('/api/sessions', { performerId: LUNA }).as(user(ALICE))),
      priorRequest((request, priors) =>
        request.post(`/api/sessions/${(priors[1]!.body as { id: string }).id}/accept`).as(performer(LUNA)),
      ),
    ],
    request: (request, body, priors) =>
      request.post(
        `/api/sessions/${(priors[1]!.body as { id: string }).id}/spy`,
        body === 'first' ? { expectedPrice: 1 } : {},
      ),
  },
};

/** keyed routes without a body: no other body to send under the same key */
const BODILESS = new Set<ApiRouteName>(['buyShowTicket']);

const keyedRoutes = (Object.keys(apiRoutes) as ApiRouteName[]).filter(
  (name) => (apiRoutes[name] as { idempotencyKey?: string }).idempotencyKey,
);

describe('keyed routes: the same Idempotency-Key with another body is refused (422 idempotency_key_reused)', () => {
  it('every keyed route of the contracts has a case here', () => {
    expect(keyedRoutes.filter((name) => !cases[name])).toEqual([]);
    expect(keyedRoutes.length).toBeGreaterThanOrEqual(5);
  });

  for (const name of keyedRoutes) {
    const keyed = cases[name];
    if (!keyed) continue;
    /** the first request with the key, as a prior (its priors: the case's own) */
    const first = priorRequest((request, priors) =>
      keyed.request(request, 'first', priors).header('idempotency-key', KEY).as(user(BOB)),
    );
    it(`${name}: the same key again with the same body gives the first answer back`, () =>
      spec
        .given(...keyed.given, first)
        .when((request, priors) => keyed.request(request, 'first', priors).header('idempotency-key', KEY).as(user(BOB)))
        .then([
          ({ response }) => expect(response.status).toBeLessThan(300),
          ({ newEvents }) => expect(newEvents).toEqual([]),
        ]));
    if (BODILESS.has(name)) continue;
    it(`${name}: the same key with another body is refused, and nothing is written`, () =>
      spec
        .given(...keyed.given, first)
        .when((request, priors) => keyed.request(request, 'other', priors).header('idempotency-key', KEY).as(user(BOB)))
        .then([expectError(422, 'idempotency_key_reused')]));
  }
});
