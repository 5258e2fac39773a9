import {
  auracoinMargin,
  DISPUTE_RATIO_DAYS,
  disputeRatio,
  STATISTICS_DAYS,
  TOP_PERFORMERS,
  type StatisticsDay,
  type StatisticsView,
} from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import {
  italianDay,
  STAT_DAYS,
  STAT_PACKAGES,
  STAT_PERFORMERS,
  STAT_TOTALS,
  STAT_USERS,
  TOTALS_ID,
  type DayStatDoc,
  type PackageStatDoc,
  type PerformerStatDoc,
  type TotalsDoc,
  type UserStatDoc,
} from './projection';

const toAuracoin = (units: number) => units / 100;

/** Her rating: the average of the stars users gave her, two decimals, as her profile shows it (null: no review yet). */
export function ratingOf(doc: Pick<PerformerStatDoc, 'ratingStars' | 'ratingCount'>): number | null {
  const count = doc.ratingCount ?? 0;
  return count > 0 ? Math.round(((doc.ratingStars ?? 0) / count) * 100) / 100 : null;
}

/** The last `count` Italian calendar days ending with `today`'s, oldest first. */
export function lastDays(today: Date, count: number): string[] {
  const days: string[] = [];
  // noon UTC steps never skip or repeat a Rome calendar day across daylight-saving changes
  const [y, m, d] = italianDay(today).split('-').map(Number) as [number, number, number];
  for (let back = count - 1; back >= 0; back--) days.push(italianDay(new Date(Date.UTC(y, m - 1, d - back, 12))));
  return days;
}

export function createStatisticsQueries(readModels: ReadModelStore, now: () => Date) {
  return {
    async get(): Promise<StatisticsView> {
      const [totals, users, performers, packages] = await Promise.all([
        readModels.collection<TotalsDoc>(STAT_TOTALS).findOne({ _id: TOTALS_ID }),
        // summed in the store (MongoDB or mingo), not by loading every user
        readModels
          .collection<UserStatDoc>(STAT_USERS)
          .aggregate<{ count: number; balanceUnits: number }>([
            { $match: { registered: true, deleted: { $ne: true } } },
            { $group: { _id: null, count: { $sum: 1 }, balanceUnits: { $sum: '$balanceUnits' } } },
          ]),
        readModels.collection<PerformerStatDoc>(STAT_PERFORMERS).find({ status: 'approved' }),
        readModels.collection<PackageStatDoc>(STAT_PACKAGES).find({ credits: { $exists: true } }),
      ]);
      const days = lastDays(now(), STATISTICS_DAYS);
      const ratioDays = lastDays(now(), DISPUTE_RATIO_DAYS);
      const dayDocs = await readModels
        .collection<DayStatDoc>(STAT_DAYS)
        .find({ _id: { $in: [...new Set([...days, ...ratioDays])] } });
      const byDay = new Map(dayDocs.map((doc) => [doc._id, doc]));

      const userCount = users[0]?.count ?? 0;
      const balanceUnits = users[0]?.balanceUnits ?? 0;
      const online = performers.filter((p) => p.isOnline === true).length;
      const topPerformers = performers
        .map((p) => ({ name: p.name ?? '', creditsPerMinute: toAuracoin(p.rateUnits ?? 0), rating: ratingOf(p) }))
        .sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || a.name.localeCompare(b.name, 'it'))
        .slice(0, TOP_PERFORMERS);
      const packagesSold = packages
        .filter((p) => !p.deleted || (p.sold ?? 0) > 0)
        .sort((a, b) => (a.credits ?? 0) - (b.credits ?? 0) || (a.priceCents ?? 0) - (b.priceCents ?? 0))
        .map((p) => ({
          credits: p.credits ?? 0,
          bonus: p.bonus ?? 0,
          price: (p.priceCents ?? 0) / 100,
          sold: p.sold ?? 0,
        }));
      const series: StatisticsDay[] = days.map((date) => {
        const doc = byDay.get(date);
        return {
          date,
          newUsers: doc?.newUsers ?? 0,
          revenue: (doc?.revenueCents ?? 0) / 100,
          auracoinSold: toAuracoin(doc?.auracoinSoldUnits ?? 0),
        };
      });

      const inWindow = ratioDays.map((day) => byDay.get(day));
      const disputes = inWindow.reduce((sum, doc) => sum + (doc?.disputes ?? 0), 0);
      const cardPayments = inWindow.reduce((sum, doc) => sum + (doc?.purchases ?? 0), 0);
      const eurosReceived = (totals?.revenueCents ?? 0) / 100;
      const auracoinIssued = toAuracoin(totals?.distributedUnits ?? 0);

      return {
        totalUsers: userCount,
        totalPerformers: performers.length,
        performersOnline: online,
        performersOffline: performers.length - online,
        totalAuracoinsDistributed: toAuracoin(totals?.distributedUnits ?? 0),
        averageUserBalance: userCount === 0 ? 0 : toAuracoin(Math.round(balanceUnits / userCount)),
        topPerformers,
        packagesSold,
        days: series,
        messages: {
          sent: totals?.messagesSent ?? 0,
          revenue: toAuracoin(totals?.messageRevenueUnits ?? 0),
          sentToday: byDay.get(italianDay(now()))?.messagesSent ?? 0,
          revenueToday: toAuracoin(byDay.get(italianDay(now()))?.messageRevenueUnits ?? 0),
        },
        sessions: {
          total: totals?.sessions ?? 0,
          active: totals?.sessionsActive ?? 0,
          billedMinutes: totals?.sessionMinutes ?? 0,
          revenue: toAuracoin(totals?.sessionRevenueUnits ?? 0),
          today: byDay.get(italianDay(now()))?.sessions ?? 0,
          billedMinutesToday: byDay.get(italianDay(now()))?.sessionMinutes ?? 0,
          revenueToday: toAuracoin(byDay.get(italianDay(now()))?.sessionRevenueUnits ?? 0),
        },
        margin: { eurosReceived, auracoinIssued, ...auracoinMargin(eurosReceived, auracoinIssued) },
        disputeRatio: { days: DISPUTE_RATIO_DAYS, ...disputeRatio(disputes, cardPayments) },
      };
    },
  };
}

export type StatisticsQueries = ReturnType<typeof createStatisticsQueries>;
