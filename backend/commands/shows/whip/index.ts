import { showStreams, whipStreams } from '@aura/contracts';
import { foldStream } from '../../../kernel/handle-command';
import type { ModulePorts } from '../../../kernel/module';
import { DomainError } from '../../../platform/domain-error';
import { sessionSecret } from '../../../platform/http/session-secret';
import { endShow } from '../end';
import { stage } from '../stage';
import { whipRouter, type WhipRouteDeps } from './routes';
import { streamsFromObs, whip } from './whip';

export { whipRouter } from './routes';

/**
 * Streaming from OBS in the shows module: the WHIP routes, the rule that her browser does not
 * publish into a show her encoder streams, and the end of that show when her encoder's connection
 * to the SFU fails or closes without a DELETE (nothing else would publish into it again).
 */
export function showsFromEncoder(
  ports: ModulePorts,
  deps: Pick<WhipRouteDeps, 'performerApproved' | 'peakViewers' | 'startPeak' | 'publish' | 'showStopped'>,
) {
  let secret: Promise<string> | undefined;
  /** shows this api node's SFU carries from an encoder, by show: whose */
  const encoderShows = new Map<string, string>();
  const router = whipRouter({
    ...deps,
    async publish(showId, offer, performerId) {
      encoderShows.set(showId, performerId);
      try {
        return await deps.publish(showId, offer, performerId);
      } catch (error) {
        encoderShows.delete(showId);
        throw error;
      }
    },
    eventStore: ports.eventStore,
    sessions: ports.sessions,
    now: ports.clock.now,
    secret: () => (secret ??= sessionSecret(ports.config)),
    publicUrl: ports.config.PUBLIC_URL,
  });

  const fromObs = async (performerId: string, showId: string) => {
    const [her, encoder] = await Promise.all([
      ports.eventStore.readStream(showStreams.stage(performerId)),
      ports.eventStore.readStream(whipStreams.whip(performerId)),
    ]);
    const state = foldStream(whip, encoder);
    return state.lastShowId === showId && streamsFromObs(state, foldStream(stage, her));
  };

  const unsubscribe = ports.showMedia.onEvent((event) => {
    if (event.type === 'room-closed') encoderShows.delete(event.showId);
    if (event.type !== 'publisher-left') return;
    const performerId = encoderShows.get(event.showId);
    if (!performerId) return;
    encoderShows.delete(event.showId);
    void encoderLeft(performerId, event.showId).catch((error: unknown) =>
      ports.logger.warn('shows: ending a show after her encoder left', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  });

  async function encoderLeft(performerId: string, showId: string) {
    if (!(await fromObs(performerId, showId))) return;
    const peakViewers = await deps.peakViewers(performerId);
    await endShow(
      { eventStore: ports.eventStore, now: ports.clock.now },
      { showId, performerId, reason: 'media_failed', peakViewers },
    ).catch((error: unknown) => {
      // ended meanwhile (her DELETE, her panel)
      if (!(error instanceof DomainError)) throw error;
    });
    await deps.showStopped(showId);
  }

  return { router, streamsFromObs: fromObs, stop: unsubscribe };
}
