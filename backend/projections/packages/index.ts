import type { ModulePorts, ReadSide } from '../../kernel/module';
import { packagesProjection } from './projection';
import { createPackageQueries } from './queries';
import { packagesQueryRouter } from './query-routes';

/** Auracoin packages as read: the public price list and the admin's catalogue. */
export function packagesReadSide(ports: ModulePorts) {
  const packages = createPackageQueries(ports.readModels);
  return {
    name: 'packages',
    projections: [packagesProjection],
    routers: [packagesQueryRouter({ sessions: ports.sessions, packages })],
    queries: { byId: packages.byId },
  } satisfies ReadSide & Record<string, unknown>;
}
