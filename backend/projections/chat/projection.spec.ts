import type { ChatParty, DomainEvent } from '@aura/contracts';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import { createBatchReadModelStore } from '../../test/doubles/batch-store';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { recordedAs } from '../../test/doubles/recorded';
import { CHAT_MESSAGES, CHAT_UNREAD, chatProjection, CONVERSATIONS, PREVIEW_LENGTH } from './projection';
import { createChatQueries, toConversationView, toMessageView, type ChatProfile } from './queries';

const c1 = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e41';
const c2 = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e42';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const t = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`;
const id = (n: number) => `5b7c4d1e-8f7a-4e63-9a51-${String(n).padStart(12, '0')}`;

const started = (conversationId: string, alias: string | null, at: string): DomainEvent => ({
  type: 'ConversationStarted',
  data: {
    conversationId,
    performerId,
    userId,
    aliasId: alias,
    identityId: alias ?? userId,
    displayName: alias ? 'Zorro' : 'mario',
    startedAt: at,
  },
});
const sent = (
  n: number,
  conversationId: string,
  senderType: ChatParty,
  at: string,
  content = `messaggio ${n}`,
): DomainEvent => ({
  type: 'MessageSent',
  data: {
    messageId: id(n),
    conversationId,
    performerId,
    userId,
    identityId: conversationId === c1 ? aliasId : userId,
    senderType,
    content,
    priceUnits: senderType === 'user' ? 100 : 0,
    sentAt: at,
  },
});
const read = (conversationId: string, reader: ChatParty, upTo: number): DomainEvent => ({
  type: 'ConversationRead',
  data: { conversationId, reader, upToMessageId: id(upTo), readAt: t(59) },
});

async function project(events: DomainEvent[], options: { replayFrom?: number } = {}) {
  const store = createMingoReadModelStore();
  for (const index of chatProjection.indexes ?? [])
    await store.collection(index.collection).createIndex(index.keys, index.options);
  const stored = events.map((event, index) => recordedAs(event, { id: `e${index}`, position: index + 1 }));
  for (const event of stored) await chatProjection.apply(event, store);
  // a crash before the checkpoint: the tail of the log comes again and must change nothing
  if (options.replayFrom !== undefined)
    for (const event of stored.slice(options.replayFrom)) await chatProjection.apply(event, store);
  return createChatQueries(store);
}

const profile: ChatProfile = {
  name: 'Giulia',
  image: '/g.svg',
  username: 'giulia',
  isOnline: true,
  messagePriceUnits: 150,
  blockedIdentityIds: [],
};

