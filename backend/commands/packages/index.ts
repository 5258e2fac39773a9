import { notFound } from '../../platform/http/errors';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { PACKAGES } from '../../projections/packages/projection';
import { createPackageQueries } from '../../projections/packages/queries';
import { seedDemoPackages } from './demo';
import { packagesRouter } from './routes';

/** Auracoin packages: the admin's catalogue. */
export function packagesCommands(ports: ModulePorts) {
  const packages = createPackageQueries(ports.readModels);
  const settled = settledOn(ports.readModels, PACKAGES);
  return {
    name: 'packages',
    routers: [
      packagesRouter({
        ...ports,
        now: ports.clock.now,
        settled,
        packageViewAfter: async (packageId, position) => {
          await settled(position);
          const view = await packages.byId(packageId);
          if (!view) throw notFound('Pacchetto non trovato');
          return view;
        },
      }),
    ],
    seedDemo: () => seedDemoPackages(ports.eventStore, ports.clock.now),
  } satisfies CommandSide;
}
