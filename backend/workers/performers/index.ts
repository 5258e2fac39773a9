import type { ModulePorts, WorkerSide } from '../../kernel/module';
import { presenceGraceJob } from './presence-grace';

/** A performer whose last connection dropped goes offline after the grace period. */
export function performersWorkers(ports: ModulePorts) {
  return { name: 'performers', jobs: [presenceGraceJob(ports)] } satisfies WorkerSide;
}
