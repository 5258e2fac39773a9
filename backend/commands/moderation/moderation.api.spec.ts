import path from 'node:path';
import { moderationStreams, performerStreams, type DomainEvent } from '@aura/contracts';
import { at, existingAdmin, existingPerformer, photoOnSale, registeredUser } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectNewEventTypes,
  expectResponse,
  performer,
  priorRequest,
  user,
} from '../../test/api-spec';
import { deterministicId } from '../../platform/ids';
import { readOutbox } from '../../platform/mail/mailer';

const spec = apiSpec({ covers: ['fileReport', 'decideReport', 'fileAppeal', 'decideAppeal', 'decideReview'] });

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const OTHER_ADMIN = '1c4a7b2d-9f3e-4a8b-8d6c-2e3f4a5b6c7d';
const PHOTO = '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e';
const REPORT = '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const STATEMENT = deterministicId(`statement:report:${REPORT}`);
const APPEAL = deterministicId(`appeal:${STATEMENT}`);

const luna = existingPerformer(LUNA, { username: 'luna' });
const lunasPhoto = photoOnSale(PHOTO, LUNA);
const reportFiled = (category: 'minori' | 'spam', receivedAt = at(-3_600_000)): DomainEvent => ({
  type: 'ReportFiled',
  data: {
    reportId: REPORT,
    targetKind: 'photo',
    targetId: PHOTO,
    subjectKind: 'performer',
    subjectId: LUNA,
    category,
    description: 'Sembra una minorenne',
    reporterKind: 'user',
    reporterId: BOB,
    email: null,
    hides: category === 'minori',
    receivedAt,
  },
});
const reported = existingStream(moderationStreams.report(REPORT), [reportFiled('minori')]);
const statementIssued: DomainEvent = {
  type: 'ModerationStatementIssued',
  data: {
    statementId: STATEMENT,
    reportId: REPORT,
    subjectKind: 'performer',
    subjectId: LUNA,
    targetKind: 'photo',
    targetId: PHOTO,
    action: 'remove_content',
    ground: 'termini',
    groundDetail: 'Termini di servizio, art. 4',
    statement: 'La foto ritrae una persona di cui non è provata la maggiore età.',
    automated: false,
    redress: 'ricorso',
    adminId: ADMIN,
    issuedAt: at(-1_000),
  },
};
const statement = existingStream(moderationStreams.statement(STATEMENT), [statementIssued]);
const appealed = existingStream(moderationStreams.appeal(APPEAL), [
  {
    type: 'AppealFiled',
    data: { appealId: APPEAL, statementId: STATEMENT, byId: LUNA, text: 'Ho 25 anni', decidedBy: ADMIN, filedAt: at() },
  },
]);

/** a refusal past the second factor: her code is spent, nothing else recorded */
const onlyTheCodeUsed = (adminId: string) => expectNewEventTypes([`admin-mfa-${adminId} AdminMfaCodeUsed`]);

const report = (body: Record<string, unknown> = {}) => ({
  targetKind: 'photo',
  targetId: PHOTO,
  category: 'minori',
  description: 'Sembra una minorenne',
  goodFaith: true,
  ...body,
});
const decision = {
  action: 'remove_content',
  ground: 'termini',
  groundDetail: 'Termini di servizio, art. 4',
  statement: 'La foto ritrae una persona di cui non è provata la maggiore età.',
};

