import Router from '@koa/router';
import { refuseBannedTerms } from '../../platform/http/banned-terms';
import {
  apiRoutes,
  auracoinToUnits,
  showStreams,
  unitsToAuracoin,
  type Identity,
  type ShowView,
} from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { notFound } from '../../platform/http/errors';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { deterministicId, newId } from '../../platform/ids';
import { actStatement, type IssueStatementFn } from '../../platform/statement-of-reasons';
import { postMessage } from './messages';
import { mayGoLive, maySetTipMenu, mayTip, mayWriteIn, retitlesShow, runsRoom } from './policy';
import type { showRateLimits } from './rate-limits';
import { decideDeleteMessage, decideMute, decideSetGoal, handleRoom } from './room';
import { roomIdentities, type RoomIdentities } from './room-identity';
import {
  assertOpenTo,
  decideBan,
  decideRetitleShow,
  decideSetTipMenu,
  decideStartShow,
  handleStage,
  showOnNow,
  stage,
} from './stage';
import { endShow } from './end';
import { tipShow, type GoalDeadlines } from './tips';

export interface ShowsCommandDeps {
  eventStore: EventStore;
  /** words refused in titles and tip-menu items (`BANNED_TERMS`) */
  bannedTerms: readonly string[];
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
  /** an admin ending her show states its reasons (the moderation module's one path) */
  issueStatement: IssueStatementFn;
  /** her co-performers on camera: approved ones only (`check`), then who appeared (`record`) */
  onCamera?: OnCamera;
}

export interface OnCamera {
  check(performerId: string, coPerformerIds: readonly string[]): Promise<unknown>;
  record(
    performerId: string,
    where: { showId: string },
    coPerformerIds: readonly string[],
    metadata: Record<string, unknown>,
  ): Promise<void>;
}

/** What every route group reads about a show: whose it is, her stage, the answer after a write. */
function showReads(deps: ShowsCommandDeps) {
  return {
    loadStage: async (performerId: string) =>
      foldStream(stage, await deps.eventStore.readStream(showStreams.stage(performerId))),
    /** whose show it is (not found: not listed) */
    async performerOf(showId: string) {
      const performerId = await deps.performerOf(showId);
      if (!performerId) throw notFound();
      return performerId;
    },
    answer: (showId: string, position: number | undefined) => deps.summaryAfter(showId, position),
  };
}

type ShowReads = ReturnType<typeof showReads>;

/**
 * The shows' write routes: each authenticates (its contract's level and ./policy.ts), validates,
 * calls the handler or decider (./stage.ts, ./room.ts, ./tips.ts, ./messages.ts) and maps the answer.
 */
export function showsRouter(deps: ShowsCommandDeps): Router {
  const router = new Router();
  const reads = showReads(deps);
  const identities = roomIdentities(deps);
  stageRoutes(router, deps, reads);
  goalAndMenuRoutes(router, deps, reads);
  tipRoutes(router, deps, reads, identities);
  messageRoutes(router, deps, reads, identities);
  moderationRoutes(router, deps, reads);
  return router;
}

