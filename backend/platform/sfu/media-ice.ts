import { createHmac } from 'node:crypto';
import type { IceConfig } from '@aura/contracts';
import { iceConfigFor, type IceSettings } from '../turn/ice-config';
import type { ShowMediaCaller, ShowMediaRole } from './signalling';

/**
 * The ICE servers of a show's connection to the SFU: TURN credentials of this viewer alone (or of
 * her, publishing), for the configured lifetime (at most 10 minutes); relay-only whenever TURN is
 * configured, as in private sessions. Each (re)connection asks again, so a viewer who rejoins
 * after they expired gets new ones; coturn checks them when an allocation is made and lets a
 * running one live (docs/architecture.md#media-path).
 */
export const showIceConfig =
  (settings: IceSettings, now: () => Date) =>
  (caller: ShowMediaCaller, showId: string, role: ShowMediaRole): IceConfig =>
    iceConfigFor(settings, showTurnIdentity(settings, caller, showId, role), now());

/**
 * One TURN identity per viewer of a show: a signed-in person (whatever tab or device), or a
 * visitor's connection. coturn's per-user quota then counts one person's allocations, and four
 * anonymous tabs no longer use up a name every viewer shares. The name is opaque (an HMAC under
 * the TURN secret): the TURN server's logs never hold an account id.
 */
export function showTurnIdentity(
  settings: Pick<IceSettings, 'TURN_SECRET'>,
  caller: ShowMediaCaller,
  showId: string,
  role: ShowMediaRole,
): string {
  const who = caller.principal ? `${caller.principal.kind}:${caller.principal.sub}` : `socket:${caller.socketId}`;
  const tag = createHmac('sha256', settings.TURN_SECRET ?? 'no-turn-secret')
    .update(`${showId}|${role}|${who}`)
    .digest('base64url')
    .slice(0, 16);
  return `show-${role}-${tag}`;
}
