/** Amounts are integers in a minor unit: 1 auracoin = 100 units (rates and prices step by 0.5). */
export const UNITS_PER_AURACOIN = 100;

export const WELCOME_BONUS_AURACOIN = 10;

export function auracoinToUnits(auracoin: number): number {
  return Math.round(auracoin * UNITS_PER_AURACOIN);
}

export function unitsToAuracoin(units: number): number {
  return units / UNITS_PER_AURACOIN;
}
