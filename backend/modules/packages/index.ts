import { seedDemoPackages } from './demo';
import { notFound } from '../../platform/http/errors';
import type { AuraModule, ModulePorts } from '../../platform/module';
import { settledOn } from '../../platform/projections/wait';
import { PACKAGES, packagesProjection } from './projection';
import { createPackageQueries } from './queries';
import { packagesQueryRouter } from './query-routes';
import { packagesRouter } from './routes';

/** Auracoin packages: the admin's catalogue and the public price list. */
export function packagesModule(ports: ModulePorts) {
  const packages = createPackageQueries(ports.readModels);
  const settled = settledOn(ports.readModels, PACKAGES);
  return {
    name: 'packages',
    projections: [packagesProjection],
    routers: [
      packagesQueryRouter({ sessions: ports.sessions, packages }),
      packagesRouter({
        ...ports,
        settled,
        packageViewAfter: async (packageId, position) => {
          await settled(position);
          const view = await packages.byId(packageId);
          if (!view) throw notFound('Pacchetto non trovato');
          return view;
        },
      }),
    ],
    queries: { byId: packages.byId },
    seedDemo: () => seedDemoPackages(ports.eventStore, ports.now),
  } satisfies AuraModule & Record<string, unknown>;
}
