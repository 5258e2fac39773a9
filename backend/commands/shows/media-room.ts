import { showStreams, ticketShowStreams, type ShowStatus } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import type { Logger } from '../../platform/logging/logger';
import type { SessionDescription, ShowMedia } from '../../platform/sfu';
import { createShowMediaSignalling, showIceConfig, type ShowMediaAuthorization, type ShowMediaCaller } from './media';
import type { RoomAccess } from './sockets';
import { foldStream } from '../../kernel/handle-command';
import { streamFoldCache } from '../../kernel/stream-fold-cache';
import { DomainError } from '../../platform/domain-error';
import { endShow } from './end';
import { stage } from './stage';
import { mayWatchTicketed, ticketedPartRunning, ticketShow } from './ticket-show';

const mediaRefusal = (error: string) =>
  error === 'show_banned' ? 'forbidden' : error === 'ticket_required' ? 'ticket_required' : 'not_live';

/** how often this api node checks that the rooms it holds at the SFU still belong to a live show */
const RECONCILE_MS = 1_000;

export interface ShowMediaRoomDeps {
  media: ShowMedia;
  access(principal: ShowMediaCaller['principal'], showId: string, options: { forMedia: boolean }): Promise<RoomAccess>;
  /** a show as the shows read model lists it: whose, and its status (null: not known) */
  show(showId: string): Promise<{ performerId: string; status: ShowStatus } | null>;
  peakViewers(performerId: string): Promise<number>;
  /** her show is streamed from OBS (WHIP): her browser does not publish into it */
  streamsFromObs?(performerId: string, showId: string): Promise<boolean>;
  eventStore: EventStore;
  iceSettings: Parameters<typeof showIceConfig>[0];
  now: () => Date;
  logger: Logger;
}

/**
 * The shows' media on this api node (docs/architecture.md#media-path): the signalling with the
 * domain's rule (`roomAccess`: her live show, she publishes; anyone not banned watches; paused or
 * ended, nobody), rooms closed when a show ends or pauses (at once from this node's routes, within a
 * second otherwise), banned viewers dropped, and a show ended cleanly when the SFU dies.
 */
export function showMediaRoom(deps: ShowMediaRoomDeps) {
  /** shows whose room this node opened at the SFU */
  const rooms = new Set<string>();
  /** each room's ticket show, read every second: only what was appended since is read again */
  const ticketShows = streamFoldCache(deps.eventStore, ticketShow);
  const authorize = async (caller: ShowMediaCaller, showId: string): Promise<ShowMediaAuthorization> => {
    const granted = await deps.access(caller.principal, showId, { forMedia: true });
    if (!granted.ok) return { refused: mediaRefusal(granted.error) };
    if (granted.role === 'publisher' && (await deps.streamsFromObs?.(granted.performerId, showId)))
      return { refused: 'forbidden' };
    if (granted.role === 'publisher') rooms.add(showId);
    return granted.role;
  };
  const signalling = createShowMediaSignalling({
    media: deps.media,
    authorize,
    iceConfig: showIceConfig(deps.iceSettings, deps.now),
    logger: deps.logger,
  });

  async function endForMediaFailure(showId: string) {
    rooms.delete(showId);
    ticketShows.forget(ticketShowStreams.ticketShow(showId));
    const doc = await deps.show(showId);
    if (!doc || doc.status === 'ended') return;
    const peakViewers = await deps.peakViewers(doc.performerId);
    const her = foldStream(stage, await deps.eventStore.readStream(showStreams.stage(doc.performerId)));
    if (her.current?.showId !== showId) return;
    await endShow(deps, { showId, performerId: doc.performerId, reason: 'media_failed', peakViewers }).catch(
      (error: unknown) => {
        // ended meanwhile (by her, or another node)
        if (!(error instanceof DomainError && error.code === 'conflict')) throw error;
      },
    );
  }

  const unsubscribe = deps.media.onEvent((event) => {
    const failed =
      event.type === 'down'
        ? [...rooms]
        : event.type === 'room-closed' && event.reason === 'sfu-down'
          ? [event.showId]
          : [];
    for (const showId of failed)
      void endForMediaFailure(showId).catch((error: unknown) =>
        deps.logger.warn('shows: ending a show after the SFU failed', {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
  });

  async function close(showId: string) {
    rooms.delete(showId);
    ticketShows.forget(ticketShowStreams.ticketShow(showId));
    await signalling.endShow(showId).catch(() => undefined);
  }

  /** a running ticketed part: viewers without a ticket leave the SFU ('show:media' ticket_required) */
  async function dropWithoutTicket(showId: string) {
    const tickets = await ticketShows.load(ticketShowStreams.ticketShow(showId));
    if (!ticketedPartRunning(tickets, deps.now())) return;
    await signalling.dropViewers(
      showId,
      (caller) =>
        caller.principal?.kind !== 'admin' && !mayWatchTicketed(tickets, { userId: caller.principal?.sub }, deps.now()),
      'ticket_required',
    );
  }

  const reconcile = setInterval(() => {
    void (async () => {
      for (const showId of [...rooms]) {
        const doc = await deps.show(showId);
        if (!doc || doc.status !== 'live') await close(showId);
        else await dropWithoutTicket(showId);
      }
    })().catch(() => undefined);
  }, RECONCILE_MS);
  reconcile.unref();

  return {
    onConnection: signalling.onConnection,
    /** her encoder (WHIP) publishes into the show's room, as her browser's `show:publish` would */
    async publishFromEncoder(showId: string, offer: SessionDescription) {
      rooms.add(showId);
      await deps.media.openRoom(showId);
      return deps.media.publish(showId, offer);
    },
    /** the show ended or paused: its room closes, every page in it hears it */
    close,
    /** a banned account's viewers leave the SFU */
    dropAccount: (showId: string, userId: string) =>
      signalling.dropViewers(showId, (caller) => caller.principal?.kind === 'user' && caller.principal.sub === userId),
    stop() {
      clearInterval(reconcile);
      unsubscribe();
      signalling.stop();
    },
  };
}
