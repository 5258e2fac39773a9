/**
 * Co-performers over the HTTP API (issue 39 item 7): she adds a person on camera with her ID
 * document and signed consent, an admin approves or rejects, a show declares only approved ones,
 * and the records of who appeared where are the admins' to read, kept after any deletion.
 */
import { performerStreams, type DomainEvent } from '@aura/contracts';
import { at, existingAdmin, existingPerformer } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  eventually,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  givenWorld,
  performer,
  type SpecWorld,
} from '../../test/api-spec';
import { PNG_1X1 } from '../../test/image-network';
import { worldClient, type WorldAnswer } from '../../test/world-client';

const spec = apiSpec({
  covers: [
    'addCoPerformer',
    'decideCoPerformer',
    'listCoPerformers',
    'adminCoPerformers',
    'appearanceRecords',
    'revokeCoPerformer',
  ],
});

const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOLE = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const FILE = '6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b';
const MARTA = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const luna = existingPerformer(LUNA, { username: 'luna', online: true });
const stored = givenWorld(async (world) => {
  await world.ports.files.save('private', PNG_1X1, {
    allowed: ['image/png'],
    maxBytes: 1_000,
    originalName: 'marta.png',
    owner: LUNA,
    fileId: FILE,
  });
});
const body = {
  name: 'Marta Bianchi',
  dateOfBirth: '1995-06-01',
  document: { documentType: 'ID Fronte', documentUrl: `/private/${FILE}`, fileName: 'marta.png' },
  signedConsent: 'data:image/png;base64,AAAA',
};
const martaAdded: DomainEvent = {
  type: 'CoPerformerAdded',
  data: {
    coPerformerId: MARTA,
    performerId: LUNA,
    name: 'Marta Bianchi',
    dateOfBirth: '1995-06-01',
    document: {
      documentId: '9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
      documentType: 'ID Fronte',
      fileId: FILE,
      fileName: 'marta.png',
      fileSize: PNG_1X1.length,
      contentType: 'image/png',
    },
    signedConsent: 'data:image/png;base64,AAAA',
    consentSignedAt: at(-60_000),
    addedAt: at(-60_000),
  },
};
/** an admin's fresh code is recorded as used (AdminMfaCodeUsed); nothing of the co-performer is */
const noCoPerformerEvents = ({ newEvents }: { newEvents: { type: string }[] }) =>
  expect(newEvents.filter((event) => event.type.startsWith('CoPerformer'))).toEqual([]);
const marta = existingStream(performerStreams.coPerformer(MARTA), [martaAdded]);