describe('conversations read model', () => {
  const log = [
    started(c1, aliasId, t(0)),
    started(c2, null, t(1)),
    sent(1, c1, 'user', t(2)),
    sent(2, c1, 'user', t(3)),
    sent(3, c2, 'user', t(4)),
    sent(4, c1, 'performer', t(5)),
  ];

  it('counts each party’s unread messages and orders by last activity', async () => {
    const chat = await project(log);
    const forUser = await chat.listFor('user', userId, { limit: 10 });
    expect(forUser.map((doc) => doc._id)).toEqual([c1, c2]);
    expect(forUser[0]).toMatchObject({
      unreadUser: 1,
      unreadPerformer: 2,
      messages: 3,
      lastMessageAt: t(5),
      lastMessage: { senderType: 'performer', content: 'messaggio 4' },
    });
    expect(await chat.unreadCounts('performer', performerId)).toEqual({
      total: 3,
      byConversation: { [c1]: 2, [c2]: 1 },
    });
    expect(await chat.unreadCounts('user', userId)).toEqual({ total: 1, byConversation: { [c1]: 1 } });
  });

  it('keeps each party’s unread total equal to the sum over its conversations, through reads, duplicates and replays', async () => {
    const events = [
      ...log,
      sent(5, c1, 'user', t(6)),
      read(c1, 'performer', 2),
      sent(1, c1, 'user', t(7)),
      read(c2, 'performer', 3),
      sent(6, c2, 'performer', t(8)),
      read(c1, 'user', 4),
    ];
    for (const replayFrom of [undefined, 0, 3, 7]) {
      const chat = await project(events, { replayFrom });
      for (const [party, partyId] of [
        ['performer', performerId],
        ['user', userId],
      ] as const) {
        expect([replayFrom, party, await chat.unreadTotal(party, partyId)]).toEqual([
          replayFrom,
          party,
          (await chat.unreadCounts(party, partyId)).total,
        ]);
      }
    }
    const chat = await project(events);
    expect([await chat.unreadTotal('performer', performerId), await chat.unreadTotal('user', userId)]).toEqual([1, 1]);
    expect(await chat.unreadTotal('user', 'nobody')).toBe(0);
  });

  it('marks the other party’s messages read up to the mark, and recounts', async () => {
    const chat = await project([...log, sent(5, c1, 'user', t(6)), read(c1, 'performer', 2)]);
    expect((await chat.conversation(c1))?.unreadPerformer).toBe(1);
    const { messages } = await chat.history(c1, { limit: 10 });
    expect(messages.map((m) => [m._id, m.isRead])).toEqual([
      [id(1), true],
      [id(2), true],
      [id(4), false],
      [id(5), false],
    ]);
    expect((await chat.newestUnread(c1, 'performer'))?._id).toBe(id(5));
    expect((await chat.newestUnread(c1, 'user'))?._id).toBe(id(4));
  });

  it('changes nothing when a batch is applied again after a crash', async () => {
    const events = [...log, read(c1, 'user', 4), sent(5, c2, 'performer', t(7))];
    const once = await project(events);
    const twice = await project(events, { replayFrom: 2 });
    for (const conversationId of [c1, c2])
      expect(await twice.conversation(conversationId)).toEqual(await once.conversation(conversationId));
    expect((await twice.history(c1, { limit: 50 })).messages).toEqual((await once.history(c1, { limit: 50 })).messages);
  });

  it('shows one message once even if its id was stored twice', async () => {
    const chat = await project([...log, sent(1, c1, 'user', t(9))]);
    expect((await chat.conversation(c1))?.messages).toBe(3);
    expect((await chat.history(c1, { limit: 10 })).messages).toHaveLength(3);
  });

  it('pages a long history oldest first, before or after a message', async () => {
    const many = Array.from({ length: 7 }, (_, n) => sent(10 + n, c2, n % 2 ? 'performer' : 'user', t(10 + n)));
    const chat = await project([started(c2, null, t(0)), ...many]);
    const newest = await chat.history(c2, { limit: 3 });
    expect(newest.messages.map((m) => m._id)).toEqual([id(14), id(15), id(16)]);
    expect(newest.hasMore).toBe(true);
    const before = await chat.history(c2, { limit: 3, before: newest.messages[0] });
    expect(before.messages.map((m) => m._id)).toEqual([id(11), id(12), id(13)]);
    const first = await chat.history(c2, { limit: 3, before: before.messages[0] });
    expect(first).toMatchObject({ hasMore: false });
    expect(first.messages.map((m) => m._id)).toEqual([id(10)]);
    const after = await chat.history(c2, { limit: 5, after: first.messages[0] });
    expect(after.messages.map((m) => m._id)).toEqual([id(11), id(12), id(13), id(14), id(15)]);
    expect(after.hasMore).toBe(true);
  });

  it('closes the conversations of a deleted alias, user or performer', async () => {
    const aliasGone = await project([
      ...log,
      { type: 'AliasDeleted', data: { aliasId, userId, deletedBy: userId, deletedAt: t(9) } },
    ]);
    expect((await aliasGone.conversation(c1))?.closed).toBe(true);
    expect((await aliasGone.conversation(c2))?.closed).toBe(false);
    const userGone = await project([
      ...log,
      { type: 'UserDeleted', data: { userId, deletedBy: 'admin', deletedAt: t(9) } },
    ]);
    expect([(await userGone.conversation(c1))?.closed, (await userGone.conversation(c2))?.closed]).toEqual([
      true,
      true,
    ]);
  });

  it('keeps a short preview of the last message', async () => {
    const chat = await project([started(c2, null, t(0)), sent(1, c2, 'user', t(1), 'x'.repeat(500))]);
    expect((await chat.conversation(c2))?.lastMessage?.content).toHaveLength(PREVIEW_LENGTH);
  });

  it('hides a conversation from the performer until its first message', async () => {
    const chat = await project([started(c1, aliasId, t(0)), started(c2, null, t(1)), sent(1, c2, 'user', t(2))]);
    expect((await chat.listFor('performer', performerId, { limit: 10 })).map((doc) => doc._id)).toEqual([c2]);
    expect((await chat.listFor('user', userId, { limit: 10 })).map((doc) => doc._id)).toEqual([c2, c1]);
  });
});