describe('moderation API', () => {
  describe('POST /api/reports', () => {
    it('a visitor reports a photo in "minori": received, the photo hidden at once, a receipt mailed', () =>
      spec
        .given(...luna, lunasPhoto)
        .when((request) => request.post('/api/reports', report({ email: 'anna@example.com' })))
        .then([
          expectResponse(201, { body: { receivedAt: at() } }),
          ({ response, newEvents }) => {
            const id = (response.body as { id: string }).id;
            expect(newEvents.map(({ streamId, type, data }) => ({ streamId, type, data }))).toMatchObject([
              {
                streamId: moderationStreams.report(id),
                type: 'ReportFiled',
                data: {
                  targetId: PHOTO,
                  subjectId: LUNA,
                  reporterKind: 'visitor',
                  email: 'anna@example.com',
                  hides: true,
                },
              },
            ]);
          },
          async ({ world }) => {
            const mails = await readOutbox(path.join(world.config.dataDir, 'outbox'));
            expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
              ['anna@example.com', 'Aura: abbiamo ricevuto la tua segnalazione'],
            ]);
          },
        ]));

    it('a hidden photo is seen by nobody but her and admins, and is not for sale', () =>
      spec
        .given(...luna, lunasPhoto, reported, ...registeredUser(BOB))
        .when((request) => request.get(`/api/performers/${LUNA}/photos`).as(user(BOB)))
        .then([expectResponse(200, { body: [] })]));

    it('refuses a report on an unknown target, a visitor without email, and no good faith', async () => {
      await spec
        .given(...luna)
        .when((request) => request.post('/api/reports', report({ email: 'anna@example.com' })))
        .then([expectError(404, 'not_found')]);
      await spec
        .given(...luna, lunasPhoto)
        .when((request) => request.post('/api/reports', report()))
        .then([expectError(400, 'validation_failed')]);
      await spec
        .given(...luna, lunasPhoto, ...registeredUser(BOB))
        .when((request) => request.post('/api/reports', report({ goodFaith: false })).as(user(BOB)))
        .then([expectError(400, 'validation_failed')]);
    });
  });

  describe('POST /api/admin/reports/{id}/decision', () => {
    it('an admin removes the photo: the action applied, a statement of reasons recorded, the report decided', () =>
      spec
        .given(...luna, lunasPhoto, reported, ...registeredUser(BOB), ...existingAdmin(ADMIN))
        .when((request) =>
          request.post(`/api/admin/reports/${REPORT}/decision`, decision).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectResponse(200, { body: { statementId: STATEMENT } }),
          expectNewEvents(performerStreams.photo(PHOTO), [{ type: 'PhotoRemoved' }]),
          expectNewEvents(moderationStreams.statement(STATEMENT), [
            {
              type: 'ModerationStatementIssued',
              data: { subjectId: LUNA, action: 'remove_content', ground: 'termini', automated: false, adminId: ADMIN },
            },
          ]),
          expectNewEvents(moderationStreams.report(REPORT), [
            { type: 'ReportDecided', data: { action: 'remove_content', statementId: STATEMENT } },
          ]),
        ]));

    it('refuses a decision without a statement, and a second decision', async () => {
      await spec
        .given(...luna, lunasPhoto, reported, ...existingAdmin(ADMIN))
        .when((request) =>
          request
            .post(`/api/admin/reports/${REPORT}/decision`, { ...decision, statement: ' ' })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(400, 'validation_failed')]);
      await spec
        .given(
          ...luna,
          lunasPhoto,
          reported,
          ...existingAdmin(ADMIN),
          priorRequest((request) =>
            request.post(`/api/admin/reports/${REPORT}/decision`, decision).as(admin(ADMIN, { secondFactor: true })),
          ),
        )
        .when((request) =>
          request.post(`/api/admin/reports/${REPORT}/decision`, decision).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(409, 'report_decided', { allowNewEvents: true }), onlyTheCodeUsed(ADMIN)]);
    });

    it('lists open reports oldest first, overdue past 7 days', () =>
      spec
        .given(
          ...luna,
          lunasPhoto,
          existingStream(moderationStreams.report(REPORT), [reportFiled('spam', at(-8 * 24 * 3_600_000))]),
          ...existingAdmin(ADMIN),
        )
        .when((request) => request.get('/api/admin/reports?status=open').as(admin(ADMIN)))
        .then([expectResponse(200, { body: [{ id: REPORT, ageHours: 192, overdue: true, hidden: false }] })]));

    it('she reads the statement in her notices', () =>
      spec
        .given(...luna, statement)
        .when((request) => request.get(`/api/performers/${LUNA}/moderation-notices`).as(performer(LUNA)))
        .then([
          expectResponse(200, {
            body: [
              { id: STATEMENT, action: 'remove_content', automated: false, statement: statementIssued.data.statement },
            ],
          }),
        ]));
  });

  describe('appeals', () => {
    it('she appeals the statement once; someone else may not', async () => {
      await spec
        .given(...luna, statement)
        .when((request) =>
          request.post('/api/appeals', { statementId: STATEMENT, text: 'Ho 25 anni' }).as(performer(LUNA)),
        )
        .then([
          expectResponse(201, { body: { id: APPEAL } }),
          expectNewEvents(moderationStreams.appeal(APPEAL), [
            { type: 'AppealFiled', data: { byId: LUNA, decidedBy: ADMIN } },
          ]),
        ]);
      await spec
        .given(...luna, statement, ...registeredUser(BOB))
        .when((request) => request.post('/api/appeals', { statementId: STATEMENT, text: 'Ho 25 anni' }).as(user(BOB)))
        .then([expectError(403, 'appeal_not_yours')]);
    });

    it('another admin decides the appeal; the admin who decided may not', async () => {
      await spec
        .given(...luna, statement, appealed, ...existingAdmin(OTHER_ADMIN))
        .when((request) =>
          request
            .post(`/api/admin/appeals/${APPEAL}/decision`, { outcome: 'upheld', statement: 'Decisione confermata' })
            .as(admin(OTHER_ADMIN, { secondFactor: true })),
        )
        .then([
          expectResponse(200),
          expectNewEvents(moderationStreams.appeal(APPEAL), [{ type: 'AppealDecided', data: { outcome: 'upheld' } }]),
        ]);
      await spec
        .given(...luna, statement, appealed, ...existingAdmin(ADMIN))
        .when((request) =>
          request
            .post(`/api/admin/appeals/${APPEAL}/decision`, { outcome: 'reversed', statement: 'Ci ho ripensato' })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(409, 'same_admin', { allowNewEvents: true }), onlyTheCodeUsed(ADMIN)]);
    });
  });

  describe('reviewed before shown', () => {
    const inReview = photoOnSale(PHOTO, LUNA, { inReview: true });

    it('a photo in review is hidden from buyers, listed for admins, and shown once approved', async () => {
      await spec
        .given(...luna, inReview, ...registeredUser(BOB))
        .when((request) => request.get(`/api/performers/${LUNA}/photos`).as(user(BOB)))
        .then([expectResponse(200, { body: [] })]);
      await spec
        .given(...luna, inReview, ...existingAdmin(ADMIN))
        .when((request) => request.get('/api/admin/reviews').as(admin(ADMIN)))
        .then([expectResponse(200, { body: [{ id: PHOTO, kind: 'photo', performerId: LUNA }] })]);
      await spec
        .given(...luna, inReview, ...existingAdmin(ADMIN))
        .when((request) => request.post(`/api/admin/reviews/${PHOTO}`, { decision: 'approve' }).as(admin(ADMIN)))
        .then([
          expectResponse(200),
          expectNewEvents(performerStreams.photo(PHOTO), [{ type: 'PhotoReviewed', data: { decision: 'approve' } }]),
        ]);
    });

    it('a rejection needs a statement, and issues one', async () => {
      await spec
        .given(...luna, inReview, ...existingAdmin(ADMIN))
        .when((request) => request.post(`/api/admin/reviews/${PHOTO}`, { decision: 'reject' }).as(admin(ADMIN)))
        .then([expectError(400, 'validation_failed')]);
      await spec
        .given(...luna, inReview, ...existingAdmin(ADMIN))
        .when((request) =>
          request
            .post(`/api/admin/reviews/${PHOTO}`, { decision: 'reject', statement: 'Immagine non conforme' })
            .as(admin(ADMIN)),
        )
        .then([
          expectResponse(200),
          expectNewEvents(performerStreams.photo(PHOTO), [{ type: 'PhotoReviewed', data: { decision: 'reject' } }]),
          ({ newEvents }) =>
            expect(newEvents.find((event) => event.type === 'ModerationStatementIssued')?.data).toMatchObject({
              subjectId: LUNA,
              action: 'reject_content',
              statement: 'Immagine non conforme',
            }),
        ]);
    });
  });
});

