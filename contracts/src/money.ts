/** Amounts are integers in a minor unit: 1 auracoin = 100 units (rates and prices step by 0.5). */
export const UNITS_PER_AURACOIN = 100;

export const WELCOME_BONUS_AURACOIN = 10;

export function auracoinToUnits(auracoin: number): number {
  return Math.round(auracoin * UNITS_PER_AURACOIN);
}

export function unitsToAuracoin(units: number): number {
  return units / UNITS_PER_AURACOIN;
}

/** Euro in the API (a package's price, a payout), cents in events: the one conversion each way. */
export function euroToCents(euro: number): number {
  return Math.round(euro * 100);
}

/** Euro cents as a euro number for display (2 decimals). */
export function centsToEuro(cents: number): number {
  return cents / 100;
}
