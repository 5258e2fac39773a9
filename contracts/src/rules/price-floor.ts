/**
 * No auracoin sold absurdly cheap (issue 38 item 4): a package, or an offer on top of the packages,
 * must never sell an auracoin for less than the floor (`AURACOIN_PRICE_FLOOR_EUR`, default 0.40 €)
 * in the worst case: the buyer with the highest tier discount, buying while the most generous
 * offer runs. A performer earns 0.55 € per auracoin spent with her, so below the floor the platform
 * pays out more than it took. The server refuses such a package or offer (400 `price_below_floor`),
 * whoever asks; the same arithmetic as a purchase (`quotePackage`), so what is checked is what is charged.
 */
import { formatNumber } from '../format';
import { UNITS_PER_AURACOIN } from '../money';
import { quotePackage, type PackageTerms } from './packages';
import { PERFORMER_SHARE_PERCENT } from './share';
import { TIERS } from './tiers';

export const AURACOIN_PRICE_FLOOR_EUR_DEFAULT = 0.4;
/** what a performer is paid per auracoin spent with her, euro (1 auracoin = 1 € on her side, her share of it) */
export const PERFORMER_EUR_PER_AURACOIN = PERFORMER_SHARE_PERCENT / 100;

/** the highest tier discount, percent: the cheapest any buyer pays */
export const TOP_TIER_DISCOUNT_PERCENT = Math.max(...TIERS.map((tier) => tier.discount));

/** Euro per auracoin at worst: the price after the top tier's discount over credits, bonus and the offer's bonus. */
export function worstCaseEurPerAuracoin(pkg: PackageTerms, offerBonusPercent: number): number {
  const quote = quotePackage(pkg, TOP_TIER_DISCOUNT_PERCENT, offerBonusPercent);
  if (quote.totalUnits <= 0) return Number.POSITIVE_INFINITY;
  return (quote.priceCents * UNITS_PER_AURACOIN) / quote.totalUnits / 100;
}

/** A tenth of a thousandth of a cent: no float residue refuses a price exactly at the floor. */
const EPSILON = 1e-7;

/** Is this package, with this offer running, under the floor? */
export function belowPriceFloor(pkg: PackageTerms, offerBonusPercent: number, floorEur: number): boolean {
  return worstCaseEurPerAuracoin(pkg, offerBonusPercent) < floorEur - EPSILON;
}

/** The first of these packages under the floor with this offer running, or null. */
export function firstBelowPriceFloor<P extends PackageTerms>(
  packages: readonly P[],
  offerBonusPercent: number,
  floorEur: number,
): P | null {
  return packages.find((pkg) => belowPriceFloor(pkg, offerBonusPercent, floorEur)) ?? null;
}

/** The refusal's detail: what an auracoin would cost at worst, and the floor (euro, Italian). */
export function priceBelowFloorMessage(worstEur: number, floorEur: number): string {
  const euro = (value: number) => formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 3 });
  return `Prezzo troppo basso: nel caso peggiore un auracoin costerebbe ${euro(worstEur)} €, sotto il minimo di ${euro(floorEur)} €`;
}

/**
 * The margin the statistics show: euro received per auracoin issued against the euro a performer
 * is paid per auracoin spent with her. Nothing issued: no margin to speak of (null).
 */
export function auracoinMargin(eurosReceived: number, auracoinIssued: number) {
  const received = auracoinIssued > 0 ? Math.round((eurosReceived / auracoinIssued) * 10_000) / 10_000 : null;
  return {
    eurosPerAuracoinIssued: received,
    performerEurosPerAuracoin: PERFORMER_EUR_PER_AURACOIN,
    marginPerAuracoin: received === null ? null : Math.round((received - PERFORMER_EUR_PER_AURACOIN) * 10_000) / 10_000,
  };
}
