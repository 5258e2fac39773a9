import { chatStreams, streams } from '@aura/contracts';
import { at, existingPerformer, registeredUser } from '../../test/api-fixtures';
import {
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectNewEventTypes,
  expectResponse,
  performer,
  user,
} from '../../test/api-spec';
import { conversationIdOf } from './routes';

const spec = apiSpec({ covers: ['startConversation', 'sendMessage', 'markRead'] });

const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const CARLA = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const MESSAGE = '9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b4';
const CONVERSATION = conversationIdOf(LUNA, BOB);

const luna = existingPerformer(LUNA, { username: 'luna', online: true });
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
/** Luna wrote to Bob (a performer's reply is free: its own stream) */
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

describe('chat API', () => {
  describe('POST /api/conversations', () => {
    it('he opens a conversation with her under his own name', () =>
      spec
        .given(...registeredUser(BOB, { username: 'bob' }), ...luna)
        .when((request) => request.post('/api/conversations', { performerId: LUNA }).as(user(BOB)))
        .then([
          expectResponse(201, { body: { id: CONVERSATION, performerId: LUNA } }),
          expectNewEvents(chatStreams.conversation(CONVERSATION), [
            {
              type: 'ConversationStarted',
              data: { userId: BOB, performerId: LUNA, aliasId: null, displayName: 'bob' },
            },
          ]),
        ]));

    it('opening it again finds the same one (200, nothing appended)', () =>
      spec
        .given(...registeredUser(BOB, { username: 'bob' }), ...luna, started)
        .when((request) => request.post('/api/conversations', { performerId: LUNA }).as(user(BOB)))
        .then([expectResponse(200, { body: { id: CONVERSATION } }), expectNewEventTypes([])]));

    it('refuses a performer (only users open conversations)', () =>
      spec
        .given(...luna, ...existingPerformer(CARLA))
        .when((request) => request.post('/api/conversations', { performerId: LUNA }).as(performer(CARLA)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('POST /api/messages', () => {
    it('he pays her price for his message: the message, then its debit, on his wallet', () =>
      spec
        .given(...registeredUser(BOB, { username: 'bob', auracoin: 10 }), ...luna, started)
        .when((request) =>
          request
            .post('/api/messages', {
              conversationId: CONVERSATION,
              senderId: BOB,
              senderType: 'user',
              content: 'Ciao!',
            })
            .as(user(BOB)),
        )
        .then([
          expectResponse(201, { body: { conversationId: CONVERSATION, senderType: 'user', content: 'Ciao!' } }),
          expectNewEvents(streams.wallet(BOB), [
            { type: 'MessageSent', data: { senderType: 'user', content: 'Ciao!', priceUnits: 100 } },
            { type: 'AuracoinDebited', data: { walletId: BOB, amount: 100, reason: 'message' } },
          ]),
        ]));

    it('refuses him when his wallet cannot pay it', () =>
      spec
        .given(...registeredUser(BOB, { username: 'bob' }), ...luna, started)
        .when((request) =>
          request
            .post('/api/messages', {
              conversationId: CONVERSATION,
              senderId: BOB,
              senderType: 'user',
              content: 'Ciao!',
            })
            .as(user(BOB)),
        )
        .then([expectError(400, 'insufficient_balance')]));

    it('refuses a user who is not in the conversation', () =>
      spec
        .given(...registeredUser(BOB), ...registeredUser(CARLA, { auracoin: 10 }), ...luna, started)
        .when((request) =>
          request
            .post('/api/messages', {
              conversationId: CONVERSATION,
              senderId: CARLA,
              senderType: 'user',
              content: 'Ciao!',
            })
            .as(user(CARLA)),
        )
        .then([expectError(404, 'not_found')]));
  });

  describe('PATCH /api/messages/{conversationId}/read/{userId}', () => {
    it('he reads her messages: a read mark up to her newest', () =>
      spec
        .given(...registeredUser(BOB), ...luna, started, lunaWrote)
        .when((request) => request.patch(`/api/messages/${CONVERSATION}/read/${BOB}`).as(user(BOB)))
        .then([
          expectResponse(200, { body: { conversationId: CONVERSATION, reader: 'user', marked: 1, unreadCount: 0 } }),
          expectNewEvents(chatStreams.conversationReads(CONVERSATION), [
            { type: 'ConversationRead', data: { reader: 'user', upToMessageId: MESSAGE } },
          ]),
        ]));

    it('refuses a user who is not in the conversation', () =>
      spec
        .given(...registeredUser(BOB), ...registeredUser(CARLA), ...luna, started, lunaWrote)
        .when((request) => request.patch(`/api/messages/${CONVERSATION}/read/${CARLA}`).as(user(CARLA)))
        .then([expectError(404, 'not_found')]));
  });
});
