import type { ModulePorts, WorkerSide } from '../../kernel/module';
import { messageEarningsReaction } from './reactions';

/** Every paid message credits the performer's share, exactly once. */
export function chatWorkers(ports: ModulePorts) {
  return { name: 'chat', reactions: [messageEarningsReaction(ports.eventStore)] } satisfies WorkerSide;
}
