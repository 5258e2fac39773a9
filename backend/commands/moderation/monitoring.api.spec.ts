import { chatStreams, moderationStreams, showStreams } from '@aura/contracts';
import { at, existingAdmin, existingPerformer, registeredUser } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  existingStream,
  expectError,
  expectResponse,
  performer,
  priorRequest,
  user,
  type SpecResponse,
} from '../../test/api-spec';
import { deterministicId } from '../../platform/ids';

/** Live monitoring (issue 39 item 6), the appeals list, and reports on every kind of target (item 3). */
const spec = apiSpec({ covers: ['adminEndShow', 'adminLive', 'listAppeals'] });

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const OTHER_ADMIN = '1c4a7b2d-9f3e-4a8b-8d6c-2e3f4a5b6c7d';
const UNKNOWN = '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b';
const MESSAGE = '9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b4';
/** their conversation (the events below name it; the chat module derives it from the two parties) */
const CONVERSATION = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';

const lunaAndBob = [
  ...existingPerformer(LUNA, { username: 'luna', online: true }),
  ...registeredUser(BOB, { username: 'bob', auracoin: 20 }),
];
/** Luna went live (priors[0]) */
const live = priorRequest((request) => request.post('/api/shows', { title: 'Sera di musica' }).as(performer(LUNA)));
const showOf = (priors: SpecResponse[]) => (priors[0]!.body as { id: string }).id;
/** Bob tipped her 5 auracoin (priors[1]) */
const bobTipped = priorRequest((request, priors) =>
  request
    .post(`/api/shows/${showOf(priors)}/tips`, { amount: 5 })
    .header('idempotency-key', 'tip-1')
    .as(user(BOB)),
);
/** Bob wrote a line in her room (priors[1]) */
const bobWrote = priorRequest((request, priors) =>
  request.post(`/api/shows/${showOf(priors)}/messages`, { content: 'Ciao Luna!' }).as(user(BOB)),
);
const lineOf = (priors: SpecResponse[]) => (priors[1]!.body as { id: string }).id;

const endBody = {
  ground: 'termini',
  groundDetail: 'Termini di servizio, art. 6 (comportamenti vietati in diretta)',
  statement: 'Durante lo show è comparsa una persona non registrata come co-performer.',
};
const report = (targetKind: string, targetId: string, category = 'minori') => ({
  targetKind,
  targetId,
  category,
  description: 'Contenuto da verificare',
  goodFaith: true,
});

describe('live monitoring API', () => {
  it('GET /api/admin/live lists her running show with its viewers, tips and thumbnail, and the private sessions', () =>
    spec
      .given(...lunaAndBob, ...existingAdmin(ADMIN), live, bobTipped)
      .when((request) => request.get('/api/admin/live').as(admin(ADMIN)))
      .then([
        expectResponse(200, {
          body: {
            shows: [
              {
                performerId: LUNA,
                title: 'Sera di musica',
                status: 'live',
                viewerCount: 0,
                tipsAmount: 5,
                thumbnailUrl: null,
              },
            ],
            privateSessions: 0,
          },
        }),
      ]));

  it('is for admins only', () =>
    spec
      .given(...lunaAndBob)
      .when((request) => request.get('/api/admin/live').as(user(BOB)))
      .then([expectError(403, 'forbidden')]));

  describe('POST /api/admin/shows/{id}/end', () => {
    it('an admin ends her show: the room closed, the show ended by an admin, her statement of reasons issued', () =>
      spec
        .given(...lunaAndBob, ...existingAdmin(ADMIN), live)
        .when((request, priors) =>
          request.post(`/api/admin/shows/${showOf(priors)}/end`, endBody).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          ({ response, newEvents }) => {
            const ended = newEvents.find((event) => event.type === 'ShowEnded')?.data as { showId: string };
            const showId = ended.showId;
            const statementId = deterministicId(`statement:end-show:${showId}`);
            expect(response.body).toEqual({ statementId });
            expect(newEvents.map(({ streamId, type }) => `${streamId} ${type}`)).toEqual(
              expect.arrayContaining([
                `${showStreams.show(showId)} ShowRoomClosed`,
                `${showStreams.stage(LUNA)} ShowEnded`,
                `${moderationStreams.statement(statementId)} ModerationStatementIssued`,
              ]),
            );
            expect(newEvents.find((event) => event.type === 'ShowEnded')?.data).toMatchObject({ reason: 'admin' });
            expect(newEvents.find((event) => event.type === 'ModerationStatementIssued')?.data).toMatchObject({
              subjectKind: 'performer',
              subjectId: LUNA,
              targetKind: 'show',
              targetId: showId,
              action: 'end_show',
              ground: 'termini',
              statement: endBody.statement,
              automated: false,
              adminId: ADMIN,
            });
          },
        ]));

    it('she reads the statement in her notices, and the show leaves the monitoring', async () => {
      const ended = priorRequest((request, priors) =>
        request.post(`/api/admin/shows/${showOf(priors)}/end`, endBody).as(admin(ADMIN, { secondFactor: true })),
      );
      await spec
        .given(...lunaAndBob, ...existingAdmin(ADMIN), live, ended)
        .when((request) => request.get(`/api/performers/${LUNA}/moderation-notices`).as(performer(LUNA)))
        .then([expectResponse(200, { body: [{ action: 'end_show', statement: endBody.statement }] })]);
      await spec
        .given(...lunaAndBob, ...existingAdmin(ADMIN), live, ended)
        .when((request) => request.get('/api/admin/live').as(admin(ADMIN)))
        .then([expectResponse(200, { body: { shows: [] } })]);
    });

    it('refuses an end without a statement, an unknown show and one already over', async () => {
      await spec
        .given(...lunaAndBob, ...existingAdmin(ADMIN), live)
        .when((request, priors) =>
          request
            .post(`/api/admin/shows/${showOf(priors)}/end`, { ...endBody, statement: ' ' })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(400, 'validation_failed')]);
      await spec
        .given(...lunaAndBob, ...existingAdmin(ADMIN))
        .when((request) =>
          request.post(`/api/admin/shows/${UNKNOWN}/end`, endBody).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(404, 'not_found', { allowNewEvents: true })]);
      await spec
        .given(
          ...lunaAndBob,
          ...existingAdmin(ADMIN),
          live,
          priorRequest((request, priors) => request.post(`/api/shows/${showOf(priors)}/end`).as(performer(LUNA))),
        )
        .when((request, priors) =>
          request.post(`/api/admin/shows/${showOf(priors)}/end`, endBody).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectError(409, 'show_ended', { allowNewEvents: true }),
          ({ newEvents }) => expect(newEvents.map((event) => event.type)).toEqual(['AdminMfaCodeUsed']),
        ]);
    });

    it('is for admins only', () =>
      spec
        .given(...lunaAndBob, live)
        .when((request, priors) => request.post(`/api/admin/shows/${showOf(priors)}/end`, endBody).as(performer(LUNA)))
        .then([expectError(403, 'forbidden')]));
  });
});

