import type { IceConfig } from '@aura/contracts';
import { iceConfigFor, type IceSettings } from '../../../platform/turn/ice-config';
import type { ShowMediaCaller, ShowMediaRole } from './signalling';

/**
 * The ICE servers of a show's connection to the SFU: TURN credentials named by the show and the
 * role, never the account, for the configured lifetime (at most 10 minutes); relay-only whenever
 * TURN is configured, as in private sessions.
 */
export const showIceConfig =
  (settings: IceSettings, now: () => Date) =>
  (_caller: ShowMediaCaller, showId: string, role: ShowMediaRole): IceConfig =>
    iceConfigFor(settings, `show-${showId}-${role}`, now());
