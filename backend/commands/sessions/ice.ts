/**
 * What each party's RTCPeerConnection is configured with, and what the server lets through when it
 * forwards signalling. Performers are promised privacy: whenever a TURN server is configured both
 * peers gather relay candidates only (`iceTransportPolicy: 'relay'`) and the server drops anything
 * else it is asked to forward, so neither browser ever learns the other's address. Without TURN
 * (the embedded demo) the browsers connect directly with host candidates.
 */
import type { SessionSignal } from '@aura/contracts';

export {
  iceConfigFor,
  relayOnly,
  turnCredentials,
  turnTtlSeconds,
  TURN_TTL_MARGIN_SECONDS,
  TURN_TTL_MAX_SECONDS,
  type IceSettings,
} from '../../platform/turn/ice-config';

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
    .map((line) =>
      line.replace(/^(c=IN IP[46]) \S+/, (_all, head: string) => `${head} ${head.endsWith('6') ? '::' : '0.0.0.0'}`),
    )
    .map((line) =>
      line.replace(
        /^(a=rtcp:\d+ IN IP[46]) \S+/,
        (_all, head: string) => `${head} ${head.endsWith('6') ? '::' : '0.0.0.0'}`,
      ),
    )
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
    ...(message.description
      ? { description: { type: message.description.type, sdp: relayOnlySdp(message.description.sdp) } }
      : {}),
    ...(message.candidate !== undefined
      ? {
          candidate: message.candidate && {
            ...message.candidate,
            candidate: withoutRelatedAddress(message.candidate.candidate),
          },
        }
      : {}),
  };
}