describe('appeals as admins list them', () => {
  const ended = priorRequest((request, priors) =>
    request.post(`/api/admin/shows/${showOf(priors)}/end`, endBody).as(admin(ADMIN, { secondFactor: true })),
  );
  const appealed = priorRequest((request, priors) =>
    request
      .post('/api/appeals', {
        statementId: (priors[1]!.body as { statementId: string }).statementId,
        text: 'Era mia sorella, maggiorenne',
      })
      .as(performer(LUNA)),
  );

  it('an open appeal with the decision appealed, then its outcome by another admin', async () => {
    await spec
      .given(...lunaAndBob, ...existingAdmin(ADMIN), live, ended, appealed)
      .when((request) => request.get('/api/admin/appeals?status=open').as(admin(ADMIN)))
      .then([
        expectResponse(200, {
          body: [
            {
              subjectId: LUNA,
              action: 'end_show',
              decisionStatement: endBody.statement,
              decidedBy: ADMIN,
              text: 'Era mia sorella, maggiorenne',
              status: 'open',
              statement: null,
              appealDecidedBy: null,
            },
          ],
        }),
      ]);
    const decided = priorRequest((request, priors) =>
      request
        .post(`/api/admin/appeals/${(priors[2]!.body as { id: string }).id}/decision`, {
          outcome: 'reversed',
          statement: 'La persona era una co-performer approvata.',
        })
        .as(admin(OTHER_ADMIN, { secondFactor: true })),
    );
    await spec
      .given(...lunaAndBob, ...existingAdmin(ADMIN), ...existingAdmin(OTHER_ADMIN), live, ended, appealed, decided)
      .when((request) => request.get('/api/admin/appeals?status=decided').as(admin(ADMIN)))
      .then([
        expectResponse(200, {
          body: [
            {
              status: 'reversed',
              statement: 'La persona era una co-performer approvata.',
              appealDecidedBy: OTHER_ADMIN,
              decidedBy: ADMIN,
            },
          ],
        }),
      ]);
  });

  it('is for admins only, and takes a known status only', async () => {
    await spec
      .given(...lunaAndBob)
      .when((request) => request.get('/api/admin/appeals').as(performer(LUNA)))
      .then([expectError(403, 'forbidden')]);
    await spec
      .given(...existingAdmin(ADMIN))
      .when((request) => request.get('/api/admin/appeals?status=chiuso').as(admin(ADMIN)))
      .then([expectError(400, 'validation_failed')]);
  });
});

