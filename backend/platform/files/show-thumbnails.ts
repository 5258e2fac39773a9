/**
 * A live show's latest thumbnail: a public file whose id the key-value store keeps under the show
 * for a minute (she sends one every 15 s; a show she stopped sending for loses it). Written by the
 * shows' command side, read by its read side (docs/architecture.md#shows).
 */
export const showThumbnailKey = (showId: string) => `shows:thumbnail:${showId}`;
export const SHOW_THUMBNAIL_TTL_MS = 60_000;