/** Going live and ending the show: her stage's stream. */
function stageRoutes(router: Router, deps: ShowsCommandDeps, reads: ShowReads) {
  mountRoute(router, deps.sessions, apiRoutes.startShow, async (ctx, { body }, caller) => {
    await mayGoLive(caller, deps.performerApproved);
    refuseBannedTerms(deps.bannedTerms, { title: body.title });
    await deps.onCamera?.check(caller.sub, body.coPerformerIds);
    const showId = newId();
    const command = { showId, performerId: caller.sub, title: body.title };
    const metadata = commandMetadata(ctx, caller);
    const result = await handleStage(
      deps.eventStore,
      showStreams.stage(caller.sub),
      (state) => decideStartShow(command, state, deps.now()),
      { metadata },
    );
    await deps.onCamera?.record(caller.sub, { showId }, body.coPerformerIds, metadata);
    await deps.startPeak(caller.sub);
    return reads.answer(showId, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.retitleShow, async (ctx, { params, body }, caller) => {
    const performerId = await reads.performerOf(params.id);
    retitlesShow(caller, performerId);
    refuseBannedTerms(deps.bannedTerms, { title: body.title });
    const command = { showId: params.id, performerId, title: body.title };
    const result = await handleStage(
      deps.eventStore,
      showStreams.stage(performerId),
      (state) => decideRetitleShow(command, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    return reads.answer(params.id, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.endShow, async (ctx, { params, body }, caller) => {
    const performerId = await reads.performerOf(params.id);
    runsRoom(caller, performerId);
    const statement = actStatement(caller, body.statement);
    const peakViewers = await deps.peakViewers(performerId);
    const reason = caller.kind === 'admin' ? 'admin' : 'performer';
    const command = { showId: params.id, performerId, reason, peakViewers } as const;
    const metadata = commandMetadata(ctx, caller);
    const result = await endShow(deps, command, metadata);
    await deps.showStopped(params.id);
    if (statement)
      await deps.issueStatement(
        {
          statementId: deterministicId(`statement:end-show:${params.id}`),
          reportId: null,
          subjectKind: 'performer',
          subjectId: performerId,
          targetKind: 'show',
          targetId: params.id,
          action: 'end_show',
          ground: 'termini',
          groundDetail: 'Monitoraggio degli show dal vivo',
          statement,
          adminId: caller.sub,
        },
        metadata,
      );
    return reads.answer(params.id, result.position);
  });
}

/** Her tip menu (her stage) and the show's goals (its room). */
function goalAndMenuRoutes(router: Router, deps: ShowsCommandDeps, reads: ShowReads) {
  mountRoute(router, deps.sessions, apiRoutes.setTipMenu, async (ctx, { params, body }, caller) => {
    await maySetTipMenu(caller, params.id, deps.performerApproved);
    refuseBannedTerms(
      deps.bannedTerms,
      Object.fromEntries(body.items.map((item, i) => [`items.${i}.label`, item.label])),
    );
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
    const performerId = await reads.performerOf(params.id);
    runsRoom(caller, performerId);
    showOnNow(await reads.loadStage(performerId), params.id);
    const goalId = newId();
    const { description, deadline } = body;
    const command = { showId: params.id, goalId, description, targetUnits: auracoinToUnits(body.target), deadline };
    const result = await handleRoom(
      deps.eventStore,
      showStreams.show(params.id),
      (state) => decideSetGoal(command, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    if (deadline) await deps.deadlines.schedule(params.id, goalId, new Date(deadline));
    return reads.answer(params.id, result.position);
  });
}

/** A tip to her live show, paid through the ledger (./tips.ts). */
function tipRoutes(router: Router, deps: ShowsCommandDeps, reads: ShowReads, identities: RoomIdentities) {
  mountRoute(router, deps.sessions, apiRoutes.tipShow, async (ctx, { params, body, idempotencyKey }, caller) => {
    mayTip(caller);
    await deps.limits.enforce(ctx, ['showTip', caller.sub]);
    const performerId = await reads.performerOf(params.id);
    const command = {
      walletId: caller.sub,
      showId: params.id,
      performerId,
      amountUnits: auracoinToUnits(body.amount),
      message: body.message,
      menuItemId: body.menuItemId,
      expectedPrice: body.expectedPrice,
      aliasId: body.aliasId,
      idempotencyKey,
    };
    const { tip, position } = await tipShow(
      { eventStore: deps.eventStore, identities, now: deps.now },
      command,
      commandMetadata(ctx, caller, { idempotencyKey }),
    );
    return { tip, balance: await deps.balanceAfter(caller.sub, position) };
  });
}

/** A line in her room (./messages.ts), and her taking one away. */
function messageRoutes(router: Router, deps: ShowsCommandDeps, reads: ShowReads, identities: RoomIdentities) {
  mountRoute(router, deps.sessions, apiRoutes.postShowMessage, async (ctx, { params, body }, caller) => {
    const performerId = await reads.performerOf(params.id);
    mayWriteIn(caller, performerId);
    const current = await reads.loadStage(performerId);
    if (caller.kind === 'user') assertOpenTo(current, params.id, caller.sub);
    else showOnNow(current, params.id);
    await deps.limits.enforce(ctx, ['showMessage', `${caller.sub}|${params.id}`]);
    const { message, position } = await postMessage(
      { eventStore: deps.eventStore, identities, performerName: deps.performerName, now: deps.now },
      { caller, showId: params.id, performerId, aliasId: body.aliasId, content: body.content },
      commandMetadata(ctx, caller),
    );
    await deps.settledMessages(position);
    return message;
  });

  mountRoute(router, deps.sessions, apiRoutes.deleteShowMessage, async (ctx, { params }, caller) => {
    const performerId = await reads.performerOf(params.id);
    runsRoom(caller, performerId);
    // the line's own stream: posted in this show?
    const [posted] = await deps.eventStore.readStream(showStreams.message(params.messageId));
    if (posted?.type !== 'ShowMessagePosted' || (posted.data as { showId?: string }).showId !== params.id)
      throw notFound();
    const command = { showId: params.id, messageId: params.messageId, deletedBy: caller.sub };
    await handleRoom(
      deps.eventStore,
      showStreams.show(params.id),
      (state) => decideDeleteMessage(command, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    return { ok: true as const };
  });
}

/** Mutes (the show's room) and bans (her stage, for all her shows). */
function moderationRoutes(router: Router, deps: ShowsCommandDeps, reads: ShowReads) {
  mountRoute(router, deps.sessions, apiRoutes.muteShowIdentity, async (ctx, { params, body }, caller) => {
    const performerId = await reads.performerOf(params.id);
    runsRoom(caller, performerId);
    const command = { showId: params.id, identityId: body.identityId, mutedBy: caller.sub, performerId };
    await handleRoom(deps.eventStore, showStreams.show(params.id), (state) => decideMute(command, state, deps.now()), {
      metadata: commandMetadata(ctx, caller),
    });
    return { ok: true as const };
  });

  mountRoute(router, deps.sessions, apiRoutes.banShowIdentity, async (ctx, { params, body }, caller) => {
    const performerId = await reads.performerOf(params.id);
    runsRoom(caller, performerId);
    const userId = await deps.accountOf(performerId, body.identityId);
    const command = { performerId, identityId: body.identityId, userId, bannedBy: caller.sub };
    await handleStage(
      deps.eventStore,
      showStreams.stage(performerId),
      (state) => decideBan(command, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    if (userId) deps.dropFromRoom(params.id, userId);
    return { ok: true as const };
  });
}
