/**
 * Loyalty tiers (docs/product.md#tiers): derived from the total auracoin spent. One table, used by the
 * server to price purchases and by the client to show the badge and the progress bar.
 */
export type TierName = 'Bronze' | 'Silver' | 'Gold' | 'Platinum';

export interface Tier {
  name: TierName;
  /** auracoin spent, inclusive */
  minSpent: number;
  /** auracoin spent, inclusive upper bound of the band (Infinity for the top tier) */
  maxSpent: number;
  /** discount on every package price, percent */
  discount: number;
  colour: string;
  gradient: string;
  icon: 'medal' | 'award' | 'crown' | 'gem';
}

export const TIERS: readonly Tier[] = [
  {
    name: 'Bronze',
    minSpent: 0,
    maxSpent: 499,
    discount: 0,
    colour: '#cd7f32',
    gradient: 'linear-gradient(135deg, #cd7f32, #8c5523)',
    icon: 'medal',
  },
  {
    name: 'Silver',
    minSpent: 500,
    maxSpent: 1499,
    discount: 5,
    colour: '#c0c0c0',
    gradient: 'linear-gradient(135deg, #e5e7eb, #9ca3af)',
    icon: 'award',
  },
  {
    name: 'Gold',
    minSpent: 1500,
    maxSpent: 4999,
    discount: 10,
    colour: '#fbbf24',
    gradient: 'linear-gradient(135deg, #fde68a, #d97706)',
    icon: 'crown',
  },
  {
    name: 'Platinum',
    minSpent: 5000,
    maxSpent: Number.POSITIVE_INFINITY,
    discount: 15,
    colour: '#a5b4fc',
    gradient: 'linear-gradient(135deg, #e0e7ff, #818cf8)',
    icon: 'gem',
  },
] as const;

export const TOP_TIER_TEXT = 'Hai raggiunto il livello massimo!';

/** The tier of a total spent (auracoin). */
export function tierFor(totalSpent: number): Tier {
  const spent = Number.isFinite(totalSpent) ? Math.max(0, totalSpent) : 0;
  let current = TIERS[0]!;
  for (const tier of TIERS) if (spent >= tier.minSpent) current = tier;
  return current;
}

/** The following tier, or undefined at the top. */
export function nextTier(totalSpent: number): Tier | undefined {
  const index = TIERS.indexOf(tierFor(totalSpent));
  return TIERS[index + 1];
}

/** Progress to the next tier, percent clamped to 0..100; 100 at the top tier. */
export function tierProgress(totalSpent: number): number {
  const current = tierFor(totalSpent);
  const next = nextTier(totalSpent);
  if (!next) return 100;
  const pct = ((totalSpent - current.minSpent) / (next.minSpent - current.minSpent)) * 100;
  return Math.min(100, Math.max(0, pct));
}

/** Auracoin still to spend to reach the next tier (0 at the top). */
export function auracoinToNextTier(totalSpent: number): number {
  const next = nextTier(totalSpent);
  return next ? Math.max(0, next.minSpent - totalSpent) : 0;
}
