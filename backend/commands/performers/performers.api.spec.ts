import { SENSITIVE_DATA_POLICY_VERSION, streams } from '@aura/contracts';
import {
  at,
  existingAdmin,
  existingPerformer,
  FIXTURE_PASSWORD,
  registeredPerformer,
  registeredUser,
} from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  givenWorld,
  performer,
  user,
  withoutSignature,
} from '../../test/api-spec';
import { PNG_1X1 } from '../../test/image-network';

const spec = apiSpec({
  covers: [
    'performerLogin',
    'createPerformer',
    'updatePerformer',
    'deletePerformer',
    'verifyPerformer',
    'addDocument',
    'setGeoblock',
    'setSchedule',
    'blockUser',
    'unblockUser',
  ],
});

const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOLE = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const FILE = '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b';

const luna = existingPerformer(LUNA, { username: 'luna' });
const registration = {
  username: 'stella',
  password: 'secret-pass',
  email: 'stella@example.com',
  name: 'Stella',
  dateOfBirth: '1999-05-20',
  digitalSignature: 'data:image/png;base64,AAAA',
  sensitiveDataConsent: true,
  acceptedTerms: true,
};

describe('performers API', () => {
  describe('POST /api/performer/login', () => {
    it('signs her in', async () => {
      const { response } = await spec
        .given(...luna)
        .when((request) => request.post('/api/performer/login', { username: 'luna', password: FIXTURE_PASSWORD }))
        .then([expectResponse(200, { body: { id: LUNA } }), expectNoNewEvents()]);
      expect(response.sessionCookie).toMatch(/^aura_session=/);
    });

    it('refuses a wrong password', () =>
      spec
        .given(...luna)
        .when((request) => request.post('/api/performer/login', { username: 'luna', password: 'wrong-pass' }))
        .then([expectError(401, 'invalid_credentials')]));
  });

  describe('POST /api/performers', () => {
    it('she registers herself: names claimed, pending until a document comes', () =>
      spec
        .given()
        .when((request) => request.post('/api/performers', registration))
        .then([
          expectResponse(201, { body: { name: 'Stella', verificationStatus: 'pending' } }),
          expectNewEvents(streams.uniqueValue('performer-username', 'stella'), [{ type: 'UniqueValueClaimed' }]),
          ({ response, newEvents }) => {
            const id = (response.body as { id: string }).id;
            expect(newEvents.filter((event) => event.streamId === streams.performer(id))).toMatchObject([
              {
                type: 'PerformerRegistered',
                data: {
                  username: 'stella',
                  dateOfBirth: '1999-05-20',
                  signedContractAt: at(),
                  sensitiveDataConsent: { policyVersion: SENSITIVE_DATA_POLICY_VERSION, givenAt: at() },
                },
              },
            ]);
          },
        ]));

    it('an admin creates one, approved at once', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) =>
          request
            .post('/api/performers', {
              name: 'Sole',
              age: 30,
              image: '/demo/performers/2.svg',
              creditsPerMinute: 3,
              languages: ['Italiano'],
            })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectResponse(201, { body: { name: 'Sole', creditsPerMinute: 3 } }),
          ({ response, newEvents }) => {
            const id = (response.body as { id: string }).id;
            expect(withoutSignature(newEvents)).toMatchObject([
              {
                streamId: streams.performer(id),
                type: 'PerformerCreatedByAdmin',
                data: { adminId: ADMIN, rateUnits: 300 },
              },
            ]);
          },
        ]));

    it('refuses a registration of someone under 18', () =>
      spec
        .given()
        .when((request) => request.post('/api/performers', { ...registration, dateOfBirth: '2010-01-01' }))
        .then([expectError(400, 'validation_failed', { detail: 'Devi avere almeno 18 anni per registrarti' })]));

    it.each([
      ['without', { ...registration, sensitiveDataConsent: undefined }],
      ['with a false', { ...registration, sensitiveDataConsent: false }],
    ])('refuses a registration %s consent to sensitive data (GDPR Art. 9), recording nothing', (_case, body) =>
      spec
        .given()
        .when((request) => request.post('/api/performers', body))
        .then([expectError(400, 'consent_required'), expectNoNewEvents()]),
    );

    it('refuses a consent that is not a boolean as bad input', () =>
      spec
        .given()
        .when((request) => request.post('/api/performers', { ...registration, sensitiveDataConsent: 'sì' }))
        .then([expectError(400, 'validation_failed'), expectNoNewEvents()]));
  });

  describe('PATCH /api/performers/{id}', () => {
    it('she changes her rate and goes online', () =>
      spec
        .given(...luna)
        .when((request) =>
          request.patch(`/api/performers/${LUNA}`, { creditsPerMinute: 4, isOnline: true }).as(performer(LUNA)),
        )
        .then([
          expectResponse(200, { body: { id: LUNA, creditsPerMinute: 4 } }),
          expectNewEvents(streams.performer(LUNA), [
            { type: 'PerformerProfileUpdated', data: { changes: { rateUnits: 400 }, by: 'performer', byId: LUNA } },
            { type: 'PerformerWentOnline', data: { by: 'performer' } },
          ]),
        ]));

    it('refuses her own rating', () =>
      spec
        .given(...luna)
        .when((request) => request.patch(`/api/performers/${LUNA}`, { rating: 5 }).as(performer(LUNA)))
        .then([expectError(403, 'forbidden')]));

    it("refuses another performer's profile", () =>
      spec
        .given(...luna, ...existingPerformer(SOLE))
        .when((request) => request.patch(`/api/performers/${LUNA}`, { name: 'Altra' }).as(performer(SOLE)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('DELETE /api/performers/{id}', () => {
    it('an admin deletes her and frees her names', () =>
      spec
        .given(...existingAdmin(ADMIN), ...luna)
        .when((request) => request.delete(`/api/performers/${LUNA}`).as(admin(ADMIN, { secondFactor: true })))
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(streams.performer(LUNA), [{ type: 'PerformerDeleted', data: { adminId: ADMIN } }]),
          expectNewEvents(streams.uniqueValue('performer-username', 'luna'), [{ type: 'UniqueValueReleased' }]),
        ]));

    it('refuses a performer', () =>
      spec
        .given(...luna)
        .when((request) => request.delete(`/api/performers/${LUNA}`).as(performer(LUNA)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('POST /api/admin/performers/{id}/verify', () => {
    it('an admin approves a registration with its document', () =>
      spec
        .given(...existingAdmin(ADMIN), ...registeredPerformer(SOLE))
        .when((request) =>
          request
            .post(`/api/admin/performers/${SOLE}/verify`, { status: 'approved' })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectResponse(200, { body: { id: SOLE, verificationStatus: 'approved' } }),
          expectNewEvents(streams.performer(SOLE), [{ type: 'PerformerVerified', data: { adminId: ADMIN } }]),
        ]));

    it('refuses to approve a registration without a document', () =>
      spec
        .given(...existingAdmin(ADMIN), ...registeredPerformer(SOLE, { documents: 0 }))
        .when((request) =>
          request
            .post(`/api/admin/performers/${SOLE}/verify`, { status: 'approved' })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(409, 'registration_incomplete')]));
  });

  describe('POST /api/performers/{id}/documents', () => {
    const stored = givenWorld(async (world) => {
      await world.ports.files.save('private', PNG_1X1, {
        allowed: ['image/png'],
        maxBytes: 1_000,
        originalName: 'fronte.png',
        owner: 'anonymous',
        fileId: FILE,
      });
    });

    it('she attaches an uploaded identity document', () =>
      spec
        .given(...registeredPerformer(SOLE, { documents: 0 }), stored)
        .when((request) =>
          request
            .post(`/api/performers/${SOLE}/documents`, {
              documentType: 'ID Fronte',
              documentUrl: `/private/${FILE}`,
              fileName: 'fronte.png',
            })
            .as(performer(SOLE)),
        )
        .then([
          expectResponse(201, { body: { performerId: SOLE, documentType: 'ID Fronte', contentType: 'image/png' } }),
          expectNewEvents(streams.performer(SOLE), [
            {
              type: 'PerformerDocumentAdded',
              data: { fileId: FILE, fileName: 'fronte.png', fileSize: PNG_1X1.length },
            },
          ]),
        ]));

    it('refuses a document that was never uploaded', () =>
      spec
        .given(...registeredPerformer(SOLE, { documents: 0 }))
        .when((request) =>
          request
            .post(`/api/performers/${SOLE}/documents`, {
              documentType: 'ID Fronte',
              documentUrl: `/private/${FILE}`,
              fileName: 'fronte.png',
            })
            .as(performer(SOLE)),
        )
        .then([expectError(400, 'document_missing')]));
  });

  describe('PUT /api/performers/{id}/geoblock', () => {
    it('she hides from two countries', () =>
      spec
        .given(...luna)
        .when((request) =>
          request.put(`/api/performers/${LUNA}/geoblock`, { countries: ['de', 'FR'] }).as(performer(LUNA)),
        )
        .then([
          expectResponse(200, { body: { id: LUNA } }),
          expectNewEvents(streams.performer(LUNA), [
            { type: 'PerformerGeoblockSet', data: { countries: ['DE', 'FR'] } },
          ]),
        ]));

    it('refuses what is no country code', () =>
      spec
        .given(...luna)
        .when((request) =>
          request.put(`/api/performers/${LUNA}/geoblock`, { countries: ['Germany'] }).as(performer(LUNA)),
        )
        .then([expectError(400, 'validation_failed')]));
  });

  describe('PUT /api/performers/{id}/schedule', () => {
    it('she publishes her week', () =>
      spec
        .given(...luna)
        .when((request) =>
          request
            .put(`/api/performers/${LUNA}/schedule`, { slots: [{ day: 1, from: '20:00', to: '23:00' }] })
            .as(performer(LUNA)),
        )
        .then([
          expectResponse(200, { body: { id: LUNA } }),
          expectNewEvents(streams.performer(LUNA), [
            { type: 'PerformerScheduleSet', data: { slots: [{ day: 1, from: '20:00', to: '23:00' }] } },
          ]),
        ]));

    it('refuses a slot that ends before it starts', () =>
      spec
        .given(...luna)
        .when((request) =>
          request
            .put(`/api/performers/${LUNA}/schedule`, { slots: [{ day: 1, from: '23:00', to: '20:00' }] })
            .as(performer(LUNA)),
        )
        .then([expectError(400, 'validation_failed')]));
  });

  describe('PUT and DELETE /api/performers/{id}/blocked-users/{userId}', () => {
    const bobBlocked = existingStream(streams.performer(LUNA), [
      { type: 'PerformerBlockedUser', data: { performerId: LUNA, userId: BOB, at: at(-1_000) } },
    ]);

    it('she blocks a user', () =>
      spec
        .given(...luna, ...registeredUser(BOB))
        .when((request) => request.put(`/api/performers/${LUNA}/blocked-users/${BOB}`).as(performer(LUNA)))
        .then([
          expectResponse(200, { body: { id: LUNA } }),
          expectNewEvents(streams.performer(LUNA), [{ type: 'PerformerBlockedUser', data: { userId: BOB } }]),
        ]));

    it('refuses a user blocking for her', () =>
      spec
        .given(...luna, ...registeredUser(BOB))
        .when((request) => request.put(`/api/performers/${LUNA}/blocked-users/${BOB}`).as(user(BOB)))
        .then([expectError(403, 'forbidden')]));

    it('she unblocks him', () =>
      spec
        .given(...luna, ...registeredUser(BOB), bobBlocked)
        .when((request) => request.delete(`/api/performers/${LUNA}/blocked-users/${BOB}`).as(performer(LUNA)))
        .then([
          expectResponse(200, { body: { id: LUNA } }),
          expectNewEvents(streams.performer(LUNA), [{ type: 'PerformerUnblockedUser', data: { userId: BOB } }]),
        ]));

    it("refuses another performer's list", () =>
      spec
        .given(...luna, ...existingPerformer(SOLE), bobBlocked)
        .when((request) => request.delete(`/api/performers/${LUNA}/blocked-users/${BOB}`).as(performer(SOLE)))
        .then([expectError(403, 'forbidden')]));
  });
});
