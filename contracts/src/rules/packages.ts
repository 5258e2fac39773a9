/**
 * Package arithmetic (docs/product.md#package-card and #constants), shared by the server (what is
 * charged and credited) and the client (what is shown). Prices are euro cents, auracoin amounts
 * are minor units (1 auracoin = 100) where money moves.
 *
 * THE rounding rule, stated once: a percentage of an integer amount is rounded half up to the
 * nearest integer minor unit (`percentOf`). Every discount and bonus goes through it.
 */
import { UNITS_PER_AURACOIN } from '../money';

export interface PackageTerms {
  /** base auracoin */
  credits: number;
  /** bonus auracoin (default 0) */
  bonus: number;
  /** euro cents */
  priceCents: number;
}

/** `percent`% of an integer minor-unit amount, rounded half up to an integer: the one rounding rule. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100 + 0.5);
}

/** Auracoin granted by a package: credits plus bonus. */
export function packageTotal(pkg: Pick<PackageTerms, 'credits' | 'bonus'>): number {
  return pkg.credits + pkg.bonus;
}

/** Euro per auracoin: price divided by total, rounded to the cent (0.45); shown with `formatEuro`. */
export function pricePerAuracoin(pkg: PackageTerms): number {
  const total = packageTotal(pkg);
  if (total <= 0) return 0;
  return Math.round(pkg.priceCents / total) / 100;
}

/** Saving percent = (total - price in euro) / total, rounded; undefined unless positive. */
export function savingPercent(pkg: PackageTerms): number | undefined {
  const total = packageTotal(pkg);
  const price = pkg.priceCents / 100;
  // no total (a division by zero) or a price at or above it gives no positive saving
  const saving = Math.round(((total - price) / total) * 100);
  return saving > 0 ? saving : undefined;
}

/** The price after the buyer's tier discount (percent), in cents. */
export function discountedPriceCents(priceCents: number, discountPercent: number): number {
  return priceCents - percentOf(priceCents, discountPercent);
}

/** Extra auracoin (minor units) a running limited offer adds to a package's total. */
export function offerBonusUnits(totalUnits: number, bonusPercent: number): number {
  return percentOf(totalUnits, bonusPercent);
}

/** Everything a purchase of `pkg` grants and costs, given the buyer's tier discount and the running offer. */
export function quotePackage(pkg: PackageTerms, discountPercent: number, offerBonusPercent: number) {
  const baseUnits = packageTotal(pkg) * UNITS_PER_AURACOIN;
  const bonusUnits = offerBonusUnits(baseUnits, offerBonusPercent);
  return {
    priceCents: discountedPriceCents(pkg.priceCents, discountPercent),
    discountPercent,
    offerBonusPercent,
    baseUnits,
    offerBonusUnits: bonusUnits,
    totalUnits: baseUnits + bonusUnits,
  };
}
export type PackageQuote = ReturnType<typeof quotePackage>;

/** Which celebration a purchase of `credits` auracoin earns (docs/product.md#buying). */
export type Celebration = 'fireworks' | 'stars' | 'confetti';
export function celebrationFor(credits: number): Celebration {
  if (credits >= 2500) return 'fireworks';
  if (credits >= 1000) return 'stars';
  return 'confetti';
}
