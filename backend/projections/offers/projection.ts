import type { DomainEvent, OfferView } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';
import { dataField } from '../../platform/recorded-event';

export const OFFERS = 'offers';

export type OfferDoc = {
  _id: string;
  bonusPercent: number;
  startsAt: string;
  endsAt: string;
  endedAt: string | null;
  createdAt: string;
};

export function evolveOffer(doc: OfferDoc | null, event: DomainEvent): OfferDoc | null {
  switch (event.type) {
    case 'OfferCreated':
      return {
        _id: event.data.offerId,
        bonusPercent: event.data.bonusPercent,
        startsAt: event.data.startsAt,
        endsAt: event.data.endsAt,
        endedAt: doc?.endedAt ?? null,
        createdAt: event.data.createdAt,
      };
    case 'OfferEnded':
      return doc ? { ...doc, endedAt: event.data.endedAt } : null;
    default:
      return doc;
  }
}

export const offersProjection = docProjection<OfferDoc>({
  name: OFFERS,
  collection: OFFERS,
  eventTypes: ['OfferCreated', 'OfferEnded'],
  documentId: (event) => dataField(event, 'offerId'),
  evolve: evolveOffer,
  indexes: [{ keys: { endsAt: 1 }, options: { name: 'by_end' } }],
});

export const toOfferView = (doc: OfferDoc): OfferView => ({
  id: doc._id,
  bonusPercent: doc.bonusPercent,
  startsAt: doc.startsAt,
  endsAt: doc.endsAt,
  endedAt: doc.endedAt,
  createdAt: doc.createdAt,
});

/** Is the offer running at `now`: started, not ended early, not past its end. */
export function isRunning(doc: OfferDoc, now: Date): boolean {
  const t = now.getTime();
  return doc.endedAt === null && Date.parse(doc.startsAt) <= t && t < Date.parse(doc.endsAt);
}