describe('co-performers API', () => {
  describe('POST /api/performers/{id}/co-performers', () => {
    it('she adds a person with her ID document and signed consent: pending review', () =>
      spec
        .given(...luna, stored)
        .when((request) => request.post(`/api/performers/${LUNA}/co-performers`, body).as(performer(LUNA)))
        .then([
          expectResponse(201, { body: { performerId: LUNA, name: 'Marta Bianchi', status: 'pending' } }),
          ({ newEvents }) =>
            expect(newEvents).toMatchObject([
              {
                type: 'CoPerformerAdded',
                data: {
                  performerId: LUNA,
                  dateOfBirth: '1995-06-01',
                  document: { fileId: FILE },
                  consentSignedAt: at(),
                },
              },
            ]),
        ]));

    it('refuses someone under 18, a document never uploaded, and bad input, recording nothing', async () => {
      await spec
        .given(...luna, stored)
        .when((request) =>
          request
            .post(`/api/performers/${LUNA}/co-performers`, { ...body, dateOfBirth: '2010-03-01' })
            .as(performer(LUNA)),
        )
        .then([expectError(400, 'co_performer_underage'), expectNoNewEvents()]);
      await spec
        .given(...luna)
        .when((request) => request.post(`/api/performers/${LUNA}/co-performers`, body).as(performer(LUNA)))
        .then([expectError(400, 'document_missing'), expectNoNewEvents()]);
      await spec
        .given(...luna, stored)
        .when((request) =>
          request
            .post(`/api/performers/${LUNA}/co-performers`, { ...body, name: '', signedConsent: undefined })
            .as(performer(LUNA)),
        )
        .then([expectError(400, 'validation_failed'), expectNoNewEvents()]);
    });

    it('is hers only: another performer and an admin are refused', async () => {
      await spec
        .given(...luna, ...existingPerformer(SOLE), stored)
        .when((request) => request.post(`/api/performers/${LUNA}/co-performers`, body).as(performer(SOLE)))
        .then([expectError(403, 'forbidden'), expectNoNewEvents()]);
      await spec
        .given(...luna, ...existingAdmin(ADMIN), stored)
        .when((request) =>
          request.post(`/api/performers/${LUNA}/co-performers`, body).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(403, 'forbidden'), noCoPerformerEvents]);
    });
  });

  describe('POST /api/admin/co-performers/{id}', () => {
    it('an admin approves her', () =>
      spec
        .given(...luna, ...existingAdmin(ADMIN), marta)
        .when((request) =>
          request
            .post(`/api/admin/co-performers/${MARTA}`, { decision: 'approve' })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectResponse(200, { body: { id: MARTA, status: 'approved', reviewedAt: at() } }),
          expectNewEvents(performerStreams.coPerformer(MARTA), [
            { type: 'CoPerformerReviewed', data: { decision: 'approved', adminId: ADMIN, statement: null } },
          ]),
        ]));

    it('refuses a rejection without a statement, a second review, an unknown id and bad input', async () => {
      const asAdmin = admin(ADMIN, { secondFactor: true });
      await spec
        .given(...luna, ...existingAdmin(ADMIN), marta)
        .when((request) => request.post(`/api/admin/co-performers/${MARTA}`, { decision: 'reject' }).as(asAdmin))
        .then([expectError(400, 'rejection_reason_required'), noCoPerformerEvents]);
      await spec
        .given(...luna, ...existingAdmin(ADMIN), marta)
        .when((request) =>
          request
            .post(`/api/admin/co-performers/${MARTA}`, { decision: 'reject', statement: 'Documento scaduto' })
            .as(asAdmin),
        )
        .then([expectResponse(200, { body: { status: 'rejected', statement: 'Documento scaduto' } })]);
      await spec
        .given(
          ...luna,
          ...existingAdmin(ADMIN),
          existingStream(performerStreams.coPerformer(MARTA), [
            martaAdded,
            {
              type: 'CoPerformerReviewed',
              data: {
                coPerformerId: MARTA,
                performerId: LUNA,
                decision: 'approved',
                adminId: ADMIN,
                statement: null,
                reviewedAt: at(-1_000),
              },
            },
          ]),
        )
        .when((request) => request.post(`/api/admin/co-performers/${MARTA}`, { decision: 'approve' }).as(asAdmin))
        .then([expectError(409, 'co_performer_reviewed'), noCoPerformerEvents]);
      await spec
        .given(...existingAdmin(ADMIN))
        .when((request) => request.post(`/api/admin/co-performers/${MARTA}`, { decision: 'approve' }).as(asAdmin))
        .then([expectError(404, 'not_found')]);
      await spec
        .given(...luna, ...existingAdmin(ADMIN), marta)
        .when((request) => request.post(`/api/admin/co-performers/${MARTA}`, { decision: 'maybe' }).as(asAdmin))
        .then([expectError(400, 'validation_failed'), noCoPerformerEvents]);
    });

    it('is for admins only', () =>
      spec
        .given(...luna, marta)
        .when((request) =>
          request.post(`/api/admin/co-performers/${MARTA}`, { decision: 'approve' }).as(performer(LUNA)),
        )
        .then([expectError(403, 'forbidden'), expectNoNewEvents()]));
  });
});

