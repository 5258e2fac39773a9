import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn, viewAfter } from '../../kernel/projections/wait';
import type { RecordedEvent } from '../../platform/recorded-event';
import { OFFERS, offersProjection, toOfferView } from './projection';
import { createOfferQueries } from './queries';
import { offersQueryRouter } from './query-routes';

/** Limited offers as read: the running one, the admin's list. */
export function offersReadSide(ports: ModulePorts) {
  const offers = createOfferQueries(ports.readModels);
  const settled = settledOn(ports.readModels, OFFERS);
  return {
    name: 'offers',
    projections: [offersProjection],
    routers: [offersQueryRouter({ sessions: ports.sessions, offers, now: ports.clock.now })],
    /** an offer started or ended: every client refetches the running one */
    async pushes(events: RecordedEvent[]) {
      if (events.some((event) => event.type === 'OfferCreated' || event.type === 'OfferEnded'))
        ports.realtime.toEveryone('readmodel:changed', { model: 'offers' });
    },
    queries: {
      /** the offer running at `now` (the most generous when several overlap), or null */
      async current(at: Date) {
        const doc = await offers.current(at);
        return doc ? { offerId: doc._id, bonusPercent: doc.bonusPercent } : null;
      },
      /** the offer's view once the offers read model has applied `position` (read-your-writes) */
      viewAfter: viewAfter(settled, offers.byId, toOfferView),
    },
  } satisfies ReadSide & Record<string, unknown>;
}
