import { formatAuracoin, formatAuracoinLabel } from '../format';
import { auracoinToUnits } from '../money';

/**
 * The prices a performer sets and the one rule both tiers apply to them (docs/product.md#price-ceilings):
 * every price has a floor, a step of 0.5 and a ceiling. The server refuses a price above its
 * ceiling with a 400 and the message below; her forms validate with the same numbers and words.
 */
export const priceCeilings = {
  /** auracoin per minute of a private session */
  ratePerMinute: 100,
  /** auracoin a user's chat message costs */
  messagePrice: 50,
  /** auracoin a photo of her gallery costs */
  photoPrice: 500,
} as const;
export type PricedThing = keyof typeof priceCeilings;

/** The Italian refusal of a price above its ceiling, as the server and her forms word it. */
export const priceCeilingMessages: Record<PricedThing, string> = {
  ratePerMinute: `Tariffa massima ${formatAuracoin(priceCeilings.ratePerMinute)} auracoin/min`,
  messagePrice: `Prezzo massimo ${formatAuracoin(priceCeilings.messagePrice)} auracoin a messaggio`,
  photoPrice: `Prezzo massimo ${formatAuracoin(priceCeilings.photoPrice)} auracoin`,
};

/** Is this price (auracoin) within its ceiling? */
export function withinCeiling(thing: PricedThing, auracoin: number): boolean {
  return Number.isFinite(auracoin) && auracoin <= priceCeilings[thing];
}

/**
 * The price billed is the price the user saw (docs/product.md#price-seen): `expectedPrice` is the
 * amount in auracoin the UI showed him (a session: the per-minute rate; a message: its price; a
 * photo: its price). Absent, nothing is compared (API clients of the original spec's bodies).
 */
export function priceSeenMatches(expectedPrice: number | undefined, currentUnits: number): boolean {
  return expectedPrice === undefined || auracoinToUnits(expectedPrice) === currentUnits;
}

/** What the UI says when the price changed between his look and his click. */
export function priceChangedMessage(currentPrice: number): string {
  return `Il prezzo è cambiato: ora ${formatAuracoinLabel(currentPrice)}`;
}
