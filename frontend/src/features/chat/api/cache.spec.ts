import { describe, expect, it } from '@jest/globals';
import type { ConversationView, MessageView } from '@aura/contracts';
import {
  markReadUpTo,
  mergeMessages,
  unreadFor,
  withConversation,
  withMessage,
  withPresence,
  withUnread,
} from './cache';

const message = (
  id: string,
  minute: number,
  senderType: 'user' | 'performer' = 'user',
  isRead = false,
): MessageView => ({
  id,
  conversationId: 'c1',
  senderId: senderType === 'user' ? 'u' : 'p',
  senderType,
  content: id,
  createdAt: `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`,
  isRead,
  price: 0,
});
const conversation = (
  id: string,
  lastMinute: number | null,
  overrides: Partial<ConversationView> = {},
): ConversationView => ({
  id,
  userId: 'u',
  performerId: 'p',
  identityId: 'u',
  aliasId: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastMessageAt: lastMinute === null ? null : message('x', lastMinute).createdAt,
  lastMessage: null,
  unreadCount: 0,
  performer: { name: 'Giulia', image: '', username: 'giulia', isOnline: false, messagePrice: 1 },
  user: { username: 'mario' },
  blocked: false,
  closed: false,
  ...overrides,
});

describe('chat cache', () => {
  it('shows a message once, whether the answer or the push comes first, oldest first', () => {
    const shown = mergeMessages([message('a', 1), message('b', 2)], [message('c', 3)]);
    expect(mergeMessages(shown, [message('c', 3), message('b', 2, 'user', true)]).map((m) => [m.id, m.isRead])).toEqual(
      [
        ['a', false],
        ['b', true],
        ['c', false],
      ],
    );
    expect(mergeMessages([message('c', 3)], [message('a', 1), message('b', 2)]).map((m) => m.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('never makes a read message unread again (an answer older than the read mark)', () => {
    expect(mergeMessages([message('a', 1, 'user', true)], [message('a', 1, 'user', false)])[0]!.isRead).toBe(true);
  });

  it("marks the other party's messages read up to the mark, not the reader's own", () => {
    const messages = [message('a', 1), message('b', 2, 'performer'), message('c', 3), message('d', 4)];
    const read = markReadUpTo(messages, 'performer', 'c');
    expect(read.map((m) => m.isRead)).toEqual([true, false, true, false]);
    expect(unreadFor(read, 'performer')).toBe(1);
    expect(markReadUpTo(messages, 'performer', 'unknown')).toBe(messages);
  });

  it('moves a conversation to the top with its new last message, and says when it is unknown', () => {
    const list = [conversation('c0', 5), conversation('c1', 1)];
    const { list: next, known } = withMessage(list, message('m', 9));
    expect(known).toBe(true);
    expect(next.map((c) => [c.id, c.lastMessage?.content])).toEqual([
      ['c1', 'm'],
      ['c0', undefined],
    ]);
    expect(withMessage(list, { ...message('m', 9), conversationId: 'other' }).known).toBe(false);
    // an older message (a catch-up) does not move it
    expect(withMessage([conversation('c1', 20)], message('m', 9)).list[0]!.lastMessage).toBeNull();
  });

  it('sets unread counts, presence and a started conversation in place', () => {
    const list = [conversation('c1', 1), conversation('c2', 2, { performerId: 'q' })];
    expect(withUnread(list, 'c2', 4).map((c) => c.unreadCount)).toEqual([0, 4]);
    expect(withPresence(list, 'p', true).map((c) => c.performer.isOnline)).toEqual([true, false]);
    expect(withConversation(list, conversation('c3', null)).map((c) => c.id)).toEqual(['c3', 'c1', 'c2']);
    expect(withConversation(list, conversation('c2', 2, { unreadCount: 7 })).map((c) => c.unreadCount)).toEqual([0, 7]);
    expect(withConversation(undefined, conversation('c3', null))).toHaveLength(1);
  });
});
