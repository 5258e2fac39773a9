import Router from '@koa/router';
import {
  apiRoutes,
  auracoinToUnits,
  errorMessages,
  showStreams,
  unitsToAuracoin,
  type Identity,
  type ShowTipView,
  type ShowView,
} from '@aura/contracts';
import { assertPriceSeen, spendEventIds, spendFromWallet } from '../../ledger';
import { DomainError } from '../../platform/domain-error';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { forbidden, notFound } from '../../platform/http/errors';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import type { showRateLimits } from './rate-limits';
import { assertOwnerOrAdmin, commandMetadata, mountRoute } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import { newId } from '../../platform/ids';
import { claimValue, ownerOf } from '../../kernel/unique-values';
import { decideDeleteMessage, decideMute, decideSetGoal, handleRoom, room } from './room';
import {
  decideBan,
  decideEndShow,
  decideSetTipMenu,
  decideStartShow,
  handleStage,
  isBanned,
  showOnNow,
  stage,
} from './stage';
import { countTip, type GoalDeadlines } from './tips';

export const BANNED_MESSAGE = 'Sei stato allontanato da questa stanza';
export const MUTED_MESSAGE = 'Sei stato silenziato in questa stanza';

export interface ShowsCommandDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  limits: RateLimiter<keyof typeof showRateLimits | DoorLimit>;
  now: () => Date;
  identityFor: (userId: string, aliasId?: string | null) => Promise<Identity>;
  performerApproved: (performerId: string) => Promise<boolean>;
  performerName: (performerId: string) => Promise<string | null>;
  balanceAfter: (userId: string, position: number) => Promise<number>;
  /** whose show it is, as the shows read model lists it (null: not known) */
  performerOf: (showId: string) => Promise<string | null>;
  /** the show's view with her summary, once the shows read model has applied `position` */
  summaryAfter: (showId: string, position: number | undefined) => Promise<ShowView>;
  /** the identity this account chose in the room, if any */
  /** the account behind an identity that wrote or tipped in her rooms */
  accountOf: (performerId: string, identityId: string) => Promise<string | null>;
  /** the show's peak of viewers so far */
  peakViewers: (performerId: string) => Promise<number>;
  startPeak: (performerId: string) => Promise<void>;
  /** her room's pages leave at once (this api node's; the others hear 'show:banned') */
  dropFromRoom: (showId: string, userId: string) => void;
  /** a show is over or paused: its media room closes */
  showStopped: (showId: string) => Promise<void>;
  deadlines: GoalDeadlines;
  settledMessages: (position: number | undefined) => Promise<void>;
}

