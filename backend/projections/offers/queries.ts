import type { ReadModelStore } from '../../platform/readmodels/port';
import { isRunning, OFFERS, type OfferDoc } from './projection';

export function createOfferQueries(readModels: ReadModelStore) {
  const offers = readModels.collection<OfferDoc>(OFFERS);
  return {
    async byId(id: string): Promise<OfferDoc | null> {
      return offers.findOne({ _id: id });
    },
    async all(): Promise<OfferDoc[]> {
      return offers.find({}, { sort: { createdAt: -1 } });
    },
    /** the offer running at `now` (the most generous when several overlap) */
    async current(now: Date): Promise<OfferDoc | null> {
      const candidates = await offers.find({ endedAt: null, endsAt: { $gt: now.toISOString() } });
      const running = candidates.filter((doc) => isRunning(doc, now));
      running.sort((a, b) => b.bonusPercent - a.bonusPercent || b.createdAt.localeCompare(a.createdAt));
      return running[0] ?? null;
    },
  };
}
export type OfferQueries = ReturnType<typeof createOfferQueries>;