describe('DELETE /api/performers/{id}/co-performers/{coPerformerId}', () => {
  const revoke = `/api/performers/${LUNA}/co-performers/${MARTA}`;
  it('she withdraws her co-performer: revoked, her records stay', () =>
    spec
      .given(...luna, marta)
      .when((request) => request.delete(revoke).as(performer(LUNA)))
      .then([
        expectResponse(200, { body: { id: MARTA, status: 'revoked' } }),
        expectNewEvents(performerStreams.coPerformer(MARTA), [
          { type: 'CoPerformerRevoked', data: { coPerformerId: MARTA, performerId: LUNA, revokedAt: at() } },
        ]),
      ]));

  it("refuses twice, another performer's, an admin, an unknown one and a malformed id", async () => {
    await spec
      .given(
        ...luna,
        existingStream(performerStreams.coPerformer(MARTA), [
          martaAdded,
          { type: 'CoPerformerRevoked', data: { coPerformerId: MARTA, performerId: LUNA, revokedAt: at(-1_000) } },
        ]),
      )
      .when((request) => request.delete(revoke).as(performer(LUNA)))
      .then([expectError(409, 'conflict'), expectNoNewEvents()]);
    await spec
      .given(...luna, ...existingPerformer(SOLE), marta)
      .when((request) => request.delete(`/api/performers/${SOLE}/co-performers/${MARTA}`).as(performer(SOLE)))
      .then([expectError(404, 'not_found'), expectNoNewEvents()]);
    await spec
      .given(...luna, ...existingPerformer(SOLE), marta)
      .when((request) => request.delete(revoke).as(performer(SOLE)))
      .then([expectError(403, 'forbidden'), expectNoNewEvents()]);
    await spec
      .given(...luna, ...existingAdmin(ADMIN), marta)
      .when((request) => request.delete(revoke).as(admin(ADMIN)))
      .then([expectError(403, 'forbidden'), expectNoNewEvents()]);
    await spec
      .given(...luna)
      .when((request) => request.delete(revoke).as(performer(LUNA)))
      .then([expectError(404, 'not_found'), expectNoNewEvents()]);
    await spec
      .given(...luna)
      .when((request) => request.delete(`/api/performers/${LUNA}/co-performers/nope`).as(performer(LUNA)))
      .then([expectError(400, 'validation_failed'), expectNoNewEvents()]);
  });
});