export function showsRouter(deps: ShowsCommandDeps): Router {
  const router = new Router();
  const loadStage = async (performerId: string) =>
    foldStream(stage, await deps.eventStore.readStream(showStreams.stage(performerId)));
  const loadRoom = async (showId: string) =>
    foldStream(room, await deps.eventStore.readStream(showStreams.show(showId)));
  const showOf = async (showId: string) => {
    const performerId = await deps.performerOf(showId);
    if (!performerId) throw notFound('Show non trovato');
    return { performerId };
  };
  const answer = (showId: string, position: number | undefined) => deps.summaryAfter(showId, position);

  /**
   * A signed-in user's identity in a room: chosen once, by his first line or tip, and held by its own
   * claim stream (docs/product.md#18-public-shows); another identity is refused once he has chosen.
   */
  async function roomIdentity(showId: string, userId: string, aliasId: string | null): Promise<Identity> {
    const identity = await deps.identityFor(userId, aliasId);
    const chosen = await ownerOf(deps.eventStore, 'show-room-identity', `${showId}:${userId}`);
    if (chosen && chosen !== identity.identityId)
      throw new DomainError('room_identity_taken', errorMessages.room_identity_taken);
    return identity;
  }
  /** Records his choice: of two first lines at once under two identities, one is refused. */
  const chooseRoomIdentity = (showId: string, userId: string, identityId: string) =>
    claimValue(
      deps.eventStore,
      { kind: 'show-room-identity', value: `${showId}:${userId}`, ownerId: identityId },
      deps.now,
    );

  mountRoute(router, deps.sessions, apiRoutes.startShow, async (ctx, { body }, caller) => {
    if (caller.kind !== 'performer') throw forbidden('Solo le performer vanno in onda');
    if (!(await deps.performerApproved(caller.sub)))
      throw forbidden('Il tuo profilo deve essere approvato per andare in onda');
    const showId = newId();
    const result = await handleStage(
      deps.eventStore,
      showStreams.stage(caller.sub),
      (state) => decideStartShow({ showId, performerId: caller.sub, title: body.title }, state, deps.now()),
      {
        metadata: commandMetadata(ctx, caller),
      },
    );
    await deps.startPeak(caller.sub);
    return answer(showId, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.endShow, async (ctx, { params }, caller) => {
    const doc = await showOf(params.id);
    assertOwnerOrAdmin(caller, doc.performerId);
    const peakViewers = await deps.peakViewers(doc.performerId);
    const reason = caller.kind === 'admin' ? 'admin' : 'performer';
    const result = await handleStage(
      deps.eventStore,
      showStreams.stage(doc.performerId),
      (state) =>
        decideEndShow({ showId: params.id, performerId: doc.performerId, reason, peakViewers }, state, deps.now()),
      {
        metadata: commandMetadata(ctx, caller),
      },
    );
    await deps.showStopped(params.id);
    return answer(params.id, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.setTipMenu, async (ctx, { params, body }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    if (!(await deps.performerApproved(params.id))) throw notFound('Performer non trovata');
    const items = body.items.map((item) => ({
      id: newId(),
      label: item.label,
      priceUnits: auracoinToUnits(item.price),
    }));
    await handleStage(
      deps.eventStore,
      showStreams.stage(params.id),
      (state) => decideSetTipMenu({ performerId: params.id, items }, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    return {
      performerId: params.id,
      items: items.map((item) => ({ id: item.id, label: item.label, price: unitsToAuracoin(item.priceUnits) })),
    };
  });

  mountRoute(router, deps.sessions, apiRoutes.setShowGoal, async (ctx, { params, body }, caller) => {
    const doc = await showOf(params.id);
    assertOwnerOrAdmin(caller, doc.performerId);
    showOnNow(await loadStage(doc.performerId), params.id);
    const goalId = newId();
    const result = await handleRoom(
      deps.eventStore,
      showStreams.show(params.id),
      (state) =>
        decideSetGoal(
          {
            showId: params.id,
            goalId,
            description: body.description,
            targetUnits: auracoinToUnits(body.target),
            deadline: body.deadline,
          },
          state,
          deps.now(),
        ),
      { metadata: commandMetadata(ctx, caller) },
    );
    if (body.deadline) await deps.deadlines.schedule(params.id, goalId, new Date(body.deadline));
    return answer(params.id, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.tipShow, async (ctx, { params, body, idempotencyKey }, caller) => {
    // spending is the owner's act alone: an admin session tips nothing
    if (caller.kind !== 'user') throw forbidden('Solo gli utenti possono lasciare mance');
    await deps.limits.enforce(ctx, ['showTip', caller.sub]);
    const doc = await showOf(params.id);
    const current = await loadStage(doc.performerId);
    showOnNow(current, params.id);
    if (isBanned(current, { userId: caller.sub })) throw forbidden(BANNED_MESSAGE);
    const amountUnits = auracoinToUnits(body.amount);
    const item = body.menuItemId ? current.menu.find((candidate) => candidate.id === body.menuItemId) : undefined;
    if (body.menuItemId && !item) throw notFound('Voce del menu non trovata');
    if (item) {
      assertPriceSeen(body.expectedPrice, item.priceUnits);
      if (item.priceUnits !== amountUnits)
        throw new DomainError('validation_failed', `La voce costa ${unitsToAuracoin(item.priceUnits)} auracoin`);
    }
    const identity = await roomIdentity(params.id, caller.sub, body.aliasId);
    const [tipId] = spendEventIds(caller.sub, `tip:${params.id}:${idempotencyKey}`);
    const result = await spendFromWallet(deps.eventStore, {
      walletId: caller.sub,
      amountUnits,
      purchase: {
        type: 'ShowTipped',
        data: {
          tipId,
          walletId: caller.sub,
          showId: params.id,
          performerId: doc.performerId,
          identityId: identity.identityId,
          displayName: identity.displayName,
          amountUnits,
          message: body.message,
          menuItemId: item?.id ?? null,
          menuItemLabel: item?.label ?? null,
          tippedAt: deps.now().toISOString(),
        },
      },
      reason: 'tip',
      reference: tipId,
      idempotencyKey: `tip:${params.id}:${idempotencyKey}`,
      metadata: commandMetadata(ctx, caller, { idempotencyKey }),
      now: deps.now,
    }).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'insufficient_balance')
        throw new DomainError('insufficient_balance', errorMessages.insufficient_balance);
      throw error;
    });
    const tipped = result.purchase.data as ShowTipView & { tipId: string; amountUnits: number };
    // chosen once paid, so that a refused tip leaves nothing behind; a line under another identity that
    // got in between (his own, in the same instant) does not undo a tip already paid
    await chooseRoomIdentity(params.id, caller.sub, identity.identityId).catch((error: unknown) => {
      if (!(error instanceof DomainError && error.code === 'room_identity_taken')) throw error;
    });
    // the goal bar moves now; the tips reaction counts it too if this process stops here
    await countTip(
      deps.eventStore,
      { showId: params.id, tipId: tipped.tipId, amountUnits: tipped.amountUnits },
      deps.now,
    );
    const tip: ShowTipView = {
      id: tipped.tipId,
      showId: tipped.showId,
      identityId: tipped.identityId,
      displayName: tipped.displayName,
      amount: unitsToAuracoin(tipped.amountUnits),
      message: tipped.message,
      menuItemId: tipped.menuItemId,
      menuItemLabel: tipped.menuItemLabel,
      tippedAt: tipped.tippedAt,
    };
    return { tip, balance: await deps.balanceAfter(caller.sub, result.position) };
  });

  mountRoute(router, deps.sessions, apiRoutes.postShowMessage, async (ctx, { params, body }, caller) => {
    const doc = await showOf(params.id);
    if (caller.kind === 'performer' && caller.sub !== doc.performerId)
      throw forbidden('Nella stanza di un’altra performer non puoi scrivere');
    const current = await loadStage(doc.performerId);
    showOnNow(current, params.id);
    if (caller.kind === 'user' && isBanned(current, { userId: caller.sub })) throw forbidden(BANNED_MESSAGE);
    await deps.limits.enforce(ctx, ['showMessage', `${caller.sub}|${params.id}`]);
    const sender = await senderOf(caller, params.id, doc.performerId, body.aliasId);
    // the room's stream holds who is muted in it
    if ((await loadRoom(params.id)).muted.has(sender.identityId)) throw forbidden(MUTED_MESSAGE);
    if (sender.userId) await chooseRoomIdentity(params.id, sender.userId, sender.identityId);
    const messageId = newId();
    const posted = {
      messageId,
      showId: params.id,
      performerId: doc.performerId,
      ...sender,
      content: body.content,
      postedAt: deps.now().toISOString(),
    };
    const result = await deps.eventStore.appendToStream(
      showStreams.message(messageId),
      [{ id: messageId, type: 'ShowMessagePosted', data: posted, metadata: commandMetadata(ctx, caller) }],
      { expectedRevision: 'no_stream' },
    );
    await deps.settledMessages(result.position);
    return {
      id: messageId,
      showId: params.id,
      identityId: sender.identityId,
      displayName: sender.displayName,
      senderType: sender.senderType,
      content: body.content,
      postedAt: posted.postedAt,
    };
  });

  async function senderOf(caller: Principal, showId: string, performerId: string, aliasId: string | null) {
    if (caller.kind === 'performer')
      return {
        identityId: performerId,
        userId: null,
        displayName: (await deps.performerName(performerId)) ?? '',
        senderType: 'performer' as const,
      };
    if (caller.kind === 'admin')
      return { identityId: caller.sub, userId: null, displayName: 'Moderazione', senderType: 'admin' as const };
    const identity = await roomIdentity(showId, caller.sub, aliasId);
    return {
      identityId: identity.identityId,
      userId: caller.sub,
      displayName: identity.displayName,
      senderType: 'user' as const,
    };
  }

  mountRoute(router, deps.sessions, apiRoutes.deleteShowMessage, async (ctx, { params }, caller) => {
    const doc = await showOf(params.id);
    assertOwnerOrAdmin(caller, doc.performerId);
    // the line's own stream: posted in this show?
    const [posted] = await deps.eventStore.readStream(showStreams.message(params.messageId));
    if (posted?.type !== 'ShowMessagePosted' || (posted.data as { showId?: string }).showId !== params.id)
      throw notFound('Messaggio non trovato');
    await handleRoom(
      deps.eventStore,
      showStreams.show(params.id),
      (state) =>
        decideDeleteMessage(
          { showId: params.id, messageId: params.messageId, deletedBy: caller.sub },
          state,
          deps.now(),
        ),
      {
        metadata: commandMetadata(ctx, caller),
      },
    );
    return { ok: true as const };
  });

  mountRoute(router, deps.sessions, apiRoutes.muteShowIdentity, async (ctx, { params, body }, caller) => {
    const doc = await showOf(params.id);
    assertOwnerOrAdmin(caller, doc.performerId);
    if (body.identityId === doc.performerId)
      throw new DomainError('validation_failed', 'Non puoi silenziare te stessa');
    await handleRoom(
      deps.eventStore,
      showStreams.show(params.id),
      (state) => decideMute({ showId: params.id, identityId: body.identityId, mutedBy: caller.sub }, state, deps.now()),
      {
        metadata: commandMetadata(ctx, caller),
      },
    );
    return { ok: true as const };
  });

  mountRoute(router, deps.sessions, apiRoutes.banShowIdentity, async (ctx, { params, body }, caller) => {
    const doc = await showOf(params.id);
    assertOwnerOrAdmin(caller, doc.performerId);
    const userId = await deps.accountOf(doc.performerId, body.identityId);
    if (!userId) throw notFound('Identità non trovata in questa stanza');
    await handleStage(
      deps.eventStore,
      showStreams.stage(doc.performerId),
      (state) =>
        decideBan(
          { performerId: doc.performerId, identityId: body.identityId, userId, bannedBy: caller.sub },
          state,
          deps.now(),
        ),
      {
        metadata: commandMetadata(ctx, caller),
      },
    );
    deps.dropFromRoom(params.id, userId);
    return { ok: true as const };
  });

  return router;
}
