import {
  runningShowGoalOf,
  SHOW_LEADERBOARD_SIZE,
  SHOW_MESSAGES_PAGE,
  unitsToAuracoin,
  type LiveShowView,
  type ShowLeaderboardView,
  type ShowGoalView,
  type ShowMessageView,
  type ShowTipView,
  type ShowView,
  type TipMenuItemView,
} from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import {
  SHOW_MESSAGES,
  SHOW_STAGES,
  SHOW_TIPPERS,
  SHOW_TIPS,
  SHOWS,
  type ShowDoc,
  type ShowMessageDoc,
  type ShowTipDoc,
  type ShowTipperDoc,
  type StageDoc,
} from './projection';

export interface ShowQueryDeps {
  /** viewers looking at her right now (the presence module's count, summed over api nodes) */
  viewersOf(performerId: string): number;
  nameOf(performerId: string): Promise<string | null>;
  /** the address of a live show's latest thumbnail, if she sent one lately */
  thumbnailOf(showId: string): Promise<string | null>;
  now: () => Date;
  /** shows and room lines hidden by a report or a moderation decision (the moderation module's) */
  hiddenIds?(kind: 'show' | 'show_message'): Promise<ReadonlySet<string>>;
}

const TIPS_SHOWN = 50;

export const toMenuView = (menu: StageDoc['menu']): TipMenuItemView[] =>
  menu.map((item) => ({ id: item.id, label: item.label, price: unitsToAuracoin(item.priceUnits) }));

export function toGoalView(doc: Pick<ShowDoc, 'goals'>): ShowGoalView | null {
  const goal = runningShowGoalOf(doc.goals);
  return goal
    ? {
        id: goal.goalId,
        description: goal.description,
        target: unitsToAuracoin(goal.targetUnits),
        progress: unitsToAuracoin(goal.progressUnits),
        deadline: goal.deadline,
      }
    : null;
}

/** A tip as shown: `identityId` only for her and the admins (`withIdentity`), never to visitors or other users. */
export const toTipView = (doc: ShowTipDoc, { withIdentity }: { withIdentity: boolean }): ShowTipView => ({
  id: doc._id,
  showId: doc.showId,
  ...(withIdentity ? { identityId: doc.identityId } : {}),
  displayName: doc.displayName,
  amount: unitsToAuracoin(doc.amountUnits),
  message: doc.message,
  menuItemId: doc.menuItemId,
  menuItemLabel: doc.menuItemLabel,
  tippedAt: doc.tippedAt,
});

export const toMessageView = (doc: ShowMessageDoc, { withIdentity }: { withIdentity: boolean }): ShowMessageView => ({
  id: doc._id,
  showId: doc.showId,
  ...(withIdentity ? { identityId: doc.identityId } : {}),
  displayName: doc.displayName,
  senderType: doc.senderType,
  content: doc.content,
  postedAt: doc.postedAt,
});

