import type { CommandSide, ModulePorts } from '../../kernel/module';
import { seedDemoPackages } from './demo';
import { packagesRouter, type PackagesDeps as RouterDeps } from './routes';

/** What the catalogue's routes read back of the packages read side (entry hands it over). */
export interface PackagesDeps {
  packages: { viewAfter: RouterDeps['packageViewAfter']; settled: RouterDeps['settled'] };
  /** the running offer a package's price floor is checked against */
  offers: { current: RouterDeps['currentOffer'] };
}

/** Auracoin packages: the admin's catalogue. */
export function packagesCommands(ports: ModulePorts, deps: PackagesDeps) {
  return {
    name: 'packages',
    routers: [
      packagesRouter({
        ...ports,
        now: ports.clock.now,
        settled: deps.packages.settled,
        packageViewAfter: deps.packages.viewAfter,
        priceFloorEur: ports.config.AURACOIN_PRICE_FLOOR_EUR,
        currentOffer: deps.offers.current,
      }),
    ],
    seedDemo: () => seedDemoPackages(ports.eventStore, ports.clock.now),
  } satisfies CommandSide;
}
