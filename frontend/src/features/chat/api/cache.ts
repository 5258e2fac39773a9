import type { ChatParty, ConversationView, MessageView } from '@aura/contracts';

/**
 * Pure updates of the chat's cached reads, so that a message arriving twice (the POST's answer and
 * the socket's push, a push and a catch-up fetch) is shown once, and pushes change the cache in
 * place rather than refetch.
 */

/**
 * The messages with `incoming` merged in: one per id, oldest first. A message once read stays read:
 * an answer fetched before a read mark must not undo the mark a push brought meanwhile.
 */
export function mergeMessages(current: readonly MessageView[], incoming: readonly MessageView[]): MessageView[] {
  if (incoming.length === 0) return current as MessageView[];
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    byId.set(message.id, known?.isRead && !message.isRead ? { ...message, isRead: true } : message);
  }
  // stable: the server's order is kept among messages of the same instant
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** `reader` read the other party's messages up to and including `upToMessageId`. */
export function markReadUpTo(
  messages: readonly MessageView[],
  reader: ChatParty,
  upToMessageId: string,
): MessageView[] {
  const upTo = messages.findIndex((message) => message.id === upToMessageId);
  if (upTo < 0) return messages as MessageView[];
  let changed = false;
  const next = messages.map((message, index) => {
    if (index > upTo || message.senderType === reader || message.isRead) return message;
    changed = true;
    return { ...message, isRead: true };
  });
  return changed ? next : (messages as MessageView[]);
}

/** The list after a message: its conversation moves to the top with the new last message; `known` false when it is not in the list. */
export function withMessage(
  list: readonly ConversationView[],
  message: MessageView,
): { list: ConversationView[]; known: boolean } {
  const current = list.find((conversation) => conversation.id === message.conversationId);
  if (!current) return { list: list as ConversationView[], known: false };
  if (current.lastMessageAt !== null && current.lastMessageAt > message.createdAt)
    return { list: list as ConversationView[], known: true };
  const updated: ConversationView = {
    ...current,
    lastMessageAt: message.createdAt,
    lastMessage: { senderType: message.senderType, content: message.content },
  };
  return { list: [updated, ...list.filter((conversation) => conversation.id !== current.id)], known: true };
}

export function withUnread(
  list: readonly ConversationView[],
  conversationId: string,
  unreadCount: number,
): ConversationView[] {
  return list.map((conversation) =>
    conversation.id === conversationId && conversation.unreadCount !== unreadCount
      ? { ...conversation, unreadCount }
      : conversation,
  );
}

export function withPresence(
  list: readonly ConversationView[],
  performerId: string,
  isOnline: boolean,
): ConversationView[] {
  return list.map((conversation) =>
    conversation.performerId === performerId && conversation.performer.isOnline !== isOnline
      ? { ...conversation, performer: { ...conversation.performer, isOnline } }
      : conversation,
  );
}

/** Her message price changed (a push, or a refusal that told it): every conversation with her shows it. */
export function withMessagePrice(
  list: readonly ConversationView[],
  performerId: string,
  messagePrice: number,
): ConversationView[] {
  return list.map((conversation) =>
    conversation.performerId === performerId && conversation.performer.messagePrice !== messagePrice
      ? { ...conversation, performer: { ...conversation.performer, messagePrice } }
      : conversation,
  );
}

/** The list with this conversation in it (a new one first), as the server answered it. */
export function withConversation(
  list: readonly ConversationView[] | undefined,
  conversation: ConversationView,
): ConversationView[] {
  const current = list ?? [];
  return current.some((each) => each.id === conversation.id)
    ? current.map((each) => (each.id === conversation.id ? conversation : each))
    : [conversation, ...current];
}

/** The other party's messages not read yet by `reader`. */
export function unreadFor(messages: readonly MessageView[], reader: ChatParty): number {
  return messages.filter((message) => message.senderType !== reader && !message.isRead).length;
}