export function createShowQueries(readModels: ReadModelStore, deps: ShowQueryDeps) {
  const shows = readModels.collection<ShowDoc>(SHOWS);
  const stages = readModels.collection<StageDoc>(SHOW_STAGES);
  const messages = readModels.collection<ShowMessageDoc>(SHOW_MESSAGES);
  const tips = readModels.collection<ShowTipDoc>(SHOW_TIPS);
  const tippers = readModels.collection<ShowTipperDoc>(SHOW_TIPPERS);

  async function view(doc: ShowDoc, options: { summary: boolean }): Promise<ShowView> {
    const [stage, name, thumbnailUrl] = await Promise.all([
      stages.findOne({ _id: doc.performerId }),
      deps.nameOf(doc.performerId),
      doc.status === 'live' ? deps.thumbnailOf(doc._id) : null,
    ]);
    const ended = doc.status === 'ended';
    const endedOrNow = ended && doc.endedAt ? new Date(doc.endedAt) : deps.now();
    return {
      id: doc._id,
      performerId: doc.performerId,
      performerName: name ?? '',
      title: doc.title,
      status: doc.status,
      startedAt: doc.startedAt,
      endedAt: doc.endedAt,
      viewerCount: ended ? 0 : deps.viewersOf(doc.performerId),
      goal: ended ? null : toGoalView(doc),
      queuedGoals: ended ? 0 : doc.goals.filter((goal) => goal.status === 'queued').length,
      tipMenu: toMenuView(stage?.menu ?? []),
      thumbnailUrl,
      ...(options.summary && {
        summary: {
          durationSeconds: Math.max(0, Math.floor((endedOrNow.getTime() - new Date(doc.startedAt).getTime()) / 1000)),
          peakViewers: ended ? doc.peakViewers : Math.max(doc.peakViewers, deps.viewersOf(doc.performerId)),
          tipsCount: doc.tipsCount,
          tipsAmount: unitsToAuracoin(doc.tipsUnits),
          earningsCents: doc.earningsCents,
          goalsReached: doc.goalsReached,
        },
      }),
    };
  }

  return {
    byId: (showId: string) => shows.findOne({ _id: showId }),
    stage: (performerId: string) => stages.findOne({ _id: performerId }),
    view,
    /** the shows on now (live or paused), most viewers first */
    async live(): Promise<ShowView[]> {
      const hidden = (await deps.hiddenIds?.('show')) ?? new Set<string>();
      const docs = (await shows.find({ status: { $in: ['live', 'paused'] } }, { sort: { startedAt: -1 } })).filter(
        (doc) => !hidden.has(doc._id),
      );
      const views = await Promise.all(docs.map((doc) => view(doc, { summary: false })));
      return views.sort((a, b) => b.viewerCount - a.viewerCount);
    },
    /** every show on now, hidden ones too, oldest first: what the admins' live monitoring watches */
    async monitored(): Promise<LiveShowView[]> {
      const docs = await shows.find({ status: { $in: ['live', 'paused'] } }, { sort: { startedAt: 1 } });
      return Promise.all(
        docs.map(async (doc) => ({
          id: doc._id,
          performerId: doc.performerId,
          performerName: (await deps.nameOf(doc.performerId)) ?? '',
          title: doc.title,
          status: doc.status,
          startedAt: doc.startedAt,
          viewerCount: deps.viewersOf(doc.performerId),
          thumbnailUrl: doc.status === 'live' ? await deps.thumbnailOf(doc._id) : null,
          tipsAmount: unitsToAuracoin(doc.tipsUnits),
        })),
      );
    },
    async ofPerformer(performerId: string): Promise<ShowView[]> {
      const docs = await shows.find({ performerId }, { sort: { startedAt: -1 }, limit: 50 });
      return Promise.all(docs.map((doc) => view(doc, { summary: true })));
    },
    /** the current show's lines, newest last (who wrote each: only for her own view and the admins') */
    async messages(showId: string, options: { withIdentity: boolean }): Promise<ShowMessageView[]> {
      const docs = await messages.find(
        { showId, deleted: false },
        { sort: { postedAt: -1 }, limit: SHOW_MESSAGES_PAGE },
      );
      const hidden = (await deps.hiddenIds?.('show_message')) ?? new Set<string>();
      return docs
        .reverse()
        .filter((doc) => !hidden.has(doc._id))
        .map((doc) => toMessageView(doc, options));
    },
    message: (messageId: string) => messages.findOne({ _id: messageId }),
    async tips(showId: string, options: { withIdentity: boolean }): Promise<ShowTipView[]> {
      const docs = await tips.find({ showId }, { sort: { tippedAt: -1 }, limit: TIPS_SHOWN });
      return docs.reverse().map((doc) => toTipView(doc, options));
    },
    /** the show's best tippers, by name or alias only */
    async leaderboard(showId: string): Promise<ShowLeaderboardView> {
      const docs = await tippers.find(
        { showId },
        { sort: { totalUnits: -1, lastTippedAt: 1 }, limit: SHOW_LEADERBOARD_SIZE },
      );
      return {
        showId,
        tippers: docs.map((doc, index) => ({
          rank: index + 1,
          displayName: doc.displayName,
          amount: unitsToAuracoin(doc.totalUnits),
          tips: doc.tips,
        })),
      };
    },
    /** his tips and room lines, oldest first (his data export) */
    async ofUser(userId: string) {
      const [his, lines] = await Promise.all([
        tips.find({ walletId: userId }, { sort: { tippedAt: 1 } }),
        messages.find({ userId, senderType: 'user' }, { sort: { postedAt: 1 } }),
      ]);
      return {
        tips: his.map((doc) => ({
          id: doc._id,
          showId: doc.showId,
          performerId: doc.performerId,
          displayName: doc.displayName,
          amount: unitsToAuracoin(doc.amountUnits),
          message: doc.message,
          menuItemLabel: doc.menuItemLabel,
          tippedAt: doc.tippedAt,
        })),
        roomLines: lines.map((doc) => ({
          id: doc._id,
          showId: doc.showId,
          performerId: doc.performerId,
          displayName: doc.displayName,
          content: doc.content,
          postedAt: doc.postedAt,
          deleted: doc.deleted,
        })),
      };
    },
    /** the account behind an identity that wrote or tipped in her rooms (kept on the server, never shown) */
    async accountOf(performerId: string, identityId: string): Promise<string | null> {
      const [line] = await messages.find({ performerId, identityId, senderType: 'user' }, { limit: 1 });
      if (line?.userId) return line.userId;
      const [tip] = await tips.find({ performerId, identityId }, { limit: 1 });
      return tip?.walletId ?? null;
    },
  };
}

export type ShowQueries = ReturnType<typeof createShowQueries>;
