import type { DomainEvent } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';
import { dataField } from '../../platform/recorded-event';

export const EARNINGS = 'earnings';

/** A performer's earnings per UTC day (euro cents), from `earnings-<performerId>`. */
export type EarningsDoc = { _id: string; totalCents: number; days: Record<string, number> };

export function evolveEarnings(doc: EarningsDoc | null, event: DomainEvent): EarningsDoc | null {
  if (event.type !== 'PerformerEarningsCredited') return doc;
  const current = doc ?? { _id: event.data.performerId, totalCents: 0, days: {} };
  const day = event.data.creditedAt.slice(0, 10);
  return {
    ...current,
    totalCents: current.totalCents + event.data.shareCents,
    days: { ...current.days, [day]: (current.days[day] ?? 0) + event.data.shareCents },
  };
}

export const earningsProjection = docProjection<EarningsDoc>({
  name: EARNINGS,
  collection: EARNINGS,
  eventTypes: ['PerformerEarningsCredited'],
  documentId: (event) => dataField(event, 'performerId'),
  evolve: evolveEarnings,
});

/** The last `days` days up to `now` (UTC), oldest first, with 0 for days without earnings. */
export function lastDays(doc: EarningsDoc | null, now: Date, days = 30): { date: string; euro: number }[] {
  const result: { date: string; euro: number }[] = [];
  for (let back = days - 1; back >= 0; back--) {
    const date = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    result.push({ date, euro: (doc?.days[date] ?? 0) / 100 });
  }
  return result;
}
