import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { DomainEvent } from '@aura/contracts';
import { WHIP_SHOW_TITLE } from '@aura/contracts';
import { commandHandler, type Aggregate } from '../../../kernel/handle-command';
import { DomainError } from '../../../platform/domain-error';
import { decideStartShow, type Stage } from '../stage';

/**
 * Her streams from OBS (stream `whip-<performerId>`, docs/architecture.md#media-path): the token her
 * encoder sends as `Authorization: Bearer`, kept as a hash only, and the last show it started.
 */
export interface Whip {
  token: { tokenId: string; tokenHash: string } | null;
  /** the last show her encoder started (it is streaming from OBS while that show is on) */
  lastShowId: string | null;
}

export const whip: Aggregate<Whip> = {
  initialState: () => ({ token: null, lastShowId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'WhipTokenIssued':
        return { ...state, token: { tokenId: event.data.tokenId, tokenHash: event.data.tokenHash } };
      case 'WhipStreamStarted':
        return { ...state, lastShowId: event.data.showId };
      default:
        return state;
    }
  },
};

export const handleWhip = commandHandler(whip);

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/;

/** Her token for `tokenId`: her id (so the API finds her stream) and a MAC only the server's secret makes. */
export function whipToken(secret: string, performerId: string, tokenId: string): string {
  const mac = createHmac('sha256', secret).update(`aura-whip-token:${performerId}:${tokenId}`).digest('base64url');
  return `${performerId}.${mac}`;
}

/** What the log keeps of a token. */
export const whipTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whose token this claims to be (a 401 when it is no token at all). */
export function performerOfToken(token: string | undefined): string {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) throw new DomainError('whip_token_invalid');
  return match[1]!;
}

/** The token is her current one: the one before a renewal, or none issued, is refused. */
export function assertCurrentToken(state: Whip, token: string): void {
  const expected = state.token ? Buffer.from(state.token.tokenHash, 'hex') : Buffer.alloc(32);
  const given = Buffer.from(whipTokenHash(token), 'hex');
  if (!timingSafeEqual(expected, given) || !state.token) throw new DomainError('whip_token_invalid');
}

/** A token for her encoder: the first one (nothing when she has one), or a new one that voids it (`renew`). */
export function decideIssueToken(
  command: { performerId: string; tokenId: string; tokenHash: string; renew: boolean },
  state: Whip,
  now: Date,
): DomainEvent[] {
  if (state.token && !command.renew) return [];
  const { performerId, tokenId, tokenHash } = command;
  return [{ type: 'WhipTokenIssued', data: { performerId, tokenId, tokenHash, issuedAt: now.toISOString() } }];
}

/** The title a show from OBS goes live with: her last show's, else the default one. */
export function whipShowTitle(stage: Stage): string {
  const titles = [...stage.shows.values()].map((show) => show.title);
  return titles.at(-1) ?? WHIP_SHOW_TITLE;
}

/** Her encoder goes live: a show like one from her browser (one at a time: a second is refused), titled as her last. */
export function decideStartWhipShow(
  command: { showId: string; performerId: string },
  stage: Stage,
  now: Date,
): DomainEvent[] {
  return decideStartShow({ ...command, title: whipShowTitle(stage) }, stage, now);
}

/** The show her encoder started is recorded on her WHIP stream. */
export function decideRecordWhipShow(command: { showId: string; performerId: string }, _state: Whip, now: Date) {
  return [{ type: 'WhipStreamStarted', data: { ...command, startedAt: now.toISOString() } }] satisfies DomainEvent[];
}

/** Is the show on her stage now streamed from OBS? (her browser then does not publish into it) */
export const streamsFromObs = (state: Whip, stage: Stage) =>
  state.lastShowId !== null && stage.current?.showId === state.lastShowId;

/**
 * The offer carries video both SFUs forward: an `m=video` section, not disabled (port 0), that
 * offers VP8 (browsers) or H.264 (OBS 30+). An encoder with audio only, or another codec only,
 * is refused before she goes live.
 */
export function assertOffersVideo(sdp: string): void {
  const sections = sdp.split(/\r?\n(?=m=)/).slice(1);
  const video = sections.find(
    (section) => /^m=video [1-9]\d*\s/.test(section) && /^a=rtpmap:\d+ (VP8|H264)\/90000/im.test(section),
  );
  if (!video || /^a=(inactive|recvonly)\s*$/m.test(video)) throw new DomainError('whip_no_video');
}
