/**
 * Chat rules both tiers use: what a message may contain, how long a page of history is, how often
 * the client polls while its socket is down.
 */

/** The longest message, in characters (Unicode code points, so an emoji counts once). */
export const CHAT_MESSAGE_MAX = 2000;
/** Messages per page of history (GET /api/messages/{conversationId}?before=…). */
export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 200;
/** Conversations per list answer. */
export const CONVERSATIONS_PAGE_DEFAULT = 50;
export const CONVERSATIONS_PAGE_MAX = 200;
/** The polling of the messages (docs/product.md#constants), kept only as the fallback while the socket is down. */
export const MESSAGE_POLL_MS = 3000;
/** How long a 'sta scrivendo…' lasts without a new keystroke. */
export const TYPING_TIMEOUT_MS = 5000;

/** Characters as a person counts them. */
export function messageLength(content: string): number {
  let count = 0;
  for (const _ of content) count += 1;
  return count;
}

/** The content as stored: without leading and trailing blanks (line breaks inside are kept). */
export function normalizeMessage(content: string): string {
  return content.trim();
}

/** Why a content cannot be sent, or null when it can. */
export function messageProblem(content: string): 'empty' | 'too_long' | null {
  const normalized = normalizeMessage(content);
  if (normalized === '') return 'empty';
  if (messageLength(normalized) > CHAT_MESSAGE_MAX) return 'too_long';
  return null;
}
