import type { Config } from '../config/config';
import { createJanusSfu } from './janus';
import { showMediaEvents, type ShowMedia } from './port';
import { pinnedTo } from './pinned';

export * from './port';

/** The shows' SFU this configuration names (docs/architecture.md#media-path). */
export function openShowMedia(
  config: Pick<Config, 'SFU' | 'SHOW_MAX_VIEWERS' | 'JANUS_URL' | 'JANUS_API_SECRET' | 'SFU_ICE_ADDRESS'> &
    Partial<Pick<Config, 'SFU_PUBLISHER_SILENCE_MS'>>,
): ShowMedia {
  if (config.SFU === 'janus') {
    const url = config.JANUS_URL;
    if (!url) throw new Error('SFU=janus needs JANUS_URL');
    return reconnecting(
      () => createJanusSfu({ url, apiSecret: config.JANUS_API_SECRET, maxViewers: config.SHOW_MAX_VIEWERS }),
      'janus',
    );
  }
  // werift is loaded with the first show's room: a process that hosts none does not hold it
  // (docs/architecture.md#the-heap-of-a-server-process)
  const options = {
    maxViewers: config.SHOW_MAX_VIEWERS,
    publisherSilenceMs: config.SFU_PUBLISHER_SILENCE_MS,
    ...(config.SFU_ICE_ADDRESS && { peerConfig: pinnedTo(config.SFU_ICE_ADDRESS) }),
  };
  return reconnecting(async () => (await import('./embedded')).createEmbeddedSfu(options), 'embedded');
}

/**
 * An adapter that connects on first use and again on the first call after it went down (Janus
 * restarted): the shows end on 'down', and she can go live again once Janus is back.
 */
export function reconnecting(connect: () => Promise<ShowMedia>, adapter: ShowMedia['adapter']): ShowMedia {
  const events = showMediaEvents();
  let current: Promise<ShowMedia> | undefined;
  let connected: ShowMedia | undefined;
  let closed = false;
  const media = () => {
    if (closed) return Promise.reject(new Error('the show media adapter is closed'));
    current ??= connect().then(
      (inner) => {
        connected = inner;
        inner.onEvent((event) => {
          if (event.type === 'down') {
            connected = undefined;
            current = undefined;
          }
          events.emit(event);
        });
        return inner;
      },
      (error: unknown) => {
        current = undefined;
        throw error;
      },
    );
    return current;
  };
  return {
    adapter,
    openRoom: async (showId, options) => (await media()).openRoom(showId, options),
    publish: async (showId, offer) => (await media()).publish(showId, offer),
    watch: async (showId, viewerId) => (await media()).watch(showId, viewerId),
    answer: async (showId, viewerId, answer) => (await media()).answer(showId, viewerId, answer),
    addIceCandidate: async (showId, peerId, candidate) => (await media()).addIceCandidate(showId, peerId, candidate),
    unpublish: async (showId) => (await media()).unpublish(showId),
    dropViewer: async (showId, viewerId) => (await media()).dropViewer(showId, viewerId),
    closeRoom: async (showId) => (await media()).closeRoom(showId),
    viewerCount: (showId) => connected?.viewerCount(showId) ?? 0,
    hasRoom: (showId) => connected?.hasRoom(showId) ?? false,
    onEvent: (listener) => events.on(listener),
    async close() {
      closed = true;
      const inner = await current?.catch(() => undefined);
      await inner?.close();
    },
  };
}
