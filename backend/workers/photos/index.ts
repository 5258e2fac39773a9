import type { ModulePorts, WorkerSide } from '../../kernel/module';
import { photoEarningsReaction } from './reactions';

/** Every photo sold credits the performer's share, exactly once. */
export function photosWorkers(ports: ModulePorts) {
  return { name: 'photos', reactions: [photoEarningsReaction(ports.eventStore)] } satisfies WorkerSide;
}
