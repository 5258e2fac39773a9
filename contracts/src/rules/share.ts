/**
 * The performer's share of every sale (sessions, photos, messages): 55%, platform 45%.
 * On the performer side 1 auracoin = 1 euro, so an amount in auracoin minor units (1/100 auracoin)
 * is the same number of euro cents.
 *
 * ROUNDING RULE (the only one): the share is rounded DOWN to a whole euro cent; the platform keeps
 * the remainder, so share + platform always equals the gross amount exactly.
 */
export const PERFORMER_SHARE_PERCENT = 55;
export const PLATFORM_SHARE_PERCENT = 45;

/** The performer's share in euro cents of a gross amount in auracoin minor units (integers only). */
export function performerShareCents(grossUnits: number): number {
  if (!Number.isInteger(grossUnits) || grossUnits < 0)
    throw new RangeError(`gross amount must be a non-negative integer, got ${grossUnits}`);
  return Math.floor((grossUnits * PERFORMER_SHARE_PERCENT) / 100);
}

/**
 * Her share (euro cents) of one part of a sale billed in parts (a session's minutes): the share of
 * the running total after the part minus the share before it, so the parts of one sale add up to
 * the share of its whole gross, rounded down once.
 */
export function performerShareOfPartCents(grossBeforeUnits: number, partUnits: number): number {
  return performerShareCents(grossBeforeUnits + partUnits) - performerShareCents(grossBeforeUnits);
}

/** What the platform keeps: the gross minus the performer's share. */
export function platformShareCents(grossUnits: number): number {
  return grossUnits - performerShareCents(grossUnits);
}
