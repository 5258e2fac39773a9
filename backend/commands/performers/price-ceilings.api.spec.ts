/**
 * Issue 19, item 2 (prices): every price a performer sets has a ceiling (docs/product.md#price-ceilings):
 * 100 auracoin a minute, 50 a message, 500 a photo. Above it the server answers 400 naming the
 * field with the Italian message of `priceCeilingMessages`, and nothing is written
 * (was backend/test/security/price-ceilings.int.ts).
 */
import { priceCeilingMessages } from '@aura/contracts';
import { existingAdmin, existingPerformer } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  expectError,
  expectResponse,
  performer,
  type RequestBuilder,
  type SpecCheck,
  type SpecRequest,
} from '../../test/api-spec';

const spec = apiSpec({ covers: [] });

const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';

const luna = existingPerformer(LUNA, { username: 'luna', rate: 2, online: true });

/**
 * The refusal: 400, the field named with the ceiling's Italian message, and the log as it was
 * (`expectError` lets only the admin's second-factor code be spent: the gate runs before the handler).
 */
const refusedAbove = (field: string, message: string): SpecCheck[] => [
  expectError(400, 'validation_failed'),
  expectResponse(400, { body: { errors: expect.arrayContaining([{ path: `body.${field}`, message }]) } }),
];

/** Luna asks this of her profile */
const herPatch = (body: unknown) => (request: RequestBuilder) =>
  request.patch(`/api/performers/${LUNA}`, body).as(performer(LUNA));

/** Luna puts a photo on sale at `price` */
const herPhoto = (price: number) => (request: RequestBuilder) =>
  request
    .post(`/api/performers/${LUNA}/photos`, { imageUrl: 'https://img.example/p.jpg', title: 'Tramonto', price })
    .as(performer(LUNA));

/** An admin's form creating a performer at `creditsPerMinute` */
const adminForm = (creditsPerMinute: number) => (request: RequestBuilder) =>
  request
    .post('/api/performers', {
      name: 'Cara',
      age: 30,
      image: 'https://img.example/c.png',
      creditsPerMinute,
      languages: 'Italiano',
    })
    .as(admin(ADMIN, { secondFactor: true }));

const refusals: [string, (request: RequestBuilder) => SpecRequest, string, string][] = [
  ['her rate', herPatch({ creditsPerMinute: 100.5 }), 'creditsPerMinute', priceCeilingMessages.ratePerMinute],
  ['her rate (far)', herPatch({ creditsPerMinute: 1e9 }), 'creditsPerMinute', 'Tariffa massima 100 auracoin/min'],
  ['her message price', herPatch({ messagePrice: 50.5 }), 'messagePrice', 'Prezzo massimo 50 auracoin a messaggio'],
  ['a photo', herPhoto(500.5), 'price', 'Prezzo massimo 500 auracoin'],
  ['the rate in the admin form', adminForm(101), 'creditsPerMinute', priceCeilingMessages.ratePerMinute],
];

describe('price ceilings', () => {
  for (const [what, request, field, message] of refusals)
    it(`refuses ${what} above the ceiling, naming the field, writing nothing`, () =>
      spec
        .given(...luna, ...existingAdmin(ADMIN))
        .when(request)
        .then(refusedAbove(field, message)));

  it('refuses a rate above the ceiling at registration', () =>
    spec
      .given()
      .when((request) =>
        request.post('/api/performers', {
          username: 'reg',
          password: 'secret-pass',
          email: 'reg@example.com',
          name: 'Nuova',
          dateOfBirth: '1995-04-02',
          creditsPerMinute: 250,
          digitalSignature: 'data:image/png;base64,AAAA',
          sensitiveDataConsent: true,
          acceptedTerms: true,
          documents: [{ documentType: 'ID Fronte', documentUrl: '/api/files/private/x', fileName: 'id.png' }],
        }),
      )
      .then(refusedAbove('creditsPerMinute', priceCeilingMessages.ratePerMinute)));

  it('takes her rate and message price at their ceilings', () =>
    spec
      .given(...luna)
      .when(herPatch({ creditsPerMinute: 100, messagePrice: 50 }))
      .then([expectResponse(200, { body: { creditsPerMinute: 100, messagePrice: 50 } })]));

  it('takes a photo at its ceiling', () =>
    spec
      .given(...luna)
      .when(herPhoto(500))
      .then([expectResponse(201, { body: { price: 500 } })]));

  it('takes the rate at its ceiling in the admin form', () =>
    spec
      .given(...existingAdmin(ADMIN))
      .when(adminForm(100))
      .then([expectResponse(201)]));
});
