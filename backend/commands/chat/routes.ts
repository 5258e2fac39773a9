import Router from '@koa/router';
import type { Context } from 'koa';
import {
  apiRoutes,
  chatStreams,
  type ChatParty,
  type ConversationView,
  type Identity,
  type MessageView,
} from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { requestCountry } from '../../platform/http/country';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import type { chatRateLimits } from './rate-limits';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import { deterministicId, newId } from '../../platform/ids';
import {
  conversation,
  decideMarkRead,
  decideSendMessage,
  decideStartConversation,
  handleConversation,
  partyOf,
  repeatedSend,
  type Conversation,
  type OpenConversation,
  type PerformerFacts,
} from './conversation';
import { opensConversations } from './policy';
import { storeMessage } from './store-message';

export interface ChatCommandDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  limits: RateLimiter<keyof typeof chatRateLimits | DoorLimit>;
  now: () => Date;
  /** the caller's identity: their real name or an active alias of theirs, else not found */
  identityFor: (userId: string, aliasId?: string | null) => Promise<Identity>;
  userExists: (userId: string) => Promise<boolean>;
  /** what this caller, from this country, may see of her: 'none' is out of reach */
  sightOf: (
    performerId: string,
    caller: Pick<Principal, 'kind' | 'sub'>,
    country: string | undefined,
  ) => Promise<'full' | 'public' | 'none'>;
  /** what her chats decide on: her message price, the identities she blocked (undefined: unknown or deleted) */
  chatProfile: (performerId: string) => Promise<ChatProfileFacts | undefined>;
  /** the conversation as `viewer` sees it, once the read model has applied `position` */
  conversationViewAfter: (
    conversationId: string,
    viewer: ChatParty,
    position: number | undefined,
  ) => Promise<ConversationView>;
  /** a message as the read model has it once it has applied `position` (null: not there), and its view */
  messageAfter: (messageId: string, position: number | undefined) => Promise<StoredMessage | null>;
  /** the conversation's unread counts of each party, once the read model has applied `position` */
  unreadAfter: (conversationId: string, position: number | undefined) => Promise<Record<ChatParty, number>>;
  /** the newest message `reader` has not read yet, if any */
  newestUnreadId: (conversationId: string, reader: ChatParty) => Promise<string | null>;
  /** the conversation as its start made it, from the read model (null: not applied yet, or none) */
  startedConversation: (conversationId: string) => Promise<OpenConversation | null>;
}

/** What her chats decide on of her profile. */
export interface ChatProfileFacts {
  messagePriceUnits: number;
  blockedIdentityIds: readonly string[];
}

/** A message as stored: who sent what (a repeated send is compared with it), and its view. */
export interface StoredMessage {
  senderType: ChatParty;
  content: string;
  view: MessageView;
}

/** The conversation's id for one performer and one identity: opening it twice finds the same one. */
export const conversationIdOf = (performerId: string, identityId: string) =>
  deterministicId(`conversation:${performerId}:${identityId}`);

/**
 * Whether the conversation's identity can still write: only "not found" (a deleted alias or user)
 * says no; any other failure (an engine out of reach) is thrown as it is, so it is answered as
 * itself (503) and never as a closed conversation.
 */
export async function identityStillActive(
  identityFor: ChatCommandDeps['identityFor'],
  userId: string,
  aliasId: string | null,
): Promise<boolean> {
  try {
    await identityFor(userId, aliasId);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return false;
    throw error;
  }
}

/** What every chat route reads: the conversation, and what her profile says to this caller. */
function chatReads(deps: ChatCommandDeps) {
  return {
    /**
     * A conversation never changes once started (ConversationStarted is its one event), so the read
     * model's copy is its state; only one the read model has not applied yet is read from the log.
     */
    loadConversation: async (conversationId: string): Promise<Conversation> =>
      (await deps.startedConversation(conversationId)) ??
      foldStream(conversation, await deps.eventStore.readStream(chatStreams.conversation(conversationId))),

    async performerFacts(
      performerId: string,
      identityId: string,
      caller: Principal,
      ctx: Context,
    ): Promise<PerformerFacts & { priceUnits: number }> {
      const [sight, profile] = await Promise.all([
        deps.sightOf(performerId, caller, requestCountry(ctx)),
        deps.chatProfile(performerId),
      ]);
      return {
        available: sight !== 'none' && profile !== undefined,
        blocksIdentity: profile?.blockedIdentityIds.includes(identityId) ?? false,
        priceUnits: profile?.messagePriceUnits ?? 0,
      };
    },
  };
}

type ChatReads = ReturnType<typeof chatReads>;

/**
 * The chat's write routes: each authenticates (its contract's level and ./policy.ts), validates,
 * calls the decider (./conversation.ts) and maps the answer.
 */