describe('co-performers read API', () => {
  const SHOW = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
  const approvedAndAppeared = existingStream(performerStreams.coPerformer(MARTA), [
    martaAdded,
    {
      type: 'CoPerformerReviewed',
      data: {
        coPerformerId: MARTA,
        performerId: LUNA,
        decision: 'approved',
        adminId: ADMIN,
        statement: null,
        reviewedAt: at(-30_000),
      },
    },
    {
      type: 'CoPerformerAppeared',
      data: { coPerformerId: MARTA, performerId: LUNA, showId: SHOW, appearedAt: at(-10_000) },
    },
  ]);

  it("GET /api/performers/{id}/co-performers: hers to read (and the admins'), not another performer's", async () => {
    await spec
      .given(...luna, marta)
      .when((request) => request.get(`/api/performers/${LUNA}/co-performers`).as(performer(LUNA)))
      .then([
        eventually(({ response }) => {
          expect(response.status).toBe(200);
          expect(response.body).toEqual([
            expect.objectContaining({ id: MARTA, status: 'pending', name: 'Marta Bianchi' }),
          ]);
        }),
      ]);
    await spec
      .given(...luna, ...existingPerformer(SOLE), marta)
      .when((request) => request.get(`/api/performers/${LUNA}/co-performers`).as(performer(SOLE)))
      .then([expectError(403, 'forbidden')]);
  });

  it('GET /api/admin/co-performers: those waiting for a decision, across performers, with whose and the document link', async () => {
    const SARA = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
    const sara = existingStream(performerStreams.coPerformer(SARA), [
      {
        type: 'CoPerformerAdded',
        data: {
          coPerformerId: SARA,
          performerId: SOLE,
          name: 'Sara Neri',
          dateOfBirth: '1990-02-03',
          document: {
            documentId: '0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
            documentType: 'Altro',
            fileId: FILE,
            fileName: 'sara.png',
            fileSize: PNG_1X1.length,
            contentType: 'image/png',
          },
          signedConsent: 'data:image/png;base64,AAAA',
          consentSignedAt: at(-120_000),
          addedAt: at(-120_000),
        },
      },
    ]);
    await spec
      .given(...luna, ...existingPerformer(SOLE, { name: 'Sole' }), ...existingAdmin(ADMIN), marta, sara)
      .when((request) => request.get('/api/admin/co-performers?status=pending').as(admin(ADMIN)))
      .then([
        eventually(({ response }) => {
          expect(response.status).toBe(200);
          expect(response.body).toEqual([
            expect.objectContaining({
              id: SARA,
              performerId: SOLE,
              performerName: 'Sole',
              name: 'Sara Neri',
              documentType: 'Altro',
            }),
            expect.objectContaining({
              id: MARTA,
              performerId: LUNA,
              performerName: 'Performer luna',
              name: 'Marta Bianchi',
              dateOfBirth: '1995-06-01',
              status: 'pending',
              documentType: 'ID Fronte',
              documentUrl: expect.stringContaining('/api/documents/9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f/file?token='),
              linkExpiresAt: expect.any(String),
              consentSignedAt: at(-60_000),
            }),
          ]);
        }),
      ]);
  });

  it('GET /api/admin/co-performers: pending by default, another status on request; admins only; bad input', async () => {
    await spec
      .given(...luna, ...existingAdmin(ADMIN), marta)
      .when((request) => request.get('/api/admin/co-performers').as(admin(ADMIN)))
      .then([
        eventually(({ response }) =>
          expect(response.body).toEqual([expect.objectContaining({ id: MARTA, status: 'pending' })]),
        ),
      ]);
    await spec
      .given(...luna, ...existingAdmin(ADMIN), approvedAndAppeared)
      .when((request) => request.get('/api/admin/co-performers?status=approved').as(admin(ADMIN)))
      .then([
        eventually(({ response }) =>
          expect(response.body).toEqual([expect.objectContaining({ id: MARTA, status: 'approved' })]),
        ),
      ]);
    await spec
      .given(...existingAdmin(ADMIN))
      .when((request) => request.get('/api/admin/co-performers?status=maybe').as(admin(ADMIN)))
      .then([expectError(400, 'validation_failed')]);
    await spec
      .given(...luna, marta)
      .when((request) => request.get('/api/admin/co-performers').as(performer(LUNA)))
      .then([expectError(403, 'forbidden')]);
  });

  it('GET /api/admin/appearance-records: who appeared in which show with the ID check, admins only', async () => {
    await spec
      .given(...luna, ...existingAdmin(ADMIN), approvedAndAppeared)
      .when((request) => request.get(`/api/admin/appearance-records?performerId=${LUNA}`).as(admin(ADMIN)))
      .then([
        eventually(({ response }) => {
          expect(response.status).toBe(200);
          expect(response.body).toEqual([
            expect.objectContaining({
              coPerformerId: MARTA,
              showId: SHOW,
              documentType: 'ID Fronte',
              approvedBy: ADMIN,
            }),
          ]);
        }),
      ]);
    await spec
      .given(...existingAdmin(ADMIN))
      .when((request) => request.get('/api/admin/appearance-records?performerId=nope').as(admin(ADMIN)))
      .then([expectError(400, 'validation_failed')]);
    await spec
      .given(...luna, approvedAndAppeared)
      .when((request) => request.get('/api/admin/appearance-records').as(performer(LUNA)))
      .then([expectError(403, 'forbidden')]);
  });
});

