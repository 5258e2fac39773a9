import { evolveShowGoals, type DomainEvent, type ShowGoal } from '@aura/contracts';
import { saleShareCents, tipSale } from '../../ledger';
import { docProjection } from '../../kernel/projections/doc-projection';
import { dataField } from '../../platform/recorded-event';
import { forgettingDeletedUsers } from './forget-deleted-users';

export const SHOWS = 'shows';
export const SHOW_STAGES = 'show_stages';
export const SHOW_MESSAGES = 'show_messages';
export const SHOW_TIPS = 'show_tips';
export const SHOW_TIPPERS = 'show_tippers';

/** One show: its status, goals, figures and the identities muted in it. */
export type ShowDoc = {
  _id: string;
  performerId: string;
  title: string;
  status: 'live' | 'paused' | 'ended';
  startedAt: string;
  endedAt: string | null;
  endReason: string | null;
  peakViewers: number;
  goals: ShowGoal[];
  goalsReached: number;
  tipsCount: number;
  tipsUnits: number;
  /** her share of the tips, euro cents (each tip rounded as its earnings credit is) */
  earningsCents: number;
  muted: string[];
};

/** Her stage: the show on now, her tip menu, who is banned from her room (with the account behind, never shown). */
export type StageDoc = {
  _id: string;
  currentShowId: string | null;
  menu: { id: string; label: string; priceUnits: number }[];
  bans: { identityId: string; userId: string }[];
};

export type ShowMessageDoc = {
  _id: string;
  showId: string;
  performerId: string;
  identityId: string;
  userId: string | null;
  displayName: string;
  senderType: 'user' | 'performer' | 'admin';
  content: string;
  postedAt: string;
  deleted: boolean;
};

export type ShowTipDoc = {
  _id: string;
  showId: string;
  performerId: string;
  walletId: string;
  identityId: string;
  displayName: string;
  amountUnits: number;
  message: string | null;
  menuItemId: string | null;
  menuItemLabel: string | null;
  tippedAt: string;
};

/** One name's tips in one show, summed: a line of the show's leaderboard. */
export type ShowTipperDoc = {
  _id: string;
  showId: string;
  identityId: string;
  /** the account that paid (never shown): forgotten with him when he deletes it */
  walletId?: string;
  displayName: string;
  totalUnits: number;
  tips: number;
  /** when the total last grew: of two equal totals, the one reached first ranks higher */
  lastTippedAt: string;
};

const emptyShow = (showId: string, performerId: string): ShowDoc => ({
  _id: showId,
  performerId,
  title: '',
  status: 'live',
  startedAt: '',
  endedAt: null,
  endReason: null,
  peakViewers: 0,
  goals: [],
  goalsReached: 0,
  tipsCount: 0,
  tipsUnits: 0,
  earningsCents: 0,
  muted: [],
});

export function evolveShow(doc: ShowDoc | null, event: DomainEvent): ShowDoc | null {
  switch (event.type) {
    case 'ShowStarted':
      return {
        ...(doc ?? emptyShow(event.data.showId, event.data.performerId)),
        title: event.data.title,
        startedAt: event.data.startedAt,
      };
    case 'ShowRetitled':
      return doc && doc.status !== 'ended' ? { ...doc, title: event.data.title } : doc;
    case 'ShowPaused':
      return doc && doc.status !== 'ended' ? { ...doc, status: 'paused' } : doc;
    case 'ShowResumed':
      return doc && doc.status !== 'ended' ? { ...doc, status: 'live' } : doc;
    case 'ShowEnded':
      return doc
        ? {
            ...doc,
            status: 'ended',
            endedAt: event.data.endedAt,
            endReason: event.data.reason,
            peakViewers: Math.max(doc.peakViewers, event.data.peakViewers),
          }
        : doc;
    case 'ShowGoalSet':
    case 'ShowTipCounted':
    case 'ShowGoalExpired':
      return doc ? { ...doc, goals: evolveShowGoals(doc.goals, event) } : doc;
    case 'ShowGoalReached':
      return doc ? { ...doc, goals: evolveShowGoals(doc.goals, event), goalsReached: doc.goalsReached + 1 } : doc;
    case 'ShowIdentityMuted':
      return doc && !doc.muted.includes(event.data.identityId)
        ? { ...doc, muted: [...doc.muted, event.data.identityId] }
        : doc;
    case 'ShowTipped':
      return doc
        ? {
            ...doc,
            tipsCount: doc.tipsCount + 1,
            tipsUnits: doc.tipsUnits + event.data.amountUnits,
            earningsCents: doc.earningsCents + saleShareCents(tipSale(event.data)),
          }
        : doc;
    default:
      return doc;
  }
}

export function evolveStage(doc: StageDoc | null, event: DomainEvent): StageDoc | null {
  const base = (performerId: string): StageDoc => doc ?? { _id: performerId, currentShowId: null, menu: [], bans: [] };
  switch (event.type) {
    case 'ShowStarted':
      return { ...base(event.data.performerId), currentShowId: event.data.showId };
    case 'ShowEnded': {
      const stage = base(event.data.performerId);
      return stage.currentShowId === event.data.showId ? { ...stage, currentShowId: null } : stage;
    }
    case 'TipMenuSet':
      return { ...base(event.data.performerId), menu: event.data.items };
    case 'ShowRoomBanned': {
      const stage = base(event.data.performerId);
      return {
        ...stage,
        bans: [
          ...stage.bans.filter((ban) => ban.identityId !== event.data.identityId),
          { identityId: event.data.identityId, userId: event.data.userId },
        ],
      };
    }
    case 'ShowRoomUnbanned': {
      const stage = base(event.data.performerId);
      return { ...stage, bans: stage.bans.filter((ban) => ban.identityId !== event.data.identityId) };
    }
    default:
      return doc;
  }
}

