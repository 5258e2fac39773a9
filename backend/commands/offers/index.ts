import { notFound } from '../../platform/http/errors';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { OFFERS, toOfferView } from '../../projections/offers/projection';
import { createOfferQueries } from '../../projections/offers/queries';
import { seedDemoOffer } from './demo';
import { offersRouter } from './routes';

/** Limited offers: +N% auracoin on every package while one runs. */
export function offersCommands(ports: ModulePorts) {
  const offers = createOfferQueries(ports.readModels);
  const settled = settledOn(ports.readModels, OFFERS);
  return {
    name: 'offers',
    routers: [
      offersRouter({
        ...ports,
        now: ports.clock.now,
        offerViewAfter: async (offerId, position) => {
          await settled(position);
          const doc = await offers.byId(offerId);
          if (!doc) throw notFound('Offerta non trovata');
          return toOfferView(doc);
        },
      }),
    ],
    seedDemo: () => seedDemoOffer(ports.eventStore, ports.clock.now),
  } satisfies CommandSide;
}