export function chatRouter(deps: ChatCommandDeps): Router {
  const router = new Router();
  const reads = chatReads(deps);
  conversationRoutes(router, deps, reads);
  messageRoutes(router, deps, reads);
  readRoutes(router, deps, reads);
  return router;
}

/** A user opens a conversation with her (or finds the one he has). */
function conversationRoutes(router: Router, deps: ChatCommandDeps, reads: ChatReads) {
  mountRoute(router, deps.sessions, apiRoutes.startConversation, async (ctx, { body }, caller) => {
    opensConversations(caller);
    const identity = await deps.identityFor(caller.sub, body.aliasId);
    const conversationId = conversationIdOf(body.performerId, identity.identityId);
    // only a start that creates a conversation counts (opening one again finds it)
    if (!(await deps.startedConversation(conversationId))) await deps.limits.enforce(ctx, ['conversation', caller.sub]);
    const performer = await reads.performerFacts(body.performerId, identity.identityId, caller, ctx);
    const command = { conversationId, performerId: body.performerId, identity, performer };
    const result = await handleConversation(
      deps.eventStore,
      chatStreams.conversation(conversationId),
      (state) => decideStartConversation(command, state, deps.now()),
      {
        metadata: commandMetadata(ctx, caller),
        eventId: () => deterministicId(`conversation-started:${conversationId}`),
      },
    );
    if (result.events.length === 0) ctx.state.responseStatus = 200;
    return deps.conversationViewAfter(conversationId, 'user', result.position);
  });
}

/** A message in a conversation (paid at her price, or her free reply); a repeated send gives the first back. */
function messageRoutes(router: Router, deps: ChatCommandDeps, reads: ChatReads) {
  mountRoute(router, deps.sessions, apiRoutes.sendMessage, async (ctx, { body, idempotencyKey }, caller) => {
    const state = await reads.loadConversation(body.conversationId);
    const { state: open, party } = partyOf(state, { kind: caller.kind, id: caller.sub });
    const key = idempotencyKey ?? body.clientMessageId;
    const messageId = key ? deterministicId(`message:${open.conversationId}:${party}:${key}`) : newId();
    const earlier = key ? await deps.messageAfter(messageId, undefined) : null;
    if (earlier) return repeatedSend(earlier, party, body.content);
    const senderIdentity = party === 'user' ? open.identityId : open.performerId;
    await deps.limits.enforce(
      ctx,
      ['message', `${senderIdentity}|${open.conversationId}`],
      ['messageAccount', caller.sub],
    );
    const [performer, identityActive, userActive] = await Promise.all([
      reads.performerFacts(open.performerId, open.identityId, caller, ctx),
      party === 'user' ? identityStillActive(deps.identityFor, open.userId, open.aliasId) : Promise.resolve(true),
      party === 'performer' ? deps.userExists(open.userId) : Promise.resolve(true),
    ]);
    const message = decideSendMessage(
      {
        messageId,
        caller: { kind: caller.kind, id: caller.sub },
        senderType: body.senderType,
        senderId: body.senderId,
        content: body.content,
        identityActive,
        userActive,
        performer,
        priceUnits: performer.priceUnits,
        expectedPrice: body.expectedPrice,
      },
      state,
      deps.now(),
    );
    const position = await storeMessage(deps.eventStore, message, {
      walletId: open.userId,
      key,
      metadata: commandMetadata(ctx, caller, key ? { messageKey: key } : {}),
      now: deps.now,
    });
    const stored = await deps.messageAfter(messageId, position);
    if (!stored) throw new DomainError('service_unavailable');
    return repeatedSend(stored, party, body.content);
  });
}

/** A party marks the conversation read up to its newest message. */
function readRoutes(router: Router, deps: ChatCommandDeps, reads: ChatReads) {
  mountRoute(router, deps.sessions, apiRoutes.markRead, async (ctx, { params }, caller) => {
    const state = await reads.loadConversation(params.conversationId);
    const { party } = partyOf(state, { kind: caller.kind, id: caller.sub });
    const before = await deps.unreadAfter(params.conversationId, undefined);
    const newestUnreadId = await deps.newestUnreadId(params.conversationId, party);
    const events = decideMarkRead(
      { caller: { kind: caller.kind, id: caller.sub }, readerId: params.userId, newestUnreadId },
      state,
      deps.now(),
    );
    let position: number | undefined;
    if (events.length > 0) {
      // read marks are never decided on (a later mark only reaches further), so they need no expected revision
      const result = await deps.eventStore.appendToStream(
        chatStreams.conversationReads(params.conversationId),
        events.map((event) => ({
          id: newId(),
          type: event.type,
          data: event.data,
          metadata: commandMetadata(ctx, caller),
        })),
        { expectedRevision: 'any' },
      );
      position = result.position;
    }
    const after = await deps.unreadAfter(params.conversationId, position);
    return {
      conversationId: params.conversationId,
      reader: party,
      marked: Math.max(0, before[party] - after[party]),
      unreadCount: after[party],
    };
  });
}
