import { z } from 'zod';

/** Her streams from OBS (WHIP, RFC 9725): the bearer token she pastes into OBS and the shows it started. */
export const whipStreams = {
  /** her WHIP token (only its hash) and the last show her encoder started */
  whip: (performerId: string) => `whip-${performerId}`,
} as const;

/**
 * A new WHIP token for her encoder, voiding the one before. The log keeps only its SHA-256
 * (`tokenHash`): the token itself is derived from `tokenId` with the server's secret when she reads it.
 */
export const WhipTokenIssued = z.object({
  performerId: z.string().uuid(),
  tokenId: z.string().uuid(),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  issuedAt: z.string(),
});

/** Her encoder went live through WHIP: the show it started (her browser does not publish into it). */
export const WhipStreamStarted = z.object({
  performerId: z.string().uuid(),
  showId: z.string().uuid(),
  startedAt: z.string(),
});

export const whipEvents = { WhipTokenIssued, WhipStreamStarted } as const;
