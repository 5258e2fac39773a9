import { z } from 'zod';
import type { RouteContract } from './route-contract';
import { disputeRatioLevels } from '../rules/dispute-ratio';
import { apiPaths } from './paths';

/** How many days the charts cover, ending today (Europe/Rome). */
export const STATISTICS_DAYS = 30;
export const TOP_PERFORMERS = 5;

export const StatisticsDay = z.object({
  /** YYYY-MM-DD, Italian calendar day (Europe/Rome) */
  date: z.string(),
  newUsers: z.number().int(),
  /** euro paid for auracoin that day */
  revenue: z.number(),
  /** auracoin credited by purchases that day */
  auracoinSold: z.number(),
});
export type StatisticsDay = z.infer<typeof StatisticsDay>;

/** The spec's statistics object, plus per-day series for the charts. Amounts in auracoin or euro. */
export const StatisticsView = z.object({
  totalUsers: z.number().int(),
  /** approved performers (pending, rejected and deleted ones are not counted) */
  totalPerformers: z.number().int(),
  performersOnline: z.number().int(),
  performersOffline: z.number().int(),
  /** every auracoin ever given to users: welcome credits, purchases, refunds, plus admin adjustments (signed) */
  totalAuracoinsDistributed: z.number(),
  /** the current balances of the users, averaged */
  averageUserBalance: z.number(),
  topPerformers: z.array(z.object({ name: z.string(), creditsPerMinute: z.number(), rating: z.number().nullable() })),
  packagesSold: z.array(
    z.object({ credits: z.number().int(), bonus: z.number().int(), price: z.number(), sold: z.number().int() }),
  ),
  days: z.array(StatisticsDay),
  /** the chat: messages sent (both parties) and what users paid for theirs, auracoin; today = the Italian calendar day */
  messages: z.object({
    sent: z.number().int(),
    revenue: z.number(),
    sentToday: z.number().int(),
    revenueToday: z.number(),
  }),
  /** private sessions: started, running now, minutes billed and what users paid (auracoin); today = the Italian calendar day */
  sessions: z.object({
    total: z.number().int(),
    active: z.number().int(),
    billedMinutes: z.number().int(),
    revenue: z.number(),
    today: z.number().int(),
    billedMinutesToday: z.number().int(),
    revenueToday: z.number(),
  }),
  /**
   * issue 38 item 4: euro received for auracoin (card purchases, ever) per auracoin issued (every
   * auracoin given to users: purchases with their bonuses, welcome credits, refunds, adjustments),
   * against the euro a performer is paid per auracoin spent with her; the margin is their difference
   * (null while nothing was issued)
   */
  margin: z.object({
    eurosReceived: z.number(),
    auracoinIssued: z.number(),
    eurosPerAuracoinIssued: z.number().nullable(),
    performerEurosPerAuracoin: z.number(),
    marginPerAuracoin: z.number().nullable(),
  }),
  /**
   * issue 38 item 10: card disputes opened ÷ card payments over the last `days` Italian calendar days
   * (today's included), percent (null with no payment), and the card networks' level: warning from
   * 0.9%, alarm from 1.5%
   */
  disputeRatio: z.object({
    days: z.number().int(),
    disputes: z.number().int(),
    cardPayments: z.number().int(),
    percent: z.number().nullable(),
    level: z.enum(disputeRatioLevels),
  }),
});
export type StatisticsView = z.infer<typeof StatisticsView>;

export const statisticsRoutes = {
  getStatistics: {
    ...apiPaths.getStatistics,
    summary: 'Platform statistics (admin)',
    tag: 'statistics',
    refusals: [],
    response: StatisticsView,
  },
} as const satisfies Record<string, RouteContract>;
