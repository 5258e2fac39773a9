import { moderationStreams, streams, type DomainEvent } from '@aura/contracts';
import { at, existingAdmin, existingPerformer, registeredUser } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectNewEventTypes,
  expectResponse,
  performer,
  user,
} from '../../test/api-spec';
import { deterministicId } from '../../platform/ids';

/**
 * Issue 39 item 5: her new profile portrait is 'in_revisione' until an admin approves it. Everyone
 * else sees her approved portrait meanwhile; she sees the new one with its state; the review list
 * and its decisions take portraits as they take photos.
 */
const spec = apiSpec({ covers: ['decideReview'] });

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const PORTRAIT = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const APPROVED = '/demo/performers/1.svg';
const NEW = '/demo/performers/2.svg';

const luna = existingPerformer(LUNA, { username: 'luna' });
const submitted: DomainEvent = {
  type: 'PerformerPortraitSubmitted',
  data: { performerId: LUNA, portraitId: PORTRAIT, image: NEW, submittedAt: at(-60_000) },
};
const inReview = existingStream(streams.performer(LUNA), [submitted]);

describe('her profile portrait, reviewed before shown', () => {
  it('she gives herself a new portrait: submitted for review, her approved one stays', () =>
    spec
      .given(...luna)
      .when((request) => request.patch(`/api/performers/${LUNA}`, { image: NEW }).as(performer(LUNA)))
      .then([
        expectResponse(200, { body: { image: APPROVED, pendingPortrait: { image: NEW, review: 'in_revisione' } } }),
        expectNewEvents(streams.performer(LUNA), [
          { type: 'PerformerPortraitSubmitted', data: { performerId: LUNA, image: NEW } },
        ]),
      ]));

  it('her other changes with her portrait as it is (or as in review) submit nothing again', async () => {
    await spec
      .given(...luna)
      .when((request) => request.patch(`/api/performers/${LUNA}`, { image: APPROVED }).as(performer(LUNA)))
      .then([expectResponse(200), expectNewEventTypes([])]);
    await spec
      .given(...luna, inReview)
      .when((request) =>
        request.patch(`/api/performers/${LUNA}`, { image: NEW, bio: 'Ciao a tutti' }).as(performer(LUNA)),
      )
      .then([
        expectResponse(200, { body: { bio: 'Ciao a tutti', pendingPortrait: { image: NEW } } }),
        expectNewEventTypes([`${streams.performer(LUNA)} PerformerProfileUpdated`]),
      ]);
  });

  it('visitors and users see only her approved portrait meanwhile', () =>
    spec
      .given(...luna, inReview, ...registeredUser(BOB))
      .when((request) => request.get(`/api/performers/${LUNA}`).as(user(BOB)))
      .then([
        expectResponse(200, { body: { image: APPROVED } }),
        ({ response }) => expect(response.body).not.toHaveProperty('pendingPortrait'),
      ]));

  it('an admin changes her portrait at once', () =>
    spec
      .given(...luna, ...existingAdmin(ADMIN))
      .when((request) =>
        request.patch(`/api/performers/${LUNA}`, { image: NEW }).as(admin(ADMIN, { secondFactor: true })),
      )
      .then([expectResponse(200, { body: { image: NEW, pendingPortrait: null } })]));

  it('admins list it among the items in review, as a portrait', () =>
    spec
      .given(...luna, inReview, ...existingAdmin(ADMIN))
      .when((request) => request.get('/api/admin/reviews').as(admin(ADMIN)))
      .then([
        expectResponse(200, {
          body: [{ id: PORTRAIT, kind: 'portrait', performerId: LUNA, imageUrl: NEW, submittedAt: at(-60_000) }],
        }),
      ]));

  it('approved, it becomes her portrait for everyone', async () => {
    await spec
      .given(...luna, inReview, ...existingAdmin(ADMIN))
      .when((request) =>
        request
          .post(`/api/admin/reviews/${PORTRAIT}`, { decision: 'approve' })
          .as(admin(ADMIN, { secondFactor: true })),
      )
      .then([
        expectResponse(200),
        expectNewEvents(streams.performer(LUNA), [
          { type: 'PerformerPortraitReviewed', data: { portraitId: PORTRAIT, decision: 'approve', adminId: ADMIN } },
        ]),
      ]);
    const approved: DomainEvent = {
      type: 'PerformerPortraitReviewed',
      data: {
        performerId: LUNA,
        portraitId: PORTRAIT,
        decision: 'approve',
        adminId: ADMIN,
        statementId: null,
        reviewedAt: at(),
      },
    };
    await spec
      .given(...luna, existingStream(streams.performer(LUNA), [submitted, approved]), ...registeredUser(BOB))
      .when((request) => request.get(`/api/performers/${LUNA}`).as(user(BOB)))
      .then([expectResponse(200, { body: { image: NEW } })]);
  });

  it('rejected only with a statement, which is issued to her; her approved portrait stays', async () => {
    await spec
      .given(...luna, inReview, ...existingAdmin(ADMIN))
      .when((request) => request.post(`/api/admin/reviews/${PORTRAIT}`, { decision: 'reject' }).as(admin(ADMIN)))
      .then([expectError(400, 'validation_failed')]);
    await spec
      .given(...luna, inReview, ...existingAdmin(ADMIN))
      .when((request) =>
        request
          .post(`/api/admin/reviews/${PORTRAIT}`, { decision: 'reject', statement: 'Il volto non è riconoscibile' })
          .as(admin(ADMIN, { secondFactor: true })),
      )
      .then([
        expectResponse(200),
        expectNewEvents(streams.performer(LUNA), [{ type: 'PerformerPortraitReviewed', data: { decision: 'reject' } }]),
        expectNewEvents(moderationStreams.statement(deterministicId(`statement:review:${PORTRAIT}`)), [
          {
            type: 'ModerationStatementIssued',
            data: { subjectId: LUNA, targetKind: 'portrait', targetId: PORTRAIT, action: 'reject_content' },
          },
        ]),
      ]);
  });

  it('an unknown or already reviewed portrait is not found', async () => {
    const rejected: DomainEvent = {
      type: 'PerformerPortraitReviewed',
      data: {
        performerId: LUNA,
        portraitId: PORTRAIT,
        decision: 'reject',
        adminId: ADMIN,
        statementId: null,
        reviewedAt: at(),
      },
    };
    for (const given of [[], [submitted, rejected]])
      await spec
        .given(...luna, existingStream(streams.performer(LUNA), given), ...existingAdmin(ADMIN))
        .when((request) =>
          request
            .post(`/api/admin/reviews/${PORTRAIT}`, { decision: 'approve' })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(404, 'not_found', { allowNewEvents: true })]);
  });

  it('she sees a rejected portrait as rejected', () =>
    spec
      .given(
        ...luna,
        existingStream(streams.performer(LUNA), [
          submitted,
          {
            type: 'PerformerPortraitReviewed',
            data: {
              performerId: LUNA,
              portraitId: PORTRAIT,
              decision: 'reject',
              adminId: ADMIN,
              statementId: null,
              reviewedAt: at(),
            },
          },
        ]),
      )
      .when((request) => request.get('/api/performer/me').as(performer(LUNA)))
      .then([
        expectResponse(200, { body: { image: APPROVED, pendingPortrait: { image: NEW, review: 'rifiutata' } } }),
      ]));
});
