import { CHAT_MESSAGE_MAX, type DomainEvent, type Identity } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { expectOnlyKind } from '../../test/doubles/principals';
import { opensConversations } from './policy';
import {
  conversation,
  decideMarkRead,
  decideSendMessage,
  decideStartConversation,
  repeatedSend,
  type Conversation,
  type SendMessage,
} from './conversation';

const now = new Date('2026-11-20T10:00:00.000Z');
const at = now.toISOString();
const conversationId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const messageId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const strangerId = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const alias: Identity = { identityId: aliasId, userId, aliasId, displayName: 'Zorro' };
const reachable = { available: true, blocksIdentity: false };
const started: DomainEvent = {
  type: 'ConversationStarted',
  data: { conversationId, performerId, userId, aliasId, identityId: aliasId, displayName: 'Zorro', startedAt: at },
};

const spec = deciderSpec(conversation);

describe('starting a conversation', () => {
  const start = { conversationId, performerId, identity: alias, performer: reachable };

  it('opens the identity’s conversation once; a second start appends nothing', () => {
    spec
      .given([])
      .when((s) => decideStartConversation(start, s, now))
      .then([started]);
    spec
      .given([started])
      .when((s) => decideStartConversation(start, s, now))
      .then([]);
  });

  it('refuses a performer out of reach, and a blocked identity a new conversation', () => {
    spec
      .given([])
      .when((s) =>
        decideStartConversation({ ...start, performer: { available: false, blocksIdentity: false } }, s, now),
      )
      .thenThrows('not_found');
    spec
      .given([started])
      .when((s) =>
        decideStartConversation({ ...start, performer: { available: false, blocksIdentity: false } }, s, now),
      )
      .thenThrows('not_found');
    spec
      .given([])
      .when((s) => decideStartConversation({ ...start, performer: { available: true, blocksIdentity: true } }, s, now))
      .thenThrows('blocked');
  });
});

describe('chat policy', () => {
  it('only a user opens a conversation (who is a party to one is partyOf, below)', () => {
    expectOnlyKind(opensConversations, 'user', userId);
  });
});

describe('sending a message', () => {
  const fromUser: SendMessage = {
    messageId,
    caller: { kind: 'user', id: userId },
    senderType: 'user',
    senderId: aliasId,
    content: '  Ciao!\nCome stai?  ',
    identityActive: true,
    userActive: true,
    performer: reachable,
    priceUnits: 150,
  };
  const fromPerformer: SendMessage = {
    ...fromUser,
    caller: { kind: 'performer', id: performerId },
    senderType: 'performer',
    senderId: performerId,
    content: 'Ciao Zorro',
    priceUnits: 150,
  };
  const send = (command: SendMessage) => (s: Conversation) => [decideSendMessage(command, s, now)];

  it('records a user’s message at her price, trimmed, under the identity', () => {
    spec
      .given([started])
      .when(send(fromUser))
      .then([
        {
          type: 'MessageSent',
          data: {
            messageId,
            conversationId,
            performerId,
            userId,
            identityId: aliasId,
            senderType: 'user',
            content: 'Ciao!\nCome stai?',
            priceUnits: 150,
            sentAt: at,
          },
        },
      ]);
    spec
      .given([started])
      .when(send({ ...fromUser, senderId: userId }))
      .then([expect.objectContaining({ type: 'MessageSent' }) as unknown as DomainEvent]);
  });

  it('refuses a user’s message when the price he saw is not hers any more, and takes it at the price he saw', () => {
    spec
      .given([started])
      .when(send({ ...fromUser, expectedPrice: 1 }))
      .thenThrows('price_changed');
    spec
      .given([started])
      .when(send({ ...fromUser, expectedPrice: 1.5 }))
      .then([
        expect.objectContaining({
          type: 'MessageSent',
          data: expect.objectContaining({ priceUnits: 150 }),
        }) as unknown as DomainEvent,
      ]);
    // her replies are free: what she sends as expectedPrice does not matter
    spec
      .given([started])
      .when(send({ ...fromPerformer, expectedPrice: 7 }))
      .then([expect.objectContaining({ type: 'MessageSent' }) as unknown as DomainEvent]);
  });

  it('makes the performer’s replies free', () => {
    spec
      .given([started])
      .when(send(fromPerformer))
      .then([
        {
          type: 'MessageSent',
          data: {
            messageId,
            conversationId,
            performerId,
            userId,
            identityId: aliasId,
            senderType: 'performer',
            content: 'Ciao Zorro',
            priceUnits: 0,
            sentAt: at,
          },
        },
      ]);
  });

  it('answers not found to anybody but the two parties, and for a conversation that does not exist', () => {
    spec
      .given([started])
      .when(send({ ...fromUser, caller: { kind: 'user', id: strangerId }, senderId: strangerId }))
      .thenThrows('not_found');
    spec
      .given([started])
      .when(send({ ...fromPerformer, caller: { kind: 'performer', id: strangerId }, senderId: strangerId }))
      .thenThrows('not_found');
    spec
      .given([started])
      .when(send({ ...fromUser, caller: { kind: 'admin', id: userId } }))
      .thenThrows('not_found');
    spec.given([]).when(send(fromUser)).thenThrows('not_found');
  });

  it('refuses a forged senderType or senderId', () => {
    spec
      .given([started])
      .when(send({ ...fromUser, senderType: 'performer' }))
      .thenThrows('forbidden');
    spec
      .given([started])
      .when(send({ ...fromUser, senderId: performerId }))
      .thenThrows('forbidden');
    spec
      .given([started])
      .when(send({ ...fromPerformer, senderId: userId }))
      .thenThrows('forbidden');
    spec
      .given([started])
      .when(send({ ...fromPerformer, senderType: 'user' }))
      .thenThrows('forbidden');
  });

  it('refuses blank and over-long content', () => {
    spec
      .given([started])
      .when(send({ ...fromUser, content: ' \n ' }))
      .thenThrows('validation_failed');
    spec
      .given([started])
      .when(send({ ...fromUser, content: 'x'.repeat(CHAT_MESSAGE_MAX + 1) }))
      .thenThrows('validation_failed');
  });

  it('refuses a deleted alias, a gone user, a blocked identity and a performer out of reach', () => {
    spec
      .given([started])
      .when(send({ ...fromUser, identityActive: false }))
      .thenThrows('conversation_closed');
    spec
      .given([started])
      .when(send({ ...fromPerformer, userActive: false }))
      .thenThrows('conversation_closed');
    spec
      .given([started])
      .when(send({ ...fromUser, performer: { available: true, blocksIdentity: true } }))
      .thenThrows('blocked');
    spec
      .given([started])
      .when(send({ ...fromPerformer, performer: { available: true, blocksIdentity: true } }))
      .thenThrows('blocked');
    spec
      .given([started])
      .when(send({ ...fromUser, performer: { available: false, blocksIdentity: false } }))
      .thenThrows('not_found');
  });
});

