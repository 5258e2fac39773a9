import path from 'node:path';
import { moderationStreams, performerStreams, showStreams, streams } from '@aura/contracts';
import { existingAdmin, existingPerformer, photoOnSale, registeredPerformer } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  expectError,
  expectNewEvents,
  expectNewEventTypes,
  expectResponse,
  performer,
  priorRequest,
  type SpecResponse,
} from '../../test/api-spec';
import { deterministicId } from '../../platform/ids';
import { readOutbox } from '../../platform/mail/mailer';

/**
 * Issue 39 item 4: every moderation act of an admin outside a report (rejecting a performer,
 * deleting a photo, ending a show) states its reasons the way a report's decision does: one
 * statement (facts, ground, no automated means, how to appeal), mailed to her and listed in her
 * 'Comunicazioni'. Without a statement the act is refused before anything is applied; her own acts
 * need none.
 */
const spec = apiSpec({ covers: ['deletePhoto', 'endShow', 'verifyPerformer'] });

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const PHOTO = '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e';
const REASONS = 'La foto mostra un marchio registrato senza autorizzazione.';

const luna = existingPerformer(LUNA, { username: 'luna', online: true });
const lunasPhoto = photoOnSale(PHOTO, LUNA);
const asAdmin = admin(ADMIN, { secondFactor: true });
/** a refusal past the second factor: her code is spent, nothing else recorded */
const onlyTheCodeUsed = expectNewEventTypes([`admin-mfa-${ADMIN} AdminMfaCodeUsed`]);
const live = priorRequest((request) => request.post('/api/shows', { title: 'Sera di musica' }).as(performer(LUNA)));
const showOf = (priors: SpecResponse[]) => (priors[0]!.body as { id: string }).id;

const mailedToLuna = async ({ world }: { world: { config: { dataDir: string } } }) => {
  const mails = await readOutbox(path.join(world.config.dataDir, 'outbox'));
  expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
    ['luna@example.com', 'Aura: decisione di moderazione'],
  ]);
};

describe('admin moderation acts state their reasons', () => {
  describe('DELETE /api/photos/{id}', () => {
    it('an admin removes a photo with a statement: removed, the statement issued, mailed to her', () =>
      spec
        .given(...luna, lunasPhoto, ...existingAdmin(ADMIN))
        .when((request) => request.delete(`/api/photos/${PHOTO}`, { statement: REASONS }).as(asAdmin))
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(performerStreams.photo(PHOTO), [{ type: 'PhotoRemoved' }]),
          expectNewEvents(moderationStreams.statement(deterministicId(`statement:remove-photo:${PHOTO}`)), [
            {
              type: 'ModerationStatementIssued',
              data: {
                subjectKind: 'performer',
                subjectId: LUNA,
                targetKind: 'photo',
                targetId: PHOTO,
                action: 'remove_content',
                statement: REASONS,
                automated: false,
                adminId: ADMIN,
              },
            },
          ]),
          mailedToLuna,
        ]));

    it('refuses an admin without a statement (or a blank one), removing nothing', async () => {
      for (const body of [undefined, {}, { statement: '   ' }])
        await spec
          .given(...luna, lunasPhoto, ...existingAdmin(ADMIN))
          .when((request) => request.delete(`/api/photos/${PHOTO}`, body).as(asAdmin))
          .then([expectError(400, 'statement_required', { allowNewEvents: true }), onlyTheCodeUsed]);
    });

    it('she removes her own photo with no statement, and none is issued', () =>
      spec
        .given(...luna, lunasPhoto)
        .when((request) => request.delete(`/api/photos/${PHOTO}`).as(performer(LUNA)))
        .then([expectResponse(200), expectNewEventTypes([`${performerStreams.photo(PHOTO)} PhotoRemoved`])]));
  });

  describe('POST /api/shows/{id}/end', () => {
    it('an admin ends her show with a statement, which she reads in her notices', async () => {
      await spec
        .given(...luna, ...existingAdmin(ADMIN), live)
        .when((request, priors) => request.post(`/api/shows/${showOf(priors)}/end`, { statement: REASONS }).as(asAdmin))
        .then([
          expectResponse(200, { body: { status: 'ended' } }),
          expectNewEvents(showStreams.stage(LUNA), [{ type: 'ShowEnded', data: { reason: 'admin' } }]),
          ({ newEvents }) =>
            expect(newEvents.find((event) => event.type === 'ModerationStatementIssued')?.data).toMatchObject({
              subjectId: LUNA,
              targetKind: 'show',
              targetId: (newEvents.find((event) => event.type === 'ShowEnded')?.data as { showId: string }).showId,
              action: 'end_show',
              statement: REASONS,
            }),
          mailedToLuna,
        ]);
      await spec
        .given(
          ...luna,
          ...existingAdmin(ADMIN),
          live,
          priorRequest((request, priors) =>
            request.post(`/api/shows/${showOf(priors)}/end`, { statement: REASONS }).as(asAdmin),
          ),
        )
        .when((request) => request.get(`/api/performers/${LUNA}/moderation-notices`).as(performer(LUNA)))
        .then([expectResponse(200, { body: [{ action: 'end_show', targetKind: 'show', statement: REASONS }] })]);
    });

    it('refuses an admin without a statement: the show stays live', () =>
      spec
        .given(...luna, ...existingAdmin(ADMIN), live)
        .when((request, priors) => request.post(`/api/shows/${showOf(priors)}/end`, {}).as(asAdmin))
        .then([expectError(400, 'statement_required', { allowNewEvents: true }), onlyTheCodeUsed]));
  });

  describe('POST /api/admin/performers/{id}/verify', () => {
    it("a rejection's reason is her statement of reasons, mailed to her", () =>
      spec
        .given(...registeredPerformer(LUNA, { username: 'luna' }), ...existingAdmin(ADMIN))
        .when((request) =>
          request
            .post(`/api/admin/performers/${LUNA}/verify`, { status: 'rejected', rejectionReason: REASONS })
            .as(asAdmin),
        )
        .then([
          expectResponse(200, { body: { verificationStatus: 'rejected' } }),
          expectNewEvents(streams.performer(LUNA), [{ type: 'PerformerRejected' }]),
          expectNewEvents(moderationStreams.statement(deterministicId(`statement:reject-performer:${LUNA}`)), [
            {
              type: 'ModerationStatementIssued',
              data: { subjectId: LUNA, targetKind: 'performer', action: 'reject_performer', statement: REASONS },
            },
          ]),
          mailedToLuna,
        ]));

    it('refuses a rejection without a reason, rejecting nothing', () =>
      spec
        .given(...registeredPerformer(LUNA, { username: 'luna' }), ...existingAdmin(ADMIN))
        .when((request) => request.post(`/api/admin/performers/${LUNA}/verify`, { status: 'rejected' }).as(asAdmin))
        .then([expectError(400, 'validation_failed')]));
  });
});
