import { formatAuracoin } from '../format';

/**
 * Public show rules both tiers apply (docs/product.md#shows): the room chat's length, the tip
 * menu's size and the tips' floor, step and ceiling.
 */
export const SHOW_TITLE_MAX = 80;
/** The longest room-chat line, in characters. */
export const SHOW_MESSAGE_MAX = 500;
/** Room-chat lines a room loads on entry (the current show's newest). */
export const SHOW_MESSAGES_PAGE = 100;
/** Items on her tip menu, at most. */
export const TIP_MENU_MAX = 25;
export const TIP_MENU_LABEL_MAX = 60;
/** A tip (and a tip-menu item): at least 1 auracoin, in steps of 0.5, at most the ceiling. */
export const TIP_MIN = 1;
export const TIP_MAX = 1000;
export const TIP_MESSAGE_MAX = 200;
export const SHOW_GOAL_DESCRIPTION_MAX = 120;
/** A goal's target, auracoin. */
export const SHOW_GOAL_TARGET_MAX = 1_000_000;

export const tipAmountMessage = `Mancia da ${formatAuracoin(TIP_MIN)} a ${formatAuracoin(TIP_MAX)} auracoin, a passi di 0,5`;

/** Is this an amount a tip (or a tip-menu price) may have, in auracoin? */
export function isTipAmount(auracoin: number): boolean {
  return Number.isFinite(auracoin) && auracoin >= TIP_MIN && auracoin <= TIP_MAX && Number.isInteger(auracoin * 2);
}

export const showStatuses = ['live', 'paused', 'ended'] as const;
export type ShowStatus = (typeof showStatuses)[number];
