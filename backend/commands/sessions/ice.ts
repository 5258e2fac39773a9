/**
 * What each party's RTCPeerConnection is configured with, and what the server lets through when it
 * forwards signalling. Performers are promised privacy: whenever a TURN server is configured both
 * peers gather relay candidates only (`iceTransportPolicy: 'relay'`) and the server drops anything
 * else it is asked to forward, so neither browser ever learns the other's address. Without TURN
 * (the embedded demo) the browsers connect directly with host candidates.
 */
import { createHmac } from 'node:crypto';
import type { IceConfig, SessionSignal } from '@aura/contracts';

export interface IceSettings {
  ICE_SERVERS: { urls: string | string[]; username?: string; credential?: string }[];
  TURN_SECRET?: string;
  TURN_CREDENTIAL_TTL_SECONDS: number;
}

const urlsOf = (server: IceSettings['ICE_SERVERS'][number]) => (Array.isArray(server.urls) ? server.urls : [server.urls]);
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
export function turnCredentials(secret: string, identity: string, ttlSeconds: number, now: Date): { username: string; credential: string } {
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
export function iceConfigFor(settings: IceSettings, identity: string, now: Date, runsUntilMs = Number.POSITIVE_INFINITY): IceConfig {
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

const RELAY = /\styp\s+relay(\s|$)/i;

/** A candidate line that may be forwarded: any without TURN, only relay ones with it. */
export function candidateAllowed(candidate: string, relay: boolean): boolean {
  return !relay || RELAY.test(candidate);
}

/** A relay candidate names the sender's own mapped address as its related address: blanked (ICE does not use it). */
export function withoutRelatedAddress(candidate: string): string {
  return candidate.replace(/\sraddr\s+\S+\s+rport\s+\d+/i, ' raddr 0.0.0.0 rport 0');
}

/** An SDP with its non-relay candidates removed and its connection addresses blanked (relay-only sessions). */
export function relayOnlySdp(sdp: string): string {
  const lines = sdp.split(/\r\n|\n/);
  return lines
    .filter((line) => !line.startsWith('a=candidate:') || RELAY.test(line))
    .map(withoutRelatedAddress)
    .map((line) => line.replace(/^(c=IN IP[46]) \S+/, (_all, head: string) => `${head} ${head.endsWith('6') ? '::' : '0.0.0.0'}`))
    .map((line) => line.replace(/^(a=rtcp:\d+ IN IP[46]) \S+/, (_all, head: string) => `${head} ${head.endsWith('6') ? '::' : '0.0.0.0'}`))
    .join('\r\n');
}

/**
 * What is forwarded of a party's signalling message: with TURN, non-relay candidates are dropped
 * (undefined: nothing to forward) and descriptions lose theirs.
 */
export function forwardable(message: SessionSignal, relay: boolean): Omit<SessionSignal, 'sessionId'> | undefined {
  if (!relay) return { description: message.description, candidate: message.candidate };
  if (message.candidate && !candidateAllowed(message.candidate.candidate, true)) return undefined;
  return {
    ...(message.description ? { description: { type: message.description.type, sdp: relayOnlySdp(message.description.sdp) } } : {}),
    ...(message.candidate !== undefined ? { candidate: message.candidate && { ...message.candidate, candidate: withoutRelatedAddress(message.candidate.candidate) } } : {}),
  };
}
