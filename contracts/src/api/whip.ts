import { z } from 'zod';
import { IdParam } from './common';
import { apiPaths } from './paths';
import type { RouteContract } from './route-contract';

/** The longest SDP offer an encoder may send (OBS's is about 5 kB). */
export const WHIP_OFFER_MAX_BYTES = 64 * 1024;
/** The media type of a WHIP offer and answer (RFC 9725). */
export const WHIP_SDP_TYPE = 'application/sdp';

/** The title of a show from OBS when she has had none before (then her last show's). */
export const WHIP_SHOW_TITLE = 'In diretta da OBS';

/** What her dashboard shows for OBS: the WHIP address and her bearer token; `showId`: her show OBS streams now, if any. */
export const WhipSettingsView = z.object({
  url: z.string(),
  token: z.string(),
  showId: z.string().uuid().nullable(),
});

export const whipRoutes = {
  getWhip: {
    ...apiPaths.getWhip,
    summary: 'Her WHIP address and bearer token for OBS (30 or later); a first token is made on the first read',
    tag: 'shows',
    refusals: ['conflict'],
    params: IdParam,
    response: WhipSettingsView,
  },
  renewWhipToken: {
    ...apiPaths.renewWhipToken,
    summary: 'A new WHIP token for her encoder: the one before stops working at once',
    tag: 'shows',
    refusals: ['conflict'],
    params: IdParam,
    status: 201,
    // admins are refused by the policy (her token is hers alone); declared like every route an admin session reaches
    secondFactor: 'fresh',
    response: WhipSettingsView,
  },
  whipPublish: {
    ...apiPaths.whipPublish,
    summary:
      'WHIP (RFC 9725): her encoder sends its SDP offer with a bearer token and goes live; answers the SDP answer, `Location` the stream to DELETE',
    tag: 'shows',
    refusals: ['whip_token_invalid', 'whip_no_video', 'show_already_live', 'show_not_approved', 'conflict'],
    upload: { kind: 'binary', maxBytes: WHIP_OFFER_MAX_BYTES },
    answers: 'file',
    status: 201,
    response: z.string(),
  },
  whipEnd: {
    ...apiPaths.whipEnd,
    summary: 'WHIP: her encoder stops (`DELETE` on the `Location` it was given): the stream and the show end',
    tag: 'shows',
    refusals: ['whip_token_invalid', 'show_ended', 'conflict'],
    params: IdParam,
    response: z.object({ ok: z.literal(true) }),
  },
} as const satisfies Record<string, RouteContract>;
