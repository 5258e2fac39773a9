import { formatAuracoin } from '../format';
import { RATE_STEP } from './performer';

/**
 * Spies on a private (docs/product.md#spy): she may let other users watch her video during a
 * private for `spyPrice` auracoin a minute, at most half her private rate; off (null or 0) by default.
 * A spy's first seconds are free: leaving within them costs nothing.
 */
export const SPY_FREE_SECONDS = 10;
export const SPY_FREE_MS = SPY_FREE_SECONDS * 1000;

/** The notice a user sees before he confirms a private with a performer who allows spies. */
export const SPIES_ALLOWED_NOTICE = 'Questa performer consente spettatori spia';

/** The most a spy minute may cost at her private rate (auracoin, whole 0.5 steps). */
export function spyPriceMax(ratePerMinute: number): number {
  return Math.floor(ratePerMinute / 2 / RATE_STEP) * RATE_STEP;
}

/** Spies are allowed at this price: a positive price (null or 0: off). */
export const spiesAllowed = (spyPrice: number | null | undefined): spyPrice is number =>
  typeof spyPrice === 'number' && spyPrice > 0;

/** A spy price she may set at this rate: off, or a whole number of 0.5 steps up to half the rate. */
export function isSpyPrice(spyPrice: number | null | undefined, ratePerMinute: number): boolean {
  if (spyPrice === null || spyPrice === undefined || spyPrice === 0) return true;
  return (
    Number.isFinite(spyPrice) &&
    spyPrice > 0 &&
    Number.isInteger(spyPrice / RATE_STEP) &&
    spyPrice <= spyPriceMax(ratePerMinute)
  );
}

/** The Italian refusal of a spy price above half her rate, as the server and her form word it. */
export const spyPriceMessage = (ratePerMinute: number) =>
  `Il prezzo spia va da ${formatAuracoin(RATE_STEP)} a ${formatAuracoin(spyPriceMax(ratePerMinute))} auracoin ` +
  `al minuto (metà della tua tariffa), a passi di ${formatAuracoin(RATE_STEP)}`;
