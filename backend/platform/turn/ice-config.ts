/**
 * The ICE servers handed to a browser's RTCPeerConnection: TURN credentials (coturn's REST scheme)
 * and the relay-only policy whenever a TURN server is configured. Private sessions and public
 * shows both use them (docs/architecture.md#media-path).
 */
import { createHmac } from 'node:crypto';
import type { IceConfig } from '@aura/contracts';

export interface IceSettings {
  ICE_SERVERS: { urls: string | string[]; username?: string; credential?: string }[];
  TURN_SECRET?: string;
  TURN_CREDENTIAL_TTL_SECONDS: number;
}

const urlsOf = (server: IceSettings['ICE_SERVERS'][number]) =>
  Array.isArray(server.urls) ? server.urls : [server.urls];
const isTurn = (url: string) => /^turns?:/i.test(url);

/** Is a TURN server configured? Then every session is relay-only. */
export function relayOnly(settings: Pick<IceSettings, 'ICE_SERVERS'>): boolean {
  return settings.ICE_SERVERS.some((server) => urlsOf(server).some(isTurn));
}

/**
 * The TURN REST scheme (coturn's `use-auth-secret` / `static-auth-secret`): the username is
 * `<expiry unix seconds>:<identity>`, the credential base64(HMAC-SHA1(secret, username)); coturn
 * recomputes it and refuses it once the expiry has passed.
 */
export function turnCredentials(
  secret: string,
  identity: string,
  ttlSeconds: number,
  now: Date,
): { username: string; credential: string } {
  const username = `${Math.floor(now.getTime() / 1000) + ttlSeconds}:${identity}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** The longest TURN credentials ever live, and what they outlive the session's paid time by. */
export const TURN_TTL_MAX_SECONDS = 600;
export const TURN_TTL_MARGIN_SECONDS = 60;

/**
 * How long a party's TURN credentials live: until the session can no longer run (its paid time
 * ends at `runsUntilMs`) plus a short margin, never longer than the configured lifetime nor 10
 * minutes. The page fetches new ones before they expire while the session runs.
 */
export function turnTtlSeconds(runsUntilMs: number, now: Date, configuredSeconds: number): number {
  const left = Math.max(0, Math.ceil((runsUntilMs - now.getTime()) / 1000));
  return Math.min(left + TURN_TTL_MARGIN_SECONDS, configuredSeconds, TURN_TTL_MAX_SECONDS);
}

/**
 * The ICE servers for one party of one running session: TURN entries without static credentials
 * get credentials that expire when the session's paid time does (plus a margin, at most 10 min).
 */
export function iceConfigFor(
  settings: IceSettings,
  identity: string,
  now: Date,
  runsUntilMs = Number.POSITIVE_INFINITY,
): IceConfig {
  const ttl = turnTtlSeconds(runsUntilMs, now, settings.TURN_CREDENTIAL_TTL_SECONDS);
  let signed = false;
  const iceServers = settings.ICE_SERVERS.map((server) => {
    if (!settings.TURN_SECRET || server.username || !urlsOf(server).some(isTurn)) return server;
    signed = true;
    return { ...server, ...turnCredentials(settings.TURN_SECRET, identity, ttl, now) };
  });
  const expiresAt = signed ? new Date((Math.floor(now.getTime() / 1000) + ttl) * 1000).toISOString() : null;
  return { iceServers, iceTransportPolicy: relayOnly(settings) ? 'relay' : 'all', expiresAt };
}
