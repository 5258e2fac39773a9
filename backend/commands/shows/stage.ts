import type { DomainEvent, EventDataOf } from '@aura/contracts';
import { TIP_MENU_MAX } from '@aura/contracts';
import { assertPriceSeen } from '../../ledger';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/**
 * Her stage (stream `show-stage-<performerId>`): the show that is on (live or paused), her tip
 * menu and who is banned from her room. One show at a time: going live twice is refused here.
 */
export interface Stage {
  current: { showId: string; title: string; status: 'live' | 'paused'; startedAt: string } | null;
  /** every show she ran, by id: its title and, once over, when */
  shows: Map<string, { title: string; endedAt: string | null }>;
  menu: EventDataOf<'TipMenuSet'>['items'];
  /** banned identity → the account behind it (never shown to her) */
  bans: Map<string, string>;
}

export const stage: Aggregate<Stage> = {
  initialState: () => ({ current: null, shows: new Map(), menu: [], bans: new Map() }),
  evolve(state, event) {
    switch (event.type) {
      case 'ShowStarted':
        return {
          ...state,
          current: {
            showId: event.data.showId,
            title: event.data.title,
            status: 'live',
            startedAt: event.data.startedAt,
          },
          shows: new Map(state.shows).set(event.data.showId, { title: event.data.title, endedAt: null }),
        };
      case 'ShowRetitled':
        return state.current?.showId === event.data.showId
          ? {
              ...state,
              current: { ...state.current, title: event.data.title },
              shows: new Map(state.shows).set(event.data.showId, { title: event.data.title, endedAt: null }),
            }
          : state;
      case 'ShowPaused':
        return state.current?.showId === event.data.showId
          ? { ...state, current: { ...state.current, status: 'paused' } }
          : state;
      case 'ShowResumed':
        return state.current?.showId === event.data.showId
          ? { ...state, current: { ...state.current, status: 'live' } }
          : state;
      case 'ShowEnded': {
        const shows = new Map(state.shows);
        const show = shows.get(event.data.showId);
        if (show) shows.set(event.data.showId, { ...show, endedAt: event.data.endedAt });
        return { ...state, current: state.current?.showId === event.data.showId ? null : state.current, shows };
      }
      case 'TipMenuSet':
        return { ...state, menu: event.data.items };
      case 'ShowRoomBanned':
        return { ...state, bans: new Map(state.bans).set(event.data.identityId, event.data.userId) };
      case 'ShowRoomUnbanned': {
        const bans = new Map(state.bans);
        bans.delete(event.data.identityId);
        return { ...state, bans };
      }
      default:
        return state;
    }
  },
};

export const handleStage = commandHandler(stage);

export function decideStartShow(
  command: { showId: string; performerId: string; title: string },
  state: Stage,
  now: Date,
): DomainEvent[] {
  if (state.current) throw new DomainError('show_already_live');
  return [{ type: 'ShowStarted', data: { ...command, startedAt: now.toISOString() } }];
}

/** Her show on now (live, or waiting for her private) takes a new title; the same one changes nothing. */
export function decideRetitleShow(
  command: { showId: string; performerId: string; title: string },
  state: Stage,
  now: Date,
): DomainEvent[] {
  if (showOnNow(state, command.showId).title === command.title) return [];
  return [{ type: 'ShowRetitled', data: { ...command, retitledAt: now.toISOString() } }];
}

/** The show on now, or why not: an ended show is a conflict, an unknown one not found. */
export function showOnNow(state: Stage, showId: string): NonNullable<Stage['current']> {
  if (state.current?.showId === showId) return state.current;
  if (state.shows.has(showId)) throw new DomainError('show_ended');
  throw new DomainError('not_found');
}

/** A thumbnail shows her live show only: none while it waits for her private (nor once it ended). */
export function assertShowingLive(state: Stage, showId: string): void {
  if (showOnNow(state, showId).status !== 'live') throw new DomainError('show_paused');
}

export function decideEndShow(
  command: { showId: string; performerId: string; reason: EventDataOf<'ShowEnded'>['reason']; peakViewers: number },
  state: Stage,
  now: Date,
): DomainEvent[] {
  showOnNow(state, command.showId);
  return [{ type: 'ShowEnded', data: { ...command, endedAt: now.toISOString() } }];
}