describe('reports on every kind of target, the gravest hiding it at once', () => {
  const started = existingStream(chatStreams.conversation(CONVERSATION), [
    {
      type: 'ConversationStarted',
      data: {
        conversationId: CONVERSATION,
        performerId: LUNA,
        userId: BOB,
        aliasId: null,
        identityId: BOB,
        displayName: 'bob',
        startedAt: at(-60_000),
      },
    },
  ]);
  const lunaWrote = existingStream(chatStreams.message(MESSAGE), [
    {
      type: 'MessageSent',
      data: {
        messageId: MESSAGE,
        conversationId: CONVERSATION,
        performerId: LUNA,
        userId: BOB,
        identityId: BOB,
        senderType: 'performer',
        content: 'Ciao Bob!',
        priceUnits: 0,
        sentAt: at(-30_000),
      },
    },
  ]);

  it('a chat message reported in "minori" is hidden from the other party, its sender still reads it', async () => {
    const reported = priorRequest((request) => request.post('/api/reports', report('message', MESSAGE)).as(user(BOB)));
    await spec
      .given(...lunaAndBob, started, lunaWrote)
      .when((request) => request.post('/api/reports', report('message', MESSAGE)).as(user(BOB)))
      .then([
        expectResponse(201),
        ({ newEvents }) =>
          expect(newEvents[0]).toMatchObject({
            type: 'ReportFiled',
            data: { targetKind: 'message', subjectKind: 'performer', subjectId: LUNA, hides: true },
          }),
      ]);
    await spec
      .given(...lunaAndBob, started, lunaWrote, reported)
      .when((request) => request.get(`/api/messages/${CONVERSATION}`).as(user(BOB)))
      .then([expectResponse(200, { body: [] })]);
    await spec
      .given(...lunaAndBob, started, lunaWrote, reported)
      .when((request) => request.get(`/api/messages/${CONVERSATION}`).as(performer(LUNA)))
      .then([expectResponse(200, { body: [{ id: MESSAGE }] })]);
  });

  it('a room line reported as non-consensual leaves the room at once; a spam report hides nothing', async () => {
    const reportLine = (category: string) =>
      priorRequest((request, priors) =>
        request.post('/api/reports', report('show_message', lineOf(priors), category)).as(user(BOB)),
      );
    await spec
      .given(...lunaAndBob, live, bobWrote, reportLine('non_consensuale'))
      .when((request, priors) => request.get(`/api/shows/${showOf(priors)}/messages`))
      .then([expectResponse(200, { body: [] })]);
    await spec
      .given(...lunaAndBob, live, bobWrote, reportLine('spam'))
      .when((request, priors) => request.get(`/api/shows/${showOf(priors)}/messages`))
      .then([expectResponse(200, { body: [{ content: 'Ciao Luna!' }] })]);
  });

  it('a show reported in "minori" leaves the live list (admins still monitor it)', async () => {
    const reportShow = priorRequest((request, priors) =>
      request.post('/api/reports', report('show', showOf(priors))).as(user(BOB)),
    );
    await spec
      .given(...lunaAndBob, live, reportShow)
      .when((request) => request.get('/api/shows').as(user(BOB)))
      .then([expectResponse(200, { body: [] })]);
    await spec
      .given(...lunaAndBob, ...existingAdmin(ADMIN), live, reportShow)
      .when((request) => request.get('/api/admin/live').as(admin(ADMIN)))
      .then([({ response }) => expect((response.body as { shows: unknown[] }).shows).toHaveLength(1)]);
  });

  it('a profile reported in "minori" leaves the gallery and its page', async () => {
    const reportHer = priorRequest((request) =>
      request.post('/api/reports', { ...report('performer', LUNA), email: 'anna@example.com' }),
    );
    await spec
      .given(...lunaAndBob, reportHer)
      .when((request) => request.get('/api/performers?tab=all').as(user(BOB)))
      .then([({ response }) => expect(response.body).toMatchObject({ performers: [] })]);
    await spec
      .given(...lunaAndBob, reportHer)
      .when((request) => request.get(`/api/performers/${LUNA}`).as(user(BOB)))
      .then([expectError(404, 'not_found')]);
  });

  it('refuses reports on unknown targets of each kind, and an unknown kind', async () => {
    for (const targetKind of ['performer', 'show', 'show_message', 'message'])
      await spec
        .given(...lunaAndBob)
        .when((request) => request.post('/api/reports', report(targetKind, UNKNOWN)).as(user(BOB)))
        .then([expectError(404, 'not_found')]);
    await spec
      .given(...lunaAndBob)
      .when((request) => request.post('/api/reports', report('commento', LUNA)).as(user(BOB)))
      .then([expectError(400, 'validation_failed')]);
  });
});
