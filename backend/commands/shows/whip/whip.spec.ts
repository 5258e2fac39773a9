import { WHIP_SHOW_TITLE, type DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../../test/doubles/decider-spec';
import { DomainError } from '../../../platform/domain-error';
import type { Principal } from '../../../platform/http/session';
import { ownsWhip } from '../policy';
import { stage } from '../stage';
import {
  assertCurrentToken,
  assertOffersVideo,
  decideIssueToken,
  decideRecordWhipShow,
  decideStartWhipShow,
  performerOfToken,
  streamsFromObs,
  whip,
  whipToken,
  whipTokenHash,
} from './whip';

const now = new Date('2026-11-20T21:00:00.000Z');
const at = now.toISOString();
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const showId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const otherShowId = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const firstTokenId = '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const secondTokenId = '8b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const SECRET = 'a-server-secret-of-at-least-32-characters';

const tokenOf = (tokenId: string) => whipToken(SECRET, performerId, tokenId);
const issued = (tokenId: string): DomainEvent => ({
  type: 'WhipTokenIssued',
  data: { performerId, tokenId, tokenHash: whipTokenHash(tokenOf(tokenId)), issuedAt: at },
});
const fold = (events: DomainEvent[]) => events.reduce(whip.evolve, whip.initialState());
const foldStage = (events: DomainEvent[]) => events.reduce(stage.evolve, stage.initialState());
const refusal = (act: () => void) => {
  try {
    act();
  } catch (error) {
    return error instanceof DomainError ? error.code : error;
  }
  return undefined;
};

describe('her WHIP token', () => {
  const spec = deciderSpec(whip);
  const command = (tokenId: string, renew: boolean) => ({
    performerId,
    tokenId,
    tokenHash: whipTokenHash(tokenOf(tokenId)),
    renew,
  });

  it('is issued on her first read, and reading again issues nothing', () => {
    spec
      .given([])
      .when((s) => decideIssueToken(command(firstTokenId, false), s, now))
      .then([issued(firstTokenId)]);
    spec
      .given([issued(firstTokenId)])
      .when((s) => decideIssueToken(command(secondTokenId, false), s, now))
      .then([]);
  });

  it('a new one voids the one before', () => {
    spec
      .given([issued(firstTokenId)])
      .when((s) => decideIssueToken(command(secondTokenId, true), s, now))
      .then([issued(secondTokenId)]);
    const state = fold([issued(firstTokenId), issued(secondTokenId)]);
    expect(refusal(() => assertCurrentToken(state, tokenOf(secondTokenId)))).toBeUndefined();
    expect(refusal(() => assertCurrentToken(state, tokenOf(firstTokenId)))).toBe('whip_token_invalid');
  });

  it('the log keeps only its hash; the token is made again from the secret and its id', () => {
    const token = tokenOf(firstTokenId);
    expect(JSON.stringify(issued(firstTokenId))).not.toContain(token.split('.')[1]);
    expect(whipToken(SECRET, performerId, firstTokenId)).toBe(token);
    expect(whipToken(`${SECRET}!`, performerId, firstTokenId)).not.toBe(token);
    expect(token.startsWith(`${performerId}.`)).toBe(true);
  });

  it('refuses a token of another secret, none issued, or what is no token at all', () => {
    const state = fold([issued(firstTokenId)]);
    expect(refusal(() => assertCurrentToken(state, whipToken(`${SECRET}!`, performerId, firstTokenId)))).toBe(
      'whip_token_invalid',
    );
    expect(refusal(() => assertCurrentToken(fold([]), tokenOf(firstTokenId)))).toBe('whip_token_invalid');
    expect(refusal(() => performerOfToken(undefined))).toBe('whip_token_invalid');
    expect(refusal(() => performerOfToken('not-a-token'))).toBe('whip_token_invalid');
    expect(performerOfToken(tokenOf(firstTokenId))).toBe(performerId);
  });

  it('is read and renewed by her alone (not another performer, not an admin)', () => {
    const as = (kind: Principal['kind'], sub: string) => ({ kind, sub }) as Principal;
    expect(() => ownsWhip(as('performer', performerId), performerId)).not.toThrow();
    expect(() => ownsWhip(as('performer', showId), performerId)).toThrow();
    expect(() => ownsWhip(as('admin', performerId), performerId)).toThrow();
    expect(() => ownsWhip(as('user', performerId), performerId)).toThrow();
  });
});

describe('a show from her encoder', () => {
  const spec = deciderSpec(stage);
  const started = (id: string, title: string): DomainEvent => ({
    type: 'ShowStarted',
    data: { showId: id, performerId, title, startedAt: at },
  });
  const ended = (id: string): DomainEvent => ({
    type: 'ShowEnded',
    data: { showId: id, performerId, reason: 'performer', peakViewers: 3, endedAt: at },
  });

  it("goes live with her last show's title, or the default one before her first", () => {
    spec
      .given([started(otherShowId, 'Serata jazz'), ended(otherShowId)])
      .when((s) => decideStartWhipShow({ showId, performerId }, s, now))
      .then([started(showId, 'Serata jazz')]);
    spec
      .given([])
      .when((s) => decideStartWhipShow({ showId, performerId }, s, now))
      .then([started(showId, WHIP_SHOW_TITLE)]);
  });

  it('is refused while a show is on (a second stream, or her browser live)', () => {
    spec
      .given([started(otherShowId, 'Serata jazz')])
      .when((s) => decideStartWhipShow({ showId, performerId }, s, now))
      .thenThrows('show_already_live');
  });

  it('is streamed from OBS while that show is on, and no longer once it ended or another began', () => {
    const recorded = decideRecordWhipShow({ showId, performerId }, whip.initialState(), now);
    expect(recorded).toEqual([{ type: 'WhipStreamStarted', data: { showId, performerId, startedAt: at } }]);
    const encoder = fold(recorded);
    expect(streamsFromObs(encoder, foldStage([started(showId, 'Serata jazz')]))).toBe(true);
    expect(streamsFromObs(encoder, foldStage([started(showId, 'Serata jazz'), ended(showId)]))).toBe(false);
    expect(streamsFromObs(fold([]), foldStage([started(showId, 'Serata jazz')]))).toBe(false);
    expect(streamsFromObs(encoder, foldStage([started(showId, 'x'), ended(showId), started(otherShowId, 'y')]))).toBe(
      false,
    );
  });
});

describe("her encoder's offer", () => {
  const offer = (...sections: string[]) =>
    ['v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0', ...sections].join('\r\n');
  const audio = 'm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\na=sendonly';
  const vp8 = 'm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=rtpmap:96 VP8/90000\r\na=sendonly';

  const h264 = 'm=video 9 UDP/TLS/RTP/SAVPF 102\r\na=rtpmap:102 H264/90000\r\na=sendonly';

  it('carries VP8 video', () => {
    expect(refusal(() => assertOffersVideo(offer(audio, vp8)))).toBeUndefined();
  });

  it('carries H.264 video only, as OBS 30+ sends it', () => {
    expect(refusal(() => assertOffersVideo(offer(audio, h264)))).toBeUndefined();
  });

  it.each([
    ['audio only', offer(audio)],
    ['video disabled (port 0)', offer(audio, vp8.replace('m=video 9', 'm=video 0'))],
    ['video it only receives', offer(vp8.replace('sendonly', 'recvonly'))],
    ['VP9 only', offer('m=video 9 UDP/TLS/RTP/SAVPF 98\r\na=rtpmap:98 VP9/90000\r\na=sendonly')],
    ['H.264 it only receives', offer(h264.replace('sendonly', 'recvonly'))],
    ['no SDP at all', 'hello'],
  ])('is refused with %s', (_what, sdp) => {
    expect(refusal(() => assertOffersVideo(sdp))).toBe('whip_no_video');
  });
});