describe('marking messages read', () => {
  const read = {
    caller: { kind: 'performer' as const, id: performerId },
    readerId: performerId,
    newestUnreadId: messageId,
  };

  it('marks up to the newest unread message of the other party', () => {
    spec
      .given([started])
      .when((s) => decideMarkRead(read, s, now))
      .then([
        {
          type: 'ConversationRead',
          data: { conversationId, reader: 'performer', upToMessageId: messageId, readAt: at },
        },
      ]);
    spec
      .given([started])
      .when((s) =>
        decideMarkRead({ caller: { kind: 'user', id: userId }, readerId: aliasId, newestUnreadId: messageId }, s, now),
      )
      .then([
        { type: 'ConversationRead', data: { conversationId, reader: 'user', upToMessageId: messageId, readAt: at } },
      ]);
  });

  it('appends nothing when nothing is unread', () => {
    spec
      .given([started])
      .when((s) => decideMarkRead({ ...read, newestUnreadId: null }, s, now))
      .then([]);
  });

  it('lets only the reader mark, and only in their conversation', () => {
    spec
      .given([started])
      .when((s) => decideMarkRead({ ...read, readerId: userId }, s, now))
      .thenThrows('forbidden');
    spec
      .given([started])
      .when((s) => decideMarkRead({ ...read, caller: { kind: 'user', id: strangerId }, readerId: strangerId }, s, now))
      .thenThrows('not_found');
  });
});

describe('a repeated send', () => {
  const first = { senderType: 'user' as const, content: 'Ciao!', view: { id: messageId } };

  it('given the same sender and content (as normalised), then the first message is the answer', () => {
    expect(repeatedSend(first, 'user', '  Ciao!  ')).toBe(first.view);
  });

  it('given another content or another sender under the same key, then the key is refused as reused', () => {
    for (const [party, content] of [
      ['user', 'Ciao di nuovo'],
      ['performer', 'Ciao!'],
    ] as const)
      expect(() => repeatedSend(first, party, content)).toThrow(
        expect.objectContaining({ code: 'idempotency_key_reused' }),
      );
  });
});