/** She went into a private session: her live show waits (nothing when none is live). */
export function decidePauseShow(
  command: { performerId: string; sessionId: string | null },
  state: Stage,
  now: Date,
): DomainEvent[] {
  if (state.current?.status !== 'live') return [];
  return [
    {
      type: 'ShowPaused',
      data: {
        showId: state.current.showId,
        performerId: command.performerId,
        sessionId: command.sessionId,
        pausedAt: now.toISOString(),
      },
    },
  ];
}

/** Her private session is over: the paused show goes on. */
export function decideResumeShow(command: { performerId: string }, state: Stage, now: Date): DomainEvent[] {
  if (state.current?.status !== 'paused') return [];
  return [
    {
      type: 'ShowResumed',
      data: { showId: state.current.showId, performerId: command.performerId, resumedAt: now.toISOString() },
    },
  ];
}

export function decideSetTipMenu(
  command: { performerId: string; items: { id: string; label: string; priceUnits: number }[] },
  _state: Stage,
  now: Date,
): DomainEvent[] {
  if (command.items.length > TIP_MENU_MAX) throw new DomainError('tip_menu_too_long');
  return [
    { type: 'TipMenuSet', data: { performerId: command.performerId, items: command.items, setAt: now.toISOString() } },
  ];
}

/** She bans an identity that wrote or tipped in her rooms (`userId`: the account behind it; null: none known). */
export function decideBan(
  command: { performerId: string; identityId: string; userId: string | null; bannedBy: string },
  state: Stage,
  now: Date,
): DomainEvent[] {
  const { userId } = command;
  if (!userId) throw new DomainError('not_found');
  if (state.bans.has(command.identityId)) return [];
  return [{ type: 'ShowRoomBanned', data: { ...command, userId, at: now.toISOString() } }];
}

/** Is this account (under any of its identities) banned from her room? */
export function isBanned(state: Stage, who: { userId?: string; identityId?: string }): boolean {
  if (who.identityId && state.bans.has(who.identityId)) return true;
  return who.userId !== undefined && [...state.bans.values()].includes(who.userId);
}

/** The show she is on, open to this account: on now, and he is not banned from her room. */
export function assertOpenTo(state: Stage, showId: string, userId: string): void {
  showOnNow(state, showId);
  if (isBanned(state, { userId })) throw new DomainError('show_banned');
}

export interface TipCommand {
  tipId: string;
  walletId: string;
  showId: string;
  performerId: string;
  amountUnits: number;
  message: string | null;
  menuItemId: string | null;
  /** the item's price as the user saw it (auracoin) */
  expectedPrice: number | undefined;
}

/**
 * The terms of a tip, before anything is paid: the show is on and open to him, and a menu item
 * named exists, its price is the one he saw and the amount is that price. Gives the item, if any.
 */
export function tipTerms(command: TipCommand, state: Stage) {
  assertOpenTo(state, command.showId, command.walletId);
  if (!command.menuItemId) return undefined;
  const item = state.menu.find((candidate) => candidate.id === command.menuItemId);
  if (!item) throw new DomainError('not_found');
  assertPriceSeen(command.expectedPrice, item.priceUnits);
  if (item.priceUnits !== command.amountUnits) throw new DomainError('tip_price_mismatch');
  return item;
}

/**
 * A tip to her live show (the purchase the ledger appends before its debit): on the terms above,
 * under the identity he tips with, which must be the one he chose in this room, if he chose one.
 */
export function decideTip(
  command: TipCommand & {
    identity: { identityId: string; displayName: string };
    /** the identity he chose in this room before (its claim stream), if any */
    chosenIdentity: string | null;
  },
  state: Stage,
  now: Date,
): DomainEvent[] {
  const item = tipTerms(command, state);
  const { identityId, displayName } = command.identity;
  if (command.chosenIdentity && command.chosenIdentity !== identityId) throw new DomainError('room_identity_taken');
  return [
    {
      type: 'ShowTipped',
      data: {
        tipId: command.tipId,
        walletId: command.walletId,
        showId: command.showId,
        performerId: command.performerId,
        identityId,
        displayName,
        amountUnits: command.amountUnits,
        message: command.message,
        menuItemId: item?.id ?? null,
        menuItemLabel: item?.label ?? null,
        tippedAt: now.toISOString(),
      },
    },
  ];
}