describe("a co-performer's ID document, for admins (issue 39 item 7)", () => {
  const SHOW = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
  const DOCUMENT = '9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f';
  const appeared = existingStream(performerStreams.coPerformer(MARTA), [
    martaAdded,
    {
      type: 'CoPerformerReviewed',
      data: {
        coPerformerId: MARTA,
        performerId: LUNA,
        decision: 'approved',
        adminId: ADMIN,
        statement: null,
        reviewedAt: at(-30_000),
      },
    },
    {
      type: 'CoPerformerAppeared',
      data: { coPerformerId: MARTA, performerId: LUNA, showId: SHOW, appearedAt: at(-10_000) },
    },
  ]);
  let world: SpecWorld;
  beforeEach(async () => {
    world = await spec.world();
    await world.append(...luna, ...existingAdmin(ADMIN), appeared);
    await world.ports.files.save('private', PNG_1X1, {
      allowed: ['image/png'],
      maxBytes: 1_000,
      originalName: 'marta.png',
      owner: LUNA,
      fileId: FILE,
    });
  });
  afterEach(() => world.close());

  it('an appearance record links the document: the admin downloads it, and the view is recorded', async () => {
    const staff = worldClient(world, { kind: 'admin', id: ADMIN });
    await world.settled();
    const records = await staff.get(`/api/admin/appearance-records?performerId=${LUNA}`);
    expect(records.status).toBe(200);
    const [record] = records.json as unknown as { documentId: string; documentUrl: string }[];
    expect(record).toMatchObject({
      documentId: DOCUMENT,
      documentUrl: expect.stringContaining(`/api/documents/${DOCUMENT}/file?token=`),
    });

    const file = await staff.get(record!.documentUrl);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const views = await world.ports.eventStore.readStream(performerStreams.documentViews(DOCUMENT));
    expect(views.map(({ type, data }) => ({ type, data }))).toMatchObject([
      { type: 'DocumentViewed', data: { documentId: DOCUMENT, performerId: LUNA, adminId: ADMIN } },
    ]);
  });

  it("her list of co-performers links the document in an admin's answer, never in hers; she cannot download it", async () => {
    const staff = worldClient(world, { kind: 'admin', id: ADMIN });
    const her = worldClient(world, { kind: 'performer', id: LUNA });
    await world.settled();
    const listed = await staff.get(`/api/performers/${LUNA}/co-performers`);
    const [marta] = listed.json as unknown as { documentUrl: string }[];
    expect(marta!.documentUrl).toContain(`/api/documents/${DOCUMENT}/file?token=`);
    expect((await her.get(`/api/performers/${LUNA}/co-performers`)).json).toEqual([
      expect.not.objectContaining({ documentUrl: expect.anything() }),
    ]);
    expect((await her.get(marta!.documentUrl)).status).toBe(403);
    // a link signed for another admin, or none, is refused
    expect((await staff.get(`/api/documents/${DOCUMENT}/file?token=forged`)).json.code).toBe('link_expired');
  });
});

