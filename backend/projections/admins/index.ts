import type { ModulePorts, ReadSide } from '../../platform/module';
import { adminsProjection } from './projection';
import { createAdminQueries } from './queries';
import { adminsQueryRouter } from './query-routes';

/** The console's admins as read: the admins read model and its list. */
export function adminsReadSide(ports: ModulePorts) {
  const admins = createAdminQueries(ports.readModels);
  return {
    name: 'admins',
    projections: [adminsProjection],
    routers: [adminsQueryRouter({ sessions: ports.sessions, admins })],
  } satisfies ReadSide;
}
