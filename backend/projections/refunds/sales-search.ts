import { SALE_SEARCH_MAX, type RefundableSaleView, type SaleSearchQuery } from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { REFUND_SALES, type RefundSaleDoc } from './projection';

/** What the search needs of the other read sides (declared, not imported: each module reads its own read models). */
export interface SaleSearchDeps {
  readModels: ReadModelStore;
  /** buyers whose username or email contains the term (ignoring case) */
  usersMatching(term: string): Promise<string[]>;
  /** performers whose name or username contains the term (ignoring case) */
  performersMatching(term: string): Promise<string[]>;
  usernamesOf(ids: readonly string[]): Promise<Map<string, string>>;
  performerNamesOf(ids: readonly string[]): Promise<Map<string, string>>;
  windowHours: number;
}

const romeOffset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' });

/** Rome's offset from UTC at an instant, minutes. */
function romeOffsetAt(at: Date): number {
  const offset = romeOffset.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(offset);
  // 'GMT' alone is an offset of zero (never in Rome, but read as it says)
  return match ? (Number(match[2]) * 60 + Number(match[3] ?? 0)) * (match[1] === '-' ? -1 : 1) : 0;
}

/** The instant an Italian calendar day begins (Europe/Rome; on the days the clocks change, its offset at midnight). */
export function romeDayStart(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - romeOffsetAt(new Date(`${day}T12:00:00Z`)) * 60_000;
  return new Date(midnightUtc - romeOffsetAt(new Date(guess)) * 60_000);
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The admins' search of refundable sales: by buyer, performer and Italian calendar days, newest first. */
export function createSaleSearch(deps: SaleSearchDeps) {
  const sales = deps.readModels.collection<RefundSaleDoc>(REFUND_SALES);
  return async (query: SaleSearchQuery): Promise<RefundableSaleView[]> => {
    const filter: Record<string, unknown> = { soldAt: { $exists: true } };
    if (query.user !== undefined) {
      const ids = await deps.usersMatching(query.user);
      if (ids.length === 0) return [];
      filter.walletId = { $in: ids };
    }
    if (query.performer !== undefined) {
      const ids = await deps.performersMatching(query.performer);
      if (ids.length === 0) return [];
      filter.performerId = { $in: ids };
    }
    const soldAt: Record<string, string> = {};
    if (query.from) soldAt.$gte = romeDayStart(query.from).toISOString();
    if (query.to) soldAt.$lt = romeDayStart(nextDay(query.to)).toISOString();
    if (Object.keys(soldAt).length > 0) filter.soldAt = soldAt;
    const docs = (await sales.find(filter, { sort: { soldAt: -1, soldPosition: -1 }, limit: SALE_SEARCH_MAX })).filter(
      (doc): doc is RefundSaleDoc & { saleId: string; soldAt: string } => Boolean(doc.saleId && doc.soldAt),
    );
    const [usernames, names] = await Promise.all([
      deps.usernamesOf([...new Set(docs.map((doc) => doc.walletId))]),
      deps.performerNamesOf([...new Set(docs.map((doc) => doc.performerId))]),
    ]);
    return docs.map((doc) => ({
      kind: doc.kind,
      saleId: doc.saleId,
      userId: doc.walletId,
      username: usernames.get(doc.walletId) ?? null,
      performerId: doc.performerId,
      performerName: names.get(doc.performerId) ?? null,
      soldAt: doc.soldAt,
      amount: (doc.grossUnits ?? 0) / 100,
      refunded: (doc.refundedUnits ?? 0) / 100,
      // the refund window runs from the sale's last part (a session's last minute)
      refundableUntil: new Date(Date.parse(doc.lastAt ?? doc.soldAt) + deps.windowHours * 3_600_000).toISOString(),
    }));
  };
}
