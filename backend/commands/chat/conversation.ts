import { messageProblem, normalizeMessage, type ChatParty, type DomainEvent, type Identity } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { keyReused } from '../../platform/http/idempotency';
import { assertPriceSeen } from '../../ledger';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/**
 * A conversation (stream `conversation-<id>`): one performer and one identity of a user. Its
 * messages live elsewhere (a paid one on the payer's wallet, an unpaid one on its own stream), so
 * deciding on a message never reads a long history: the conversation's facts are all it needs.
 */
export type Conversation =
  | { status: 'none' }
  | {
      status: 'open';
      conversationId: string;
      performerId: string;
      userId: string;
      aliasId: string | null;
      identityId: string;
      displayName: string;
    };

export type OpenConversation = Extract<Conversation, { status: 'open' }>;

export const conversation: Aggregate<Conversation> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type !== 'ConversationStarted') return state;
    const { conversationId, performerId, userId, aliasId, identityId, displayName } = event.data;
    return { status: 'open', conversationId, performerId, userId, aliasId, identityId, displayName };
  },
};

export const handleConversation = commandHandler(conversation);

/** What the server found out about a performer before deciding (her read model, the request's country). */
export interface PerformerFacts {
  /** approved, not deleted, not geoblocked for the caller */
  available: boolean;
  /** she blocked the identity */
  blocksIdentity: boolean;
}

export interface StartConversation {
  conversationId: string;
  performerId: string;
  identity: Identity;
  performer: PerformerFacts;
}

/** Opens the identity's conversation with her; an existing one is kept as it is (nothing appended). */
export function decideStartConversation(command: StartConversation, state: Conversation, now: Date): DomainEvent[] {
  if (!command.performer.available) throw new DomainError('not_found');
  if (state.status === 'open') return [];
  if (command.performer.blocksIdentity) throw new DomainError('blocked');
  const { identityId, userId, aliasId, displayName } = command.identity;
  return [
    {
      type: 'ConversationStarted',
      data: {
        conversationId: command.conversationId,
        performerId: command.performerId,
        userId,
        aliasId,
        identityId,
        displayName,
        startedAt: now.toISOString(),
      },
    },
  ];
}

/** Who is asking, and who they say they are. */
export interface Caller {
  kind: 'user' | 'performer' | 'admin';
  id: string;
}

/**
 * The party the caller is in this conversation, or a refusal: not found for anybody else (a
 * conversation of others does not exist for them), whatever ids the request names.
 */
export function partyOf(state: Conversation, caller: Caller): { state: OpenConversation; party: ChatParty } {
  if (state.status !== 'open') throw new DomainError('not_found');
  if (caller.kind === 'user' && caller.id === state.userId) return { state, party: 'user' };
  if (caller.kind === 'performer' && caller.id === state.performerId) return { state, party: 'performer' };
  throw new DomainError('not_found');
}

/** The ids that name a party in requests: the performer's id; the user's id or their identity's. */
function namesParty(state: OpenConversation, party: ChatParty, claimedId: string): boolean {
  return party === 'performer'
    ? claimedId === state.performerId
    : claimedId === state.userId || claimedId === state.identityId;
}

/**
 * A repeated send (same client id or Idempotency-Key) gives the first message back; a different one
 * is refused as a reused key (backend/platform/http/idempotency.ts). A message's key may also be its
 * body's clientMessageId, so the request it is compared with is the message as stored: its sender
 * and its content.
 */
export function repeatedSend<View>(
  first: { senderType: ChatParty; content: string; view: View },
  party: ChatParty,
  content: string,
): View {
  if (first.senderType !== party || first.content !== normalizeMessage(content)) throw keyReused();
  return first.view;
}

export interface SendMessage {
  messageId: string;
  caller: Caller;
  /** what the request claims: `senderType` and `senderId` must be the caller */
  senderType: ChatParty;
  senderId: string;
  content: string;
  /** a user's message: the identity is still usable (the alias not deleted, the user not deleted) */
  identityActive: boolean;
  /** a performer's reply: the user is still registered */
  userActive: boolean;
  performer: PerformerFacts;
  /** her messagePrice for a user's message, minor units; ignored for her replies (free) */
  priceUnits: number;
  /** a user's message: the price he saw, auracoin (docs/product.md#price-seen); absent, not compared */
  expectedPrice?: number | undefined;
}

/**
 * A message, as the event to append (to the wallet with its debit when priceUnits > 0). The caller
 * must be a party and the request must name them; the content follows the chat rule; a blocked
 * identity, a closed conversation or a performer out of reach refuse it.
 */
export function decideSendMessage(command: SendMessage, current: Conversation, now: Date): DomainEvent {
  const { state, party } = partyOf(current, command.caller);
  if (command.senderType !== party || !namesParty(state, party, command.senderId)) throw new DomainError('forbidden');
  const problem = messageProblem(command.content);
  if (problem === 'empty') throw new DomainError('validation_failed');
  if (problem === 'too_long') throw new DomainError('validation_failed');
  if (party === 'user' && !command.identityActive) throw new DomainError('conversation_closed');
  if (party === 'performer' && !command.userActive) throw new DomainError('conversation_closed');
  if (party === 'user' && !command.performer.available) throw new DomainError('not_found');
  if (command.performer.blocksIdentity) throw new DomainError('blocked');
  const priceUnits = party === 'user' ? command.priceUnits : 0;
  if (!Number.isInteger(priceUnits) || priceUnits < 0) throw new DomainError('validation_failed');
  if (party === 'user') assertPriceSeen(command.expectedPrice, priceUnits);
  return {
    type: 'MessageSent',
    data: {
      messageId: command.messageId,
      conversationId: state.conversationId,
      performerId: state.performerId,
      userId: state.userId,
      identityId: state.identityId,
      senderType: party,
      content: normalizeMessage(command.content),
      priceUnits,
      sentAt: now.toISOString(),
    },
  };
}

export interface MarkRead {
  caller: Caller;
  /** the `{userId}` of the request: the caller (a user may name their identity) */
  readerId: string;
  /** the newest unread message of the other party, from the read model; null when there is none */
  newestUnreadId: string | null;
}

/** Marks the other party's messages read up to the newest unread one; nothing to mark appends nothing. */
export function decideMarkRead(command: MarkRead, current: Conversation, now: Date): DomainEvent[] {
  const { state, party } = partyOf(current, command.caller);
  if (!namesParty(state, party, command.readerId)) throw new DomainError('forbidden');
  if (command.newestUnreadId === null) return [];
  return [
    {
      type: 'ConversationRead',
      data: {
        conversationId: state.conversationId,
        reader: party,
        upToMessageId: command.newestUnreadId,
        readAt: now.toISOString(),
      },
    },
  ];
}

/** The other party of a conversation. */
