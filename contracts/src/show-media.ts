import { z } from 'zod';
import type { IceConfig } from './api/sessions';

/**
 * A public show's media signalling, on the API's Socket.IO connection only (the browser never
 * talks to the SFU): she publishes her camera, each viewer receives an offer from the SFU and
 * answers it. Every message is authorised by the API (docs/architecture.md#media-path).
 */
const ShowId = z.string().uuid();
const Sdp = z.string().min(1).max(200_000);

export const ShowMediaCandidate = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});
export type ShowMediaCandidate = z.infer<typeof ShowMediaCandidate>;

/** `show:publish`: her offer (camera and microphone, sendonly) */
export const ShowPublishRequest = z.object({ showId: ShowId, offer: z.object({ type: z.literal('offer'), sdp: Sdp }) });
/** `show:watch`: a viewer asks for the SFU's offer */
export const ShowWatchRequest = z.object({ showId: ShowId });
/** `show:answer`: the viewer's answer to the SFU's offer */
export const ShowViewerAnswer = z.object({ showId: ShowId, answer: z.object({ type: z.literal('answer'), sdp: Sdp }) });
/** `show:ice`: a trickled candidate of the sender's connection to the SFU (null: end of candidates) */
export const ShowIceMessage = z.object({ showId: ShowId, candidate: ShowMediaCandidate.nullable() });
export type ShowPublishRequest = z.infer<typeof ShowPublishRequest>;
export type ShowWatchRequest = z.infer<typeof ShowWatchRequest>;
export type ShowViewerAnswer = z.infer<typeof ShowViewerAnswer>;
export type ShowIceMessage = z.infer<typeof ShowIceMessage>;

/**
 * Why a media request was refused: `full` (the room's viewer cap, 'Stanza piena'), `forbidden`
 * (not hers to publish, or banned), `not_live` (no show, ended or paused), `not_publishing` (live
 * but her stream is not up yet: try again shortly), `invalid`, `unavailable` (the SFU is down).
 */
export const showMediaErrors = [
  'full',
  'forbidden',
  'not_live',
  'not_publishing',
  'invalid',
  'unavailable',
  // no age proof yet (issue 39 item 2)
  'age_verification_required',
  // a ticket show runs and this viewer has no ticket (issue 40 item 4)
  'ticket_required',
] as const;
export type ShowMediaError = (typeof showMediaErrors)[number];
export type ShowMediaRefused = { ok: false; error: ShowMediaError };

export type ShowPublishAck = { ok: true; answer: { type: 'answer'; sdp: string } } | ShowMediaRefused;
export type ShowWatchAck = { ok: true; offer: { type: 'offer'; sdp: string } } | ShowMediaRefused;
export type ShowMediaAck = { ok: true } | ShowMediaRefused;
export type ShowIceConfigAck = { ok: true; ice: IceConfig; role: 'publisher' | 'viewer' } | ShowMediaRefused;

/**
 * The SFU's rooms are reached on two channels with the same messages: `show:*` (a public show's
 * room, keyed by the show) and `spy:*` (a private that allows spies, keyed by the session: her
 * camera published, spies with a running watch subscribed; docs/architecture.md#spies).
 */
export const mediaChannels = ['show', 'spy'] as const;
export type MediaChannel = (typeof mediaChannels)[number];

/** `show:media`: this connection's media in a show stopped (show ended or paused, dropped, the SFU down) */
export interface ShowMediaClosed {
  showId: string;
  reason: 'ended' | 'dropped' | 'unavailable' | 'ticket_required';
}
