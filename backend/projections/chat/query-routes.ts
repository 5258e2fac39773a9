import Router from '@koa/router';
import { apiRoutes, fieldMessages, HAS_MORE_HEADER, type ChatParty } from '@aura/contracts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { mountRoute } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import type { ConversationDoc } from './projection';
import { toConversationView, toMessageView, type ChatProfile, type ChatQueries } from './queries';

export interface ChatQueryDeps {
  sessions: SessionManager;
  chat: ChatQueries;
  chatProfiles: (performerIds: string[]) => Promise<Map<string, ChatProfile>>;
  /** messages hidden by a report or a moderation decision: only their sender still reads them */
  hiddenIds?(): Promise<ReadonlySet<string>>;
}

/** The caller's side of the chat ('userOrPerformer' routes let only users and performers in). */
const partyOfCaller = (caller: Principal): ChatParty => (caller.kind === 'performer' ? 'performer' : 'user');

/** The caller's own inbox only, whatever id the request names. */
function assertOwnInbox(caller: Principal, userId: string, userType?: ChatParty) {
  if (userId !== caller.sub || (userType !== undefined && userType !== partyOfCaller(caller))) throw forbidden();
}

/** The conversation, when the caller is one of its two parties; not found for anybody else. */
export function asParty(doc: ConversationDoc | null, caller: Principal): ConversationDoc {
  const isParty =
    doc !== null &&
    (caller.kind === 'user'
      ? doc.userId === caller.sub
      : caller.kind === 'performer' && doc.performerId === caller.sub);
  if (!isParty) throw notFound();
  return doc;
}

export function chatQueryRouter(deps: ChatQueryDeps): Router {
  const router = new Router();

  mountRoute(router, deps.sessions, apiRoutes.listConversations, async (_ctx, { params, query }, caller) => {
    assertOwnInbox(caller, params.userId, query.userType);
    const party = partyOfCaller(caller);
    const docs = await deps.chat.listFor(party, caller.sub, { limit: query.limit, before: query.before });
    const profiles = await deps.chatProfiles([...new Set(docs.map((doc) => doc.performerId))]);
    return docs.map((doc) => toConversationView(doc, party, profiles.get(doc.performerId)));
  });

  mountRoute(router, deps.sessions, apiRoutes.listMessages, async (ctx, { params, query }, caller) => {
    const doc = asParty(await deps.chat.conversation(params.conversationId), caller);
    if (query.before && query.after) throw badRequest([{ path: 'query.after', message: fieldMessages.notWithBefore }]);
    const cursor = async (messageId: string | undefined, field: 'before' | 'after') => {
      if (messageId === undefined) return undefined;
      const message = await deps.chat.message(messageId);
      if (!message || message.conversationId !== doc._id)
        throw badRequest([{ path: `query.${field}`, message: fieldMessages.unknownMessage }]);
      return message;
    };
    const page = await deps.chat.history(doc._id, {
      limit: query.limit,
      before: await cursor(query.before, 'before'),
      after: await cursor(query.after, 'after'),
    });
    ctx.set(HAS_MORE_HEADER, String(page.hasMore));
    const hidden = (await deps.hiddenIds?.()) ?? new Set<string>();
    const party = partyOfCaller(caller);
    return page.messages
      .filter((message) => message.senderType === party || !hidden.has(message._id))
      .map(toMessageView);
  });

  mountRoute(router, deps.sessions, apiRoutes.unreadCounts, async (_ctx, { params }, caller) => {
    assertOwnInbox(caller, params.userId);
    return deps.chat.unreadCounts(partyOfCaller(caller), caller.sub);
  });

  return router;
}
