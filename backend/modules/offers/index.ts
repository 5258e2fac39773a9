import { seedDemoOffer } from './demo';
import { notFound } from '../../platform/http/errors';
import type { AuraModule, ModulePorts } from '../../platform/module';
import { settledOn } from '../../platform/projections/wait';
import type { RecordedEvent } from '../../platform/recorded-event';
import { OFFERS, offersProjection, toOfferView } from './projection';
import { createOfferQueries } from './queries';
import { offersQueryRouter } from './query-routes';
import { offersRouter } from './routes';

/** Limited offers: +N% auracoin on every package while one runs. */
export function offersModule(ports: ModulePorts) {
  const offers = createOfferQueries(ports.readModels);
  const settled = settledOn(ports.readModels, OFFERS);
  return {
    name: 'offers',
    projections: [offersProjection],
    routers: [
      offersQueryRouter({ sessions: ports.sessions, offers, now: ports.now }),
      offersRouter({
        ...ports,
        offerViewAfter: async (offerId, position) => {
          await settled(position);
          const doc = await offers.byId(offerId);
          if (!doc) throw notFound('Offerta non trovata');
          return toOfferView(doc);
        },
      }),
    ],
    /** an offer started or ended: every client refetches the running one */
    async pushes(events: RecordedEvent[]) {
      if (events.some((event) => event.type === 'OfferCreated' || event.type === 'OfferEnded')) ports.realtime.toEveryone('readmodel:changed', { model: 'offers' });
    },
    queries: {
      /** the offer running at `now` (the most generous when several overlap), or null */
      async current(at: Date) {
        const doc = await offers.current(at);
        return doc ? { offerId: doc._id, bonusPercent: doc.bonusPercent } : null;
      },
    },
    seedDemo: () => seedDemoOffer(ports.eventStore, ports.now),
  } satisfies AuraModule & Record<string, unknown>;
}
