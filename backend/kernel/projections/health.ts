import type { HealthCheck } from '../../platform/http/platform-routes';
import type { ProjectionRunner } from './runner';

/** The in-process projector as a health check: ready once it has caught up with the log it found. */
export function projectorHealth(projector: () => ProjectionRunner | undefined): HealthCheck {
  return async () => {
    const runner = projector();
    const { state, position, target } = runner?.state() ?? { state: 'idle', position: null };
    const at = position === null ? 'no event yet' : `position ${position}`;
    switch (state) {
      case 'live':
        return { adapter: 'in-process', ok: true, detail: `live at ${at}` };
      case 'failed':
        return { adapter: 'in-process', ok: false, detail: `stopped at ${at}: an event could not be applied` };
      case 'catching-up':
        return {
          adapter: 'in-process',
          ok: false,
          starting: true,
          detail: `catching up with the log: ${at}${target === undefined ? '' : ` of ${target}`}`,
        };
      default:
        return {
          adapter: 'in-process',
          ok: false,
          starting: true,
          detail: runner ? 'not running' : 'restoring the read models',
        };
    }
  };
}