describe('conversation views', () => {
  it('never show the performer the account behind an alias', async () => {
    const chat = await project([started(c1, aliasId, t(0)), sent(1, c1, 'user', t(1))]);
    const doc = (await chat.conversation(c1))!;
    const hers = toConversationView(doc, 'performer', profile);
    expect(hers).toMatchObject({
      userId: aliasId,
      identityId: aliasId,
      aliasId: null,
      user: { username: 'Zorro' },
      unreadCount: 1,
    });
    const { messages } = await chat.history(c1, { limit: 10 });
    expect(JSON.stringify([hers, messages.map(toMessageView)])).not.toContain(userId);
    const his = toConversationView(doc, 'user', profile);
    expect(his).toMatchObject({
      userId,
      aliasId,
      identityId: aliasId,
      unreadCount: 0,
      performer: { name: 'Giulia', messagePrice: 1.5, isOnline: true },
    });
  });

  it('tell both parties when she blocked the identity', async () => {
    const chat = await project([started(c1, aliasId, t(0))]);
    const doc = (await chat.conversation(c1))!;
    expect(toConversationView(doc, 'user', { ...profile, blockedIdentityIds: [aliasId] }).blocked).toBe(true);
    expect(toConversationView(doc, 'user', { ...profile, blockedIdentityIds: [userId] }).blocked).toBe(false);
  });
});

describe('conversations read model, a batch at once (the PostgreSQL path)', () => {
  const log = [
    started(c1, aliasId, t(0)),
    started(c2, null, t(1)),
    sent(1, c1, 'user', t(2)),
    sent(2, c2, 'user', t(3)),
    sent(3, c1, 'performer', t(4)),
    sent(4, c1, 'user', t(5)),
    // the same message id again (a retry that crossed a price change): shown and counted once
    sent(2, c2, 'user', t(6)),
    read(c1, 'performer', 4),
    sent(5, c1, 'user', t(7)),
    sent(6, c2, 'performer', t(8)),
  ].map((event, index) => recordedAs(event, { id: `e${index}`, position: index + 1 }));
  const contents = async (store: ReadModelStore) =>
    Promise.all(
      [CONVERSATIONS, CHAT_MESSAGES, CHAT_UNREAD].map((name) => store.collection(name).find({}, { sort: { _id: 1 } })),
    );
  const oneByOne = async () => {
    const store = createMingoReadModelStore();
    for (const event of log) await chatProjection.apply(event, store);
    return contents(store);
  };

  it('makes the documents the events make one by one, in fewer statements', async () => {
    const store = createBatchReadModelStore();
    await chatProjection.applyBatch!(log, store);
    expect(await contents(store)).toEqual(await oneByOne());
    const batched = store.statements();
    const single = createBatchReadModelStore();
    for (const event of log) await chatProjection.apply(event, single);
    expect(batched).toBeLessThan(single.statements());
  });

  it('changes nothing when a batch comes again after a crash, whole or from its middle', async () => {
    const store = createBatchReadModelStore();
    for (const event of log.slice(0, 5)) await chatProjection.apply(event, store);
    await chatProjection.applyBatch!(log.slice(3), store);
    await chatProjection.applyBatch!(log, store);
    expect(await contents(store)).toEqual(await oneByOne());
  });
});