describe('on camera, and the records that outlive the accounts', () => {
  let world: SpecWorld;
  beforeEach(async () => {
    world = await spec.world();
    await world.append(...luna, ...existingPerformer(SOLE), ...existingAdmin(ADMIN));
    await world.ports.files.save('private', PNG_1X1, {
      allowed: ['image/png'],
      maxBytes: 1_000,
      originalName: 'marta.png',
      owner: LUNA,
      fileId: FILE,
    });
  });
  afterEach(() => world.close());

  async function until(read: () => Promise<WorldAnswer>, holds: (answer: WorldAnswer) => boolean) {
    const deadline = Date.now() + 3_000;
    for (;;) {
      const answer = await read();
      if (holds(answer)) return answer;
      if (Date.now() > deadline) throw new Error(`never held: ${answer.status} ${answer.text}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it('a show declares only approved co-performers; the admins read who appeared, after her deletion too', async () => {
    const her = worldClient(world, { kind: 'performer', id: LUNA });
    const staff = worldClient(world, { kind: 'admin', id: ADMIN });
    const added = await her.post(`/api/performers/${LUNA}/co-performers`, body);
    expect(added.status).toBe(201);
    const id = added.json.id as string;

    // pending: refused on camera, and nothing started
    const early = await her.post('/api/shows', { title: 'Sera in due', coPerformerIds: [id] });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('co_performer_not_approved');

    const waiting = await until(
      () => staff.get('/api/admin/co-performers'),
      (answer) => JSON.stringify(answer.json).includes(id),
    );
    expect(waiting.json).toEqual([expect.objectContaining({ id, performerId: LUNA, status: 'pending' })]);

    expect((await staff.post(`/api/admin/co-performers/${id}`, { decision: 'approve' })).status).toBe(200);
    const listed = await until(
      () => her.get(`/api/performers/${LUNA}/co-performers`),
      (answer) => JSON.stringify(answer.json).includes('approved'),
    );
    expect(listed.json).toEqual([expect.objectContaining({ id, name: 'Marta Bianchi', status: 'approved' })]);
    // decided: no longer waiting
    expect((await staff.get('/api/admin/co-performers')).json).toEqual([]);
    expect(
      (await worldClient(world, { kind: 'performer', id: SOLE }).get(`/api/performers/${LUNA}/co-performers`)).status,
    ).toBe(403);

    // another performer cannot declare her
    const foreign = await worldClient(world, { kind: 'performer', id: SOLE }).post('/api/shows', {
      title: 'Non mia',
      coPerformerIds: [id],
    });
    expect(foreign.json.code).toBe('co_performer_not_approved');

    const show = await her.post('/api/shows', { title: 'Sera in due', coPerformerIds: [id] });
    expect(show.status).toBe(201);
    const showId = show.json.id as string;

    expect((await staff.delete(`/api/performers/${LUNA}`)).status).toBe(200);
    const records = await until(
      () => staff.get(`/api/admin/appearance-records?performerId=${LUNA}`),
      (answer) => Array.isArray(answer.json) && (answer.json as unknown[]).length === 1,
    );
    expect(records.json).toEqual([
      expect.objectContaining({
        performerId: LUNA,
        coPerformerId: id,
        name: 'Marta Bianchi',
        dateOfBirth: '1995-06-01',
        showId,
        documentType: 'ID Fronte',
        approvedBy: ADMIN,
      }),
    ]);
    expect((await staff.get('/api/admin/appearance-records?performerId=nope')).status).toBe(400);
    expect(
      (await worldClient(world, { kind: 'performer', id: SOLE }).get('/api/admin/appearance-records')).status,
    ).toBe(403);
  });

  it('a photo declares who else is in it: approved co-performers only, named in the admin review, recorded', async () => {
    const her = worldClient(world, { kind: 'performer', id: LUNA });
    const staff = worldClient(world, { kind: 'admin', id: ADMIN });
    const id = (await her.post(`/api/performers/${LUNA}/co-performers`, body)).json.id as string;
    const photo = { imageUrl: 'https://example.com/tramonto.png', title: 'Tramonto in due', coPerformerIds: [id] };

    const early = await her.post(`/api/performers/${LUNA}/photos`, photo);
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('co_performer_not_approved');
    expect((await her.post(`/api/performers/${LUNA}/photos`, { ...photo, coPerformerIds: ['nope'] })).status).toBe(400);

    expect((await staff.post(`/api/admin/co-performers/${id}`, { decision: 'approve' })).status).toBe(200);
    const added = await her.post(`/api/performers/${LUNA}/photos`, photo);
    expect(added.status).toBe(201);
    const photoId = added.json.id as string;

    const reviews = await until(
      () => staff.get('/api/admin/reviews'),
      (answer) => JSON.stringify(answer.json).includes(photoId),
    );
    expect(reviews.json).toEqual([
      expect.objectContaining({
        id: photoId,
        kind: 'photo',
        coPerformers: [{ coPerformerId: id, name: 'Marta Bianchi' }],
      }),
    ]);
    const records = await until(
      () => staff.get(`/api/admin/appearance-records?performerId=${LUNA}`),
      (answer) => JSON.stringify(answer.json).includes(photoId),
    );
    expect(records.json).toEqual([expect.objectContaining({ coPerformerId: id, photoId, showId: null })]);
  });
});
