import type { CommandSide, ModulePorts } from '../../kernel/module';
import { ageVerificationRouter } from './routes';

/**
 * Age verification per browser session, without identity (issue 39 item 1): no events; the proofs
 * live in the key-value store with a time to live (backend/platform/age/proofs.ts).
 */
export function ageVerificationCommands(ports: ModulePorts) {
  const ages = ports.sessions.ages;
  return {
    name: 'age-verification',
    routers: ages ? [ageVerificationRouter({ sessions: ports.sessions, ages })] : [],
  } satisfies CommandSide;
}
