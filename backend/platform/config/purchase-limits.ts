/**
 * The grammar of `PURCHASE_LIMITS` (docs/architecture.md#purchase-limits), issue 38 item 9: how many
 * card purchases a user may start, and for how many euros, within a sliding window. Entries are
 * comma-separated, each `count/window` (`10/1h`) or `amountEUR/window` (`5000EUR/24h`, whole euros),
 * the window in s, m, h or d; `off` limits nothing. The default is `10/1h,5000EUR/24h`.
 */
export type PurchaseLimit =
  | { kind: 'count'; max: number; windowMs: number; text: string }
  | { kind: 'amount'; maxCents: number; windowMs: number; text: string };

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const ENTRY = /^(\d{1,9})(EUR)?\/(\d{1,6})(s|m|h|d)$/;

/** The limits `text` asks, or an error naming the entry that is not one. */
export function parsePurchaseLimits(text: string): PurchaseLimit[] | Error {
  if (text.trim() === 'off') return [];
  const entries = text.split(',').map((part) => part.trim());
  const limits: PurchaseLimit[] = [];
  for (const entry of entries) {
    const match = ENTRY.exec(entry);
    if (!match)
      return new Error(
        `PURCHASE_LIMITS: "${entry}" is neither count/window nor amountEUR/window (e.g. 10/1h,5000EUR/24h), or off`,
      );
    const [, amount, euro, span, unit] = match;
    const windowMs = Number(span) * UNITS[unit!]!;
    if (Number(amount) < 1 || windowMs < 1)
      return new Error(`PURCHASE_LIMITS: "${entry}": the limit and the window must be at least 1`);
    limits.push(
      euro
        ? { kind: 'amount', maxCents: Number(amount) * 100, windowMs, text: entry }
        : { kind: 'count', max: Number(amount), windowMs, text: entry },
    );
  }
  return limits;
}