export function evolveShowMessage(doc: ShowMessageDoc | null, event: DomainEvent): ShowMessageDoc | null {
  if (event.type === 'ShowMessagePosted')
    return { _id: event.data.messageId, ...event.data, deleted: doc?.deleted ?? false };
  if (event.type === 'ShowMessageDeleted') return doc ? { ...doc, deleted: true } : doc;
  return doc;
}

export function evolveShowTip(doc: ShowTipDoc | null, event: DomainEvent): ShowTipDoc | null {
  if (event.type !== 'ShowTipped') return doc;
  const d = event.data;
  return {
    _id: d.tipId,
    showId: d.showId,
    performerId: d.performerId,
    walletId: d.walletId,
    identityId: d.identityId,
    displayName: d.displayName,
    amountUnits: d.amountUnits,
    message: d.message,
    menuItemId: d.menuItemId,
    menuItemLabel: d.menuItemLabel,
    tippedAt: d.tippedAt,
  };
}

export function evolveShowTipper(doc: ShowTipperDoc | null, event: DomainEvent): ShowTipperDoc | null {
  if (event.type !== 'ShowTipped') return doc;
  const d = event.data;
  return {
    _id: tipperId(d.showId, d.identityId),
    showId: d.showId,
    identityId: d.identityId,
    walletId: d.walletId,
    displayName: d.displayName,
    totalUnits: (doc?.totalUnits ?? 0) + d.amountUnits,
    tips: (doc?.tips ?? 0) + 1,
    lastTippedAt: d.tippedAt,
  };
}

/** A name's line in a show's leaderboard: an alias and the real name are two lines, never joined. */
export const tipperId = (showId: string, identityId: string) => `${showId}:${identityId}`;

export const showEventTypes = [
  'ShowStarted',
  'ShowRetitled',
  'ShowPaused',
  'ShowResumed',
  'ShowEnded',
  'ShowGoalSet',
  'ShowTipCounted',
  'ShowGoalReached',
  'ShowGoalExpired',
  'ShowIdentityMuted',
  'ShowTipped',
] as const;

export const showsProjection = docProjection<ShowDoc>({
  name: SHOWS,
  collection: SHOWS,
  eventTypes: showEventTypes,
  documentId: (event) => dataField(event, 'showId'),
  evolve: evolveShow,
  indexes: [
    { keys: { status: 1, startedAt: -1 }, options: { name: 'by_status' } },
    { keys: { performerId: 1, startedAt: -1 }, options: { name: 'by_performer' } },
  ],
});

export const showStagesProjection = docProjection<StageDoc>({
  name: SHOW_STAGES,
  collection: SHOW_STAGES,
  eventTypes: ['ShowStarted', 'ShowEnded', 'TipMenuSet', 'ShowRoomBanned', 'ShowRoomUnbanned'],
  documentId: (event) => dataField(event, 'performerId'),
  evolve: evolveStage,
});

// a deleted user's lines and tips keep no name of his (GDPR Art. 17): './forget-deleted-users.ts'
export const showMessagesProjection = forgettingDeletedUsers(
  docProjection<ShowMessageDoc>({
    name: SHOW_MESSAGES,
    collection: SHOW_MESSAGES,
    eventTypes: ['ShowMessagePosted', 'ShowMessageDeleted'],
    documentId: (event) => dataField(event, 'messageId'),
    evolve: evolveShowMessage,
    indexes: [{ keys: { showId: 1, postedAt: -1 }, options: { name: 'by_show' } }],
  }),
  SHOW_MESSAGES,
  (userId) => [{ userId, senderType: 'user' }],
);

export const showTipsProjection = forgettingDeletedUsers(
  docProjection<ShowTipDoc>({
    name: SHOW_TIPS,
    collection: SHOW_TIPS,
    eventTypes: ['ShowTipped'],
    documentId: (event) => dataField(event, 'tipId'),
    evolve: evolveShowTip,
    indexes: [{ keys: { showId: 1, tippedAt: -1 }, options: { name: 'by_show' } }],
  }),
  SHOW_TIPS,
  (walletId) => [{ walletId }],
);

/** tippers recorded before `walletId` was kept are found by his real name's identity (his user id) */
export const showTippersProjection = forgettingDeletedUsers(
  docProjection<ShowTipperDoc>({
    name: SHOW_TIPPERS,
    collection: SHOW_TIPPERS,
    eventTypes: ['ShowTipped'],
    documentId: (event) => {
      const [showId, identityId] = [dataField(event, 'showId'), dataField(event, 'identityId')];
      return showId && identityId ? tipperId(showId, identityId) : undefined;
    },
    evolve: evolveShowTipper,
    indexes: [{ keys: { showId: 1, totalUnits: -1 }, options: { name: 'by_show' } }],
  }),
  SHOW_TIPPERS,
  (userId) => [{ walletId: userId }, { identityId: userId }],
);