describe('banned terms in what others read', () => {
  it('refuses a show title, a tip-menu item and a bio implying minors or non-consent, and records nothing', async () => {
    await spec
      .given(...luna)
      .when((request) => request.post('/api/shows', { title: 'Serata con la scolaretta' }).as(performer(LUNA)))
      .then([expectError(400, 'banned_terms')]);
    await spec
      .given(...luna)
      .when((request) =>
        request
          .put(`/api/performers/${LUNA}/tip-menu`, {
            items: [
              { label: 'Balletto', price: 5 },
              { label: 'Teen roleplay', price: 9 },
            ],
          })
          .as(performer(LUNA)),
      )
      .then([expectError(400, 'banned_terms')]);
    await spec
      .given(...luna)
      .when((request) => request.patch(`/api/performers/${LUNA}`, { bio: 'Giochi senza consenso' }).as(performer(LUNA)))
      .then([expectError(400, 'banned_terms')]);
  });

  it('takes the same texts without those words', () =>
    spec
      .given(...luna)
      .when((request) => request.post('/api/shows', { title: 'Serata romantica' }).as(performer(LUNA)))
      .then([expectResponse(201, { body: { title: 'Serata romantica' } })]));
});

describe('moderation API, rate limits as configured by default', () => {
  const limited = apiSpec({ covers: [], env: { RATE_LIMITS: '' } });

  it('the eleventh report in ten minutes from one account is refused', () =>
    limited
      .given(
        ...luna,
        lunasPhoto,
        ...registeredUser(BOB),
        ...Array.from({ length: 10 }, () =>
          priorRequest((request) => request.post('/api/reports', report({ category: 'spam' })).as(user(BOB))),
        ),
      )
      .when((request) => request.post('/api/reports', report({ category: 'spam' })).as(user(BOB)))
      .then([expectError(429, 'too_many_requests')]));
});
