import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn, viewAfter } from '../../kernel/projections/wait';
import { PACKAGES, packagesProjection } from './projection';
import { createPackageQueries } from './queries';
import { packagesQueryRouter } from './query-routes';

/** Auracoin packages as read: the public price list and the admin's catalogue. */
export function packagesReadSide(ports: ModulePorts) {
  const packages = createPackageQueries(ports.readModels);
  const settled = settledOn(ports.readModels, PACKAGES);
  return {
    name: 'packages',
    projections: [packagesProjection],
    routers: [packagesQueryRouter({ sessions: ports.sessions, packages })],
    queries: {
      byId: packages.byId,
      /** every package on sale (an offer's price floor is checked against each) */
      list: () => packages.list(),
      /** waits until the packages read model has applied `position` */
      settled,
      /** the package's view once the packages read model has applied `position` (read-your-writes) */
      viewAfter: viewAfter(settled, packages.byId, (view) => view),
    },
  } satisfies ReadSide & Record<string, unknown>;
}
