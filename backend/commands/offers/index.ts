import type { CommandSide, ModulePorts } from '../../kernel/module';
import { seedDemoOffer } from './demo';
import { offersRouter, type OffersDeps as RouterDeps } from './routes';

/** What the offers' routes read back of the offers read side (entry hands it over). */
export interface OffersDeps {
  offers: { viewAfter: RouterDeps['offerViewAfter'] };
  /** the packages an offer's price floor is checked against */
  packages: { list: RouterDeps['packages'] };
}

/** Limited offers: +N% auracoin on every package while one runs. */
export function offersCommands(ports: ModulePorts, deps: OffersDeps) {
  return {
    name: 'offers',
    routers: [
      offersRouter({
        ...ports,
        now: ports.clock.now,
        offerViewAfter: deps.offers.viewAfter,
        priceFloorEur: ports.config.AURACOIN_PRICE_FLOOR_EUR,
        packages: deps.packages.list,
      }),
    ],
    seedDemo: () => seedDemoOffer(ports.eventStore, ports.clock.now),
  } satisfies CommandSide;
}
