/**
 * A public show's media signalling on the API's Socket.IO connection (docs/architecture.md#media-path).
 * The browser never talks to the SFU: every request is authorised here by the domain's `authorize`
 * (her show: she publishes; anyone not banned from it watches), and the SFU is driven through the
 * `ShowMedia` port. A viewer is dropped at the SFU when its socket leaves or disconnects, or when the
 * domain drops it (a ban); the room's end reaches every socket in it as `show:media`.
 */
import {
  ShowIceMessage,
  ShowPublishRequest,
  ShowViewerAnswer,
  ShowWatchRequest,
  type IceConfig,
  type MediaChannel,
  type ShowMediaClosed,
  type ShowMediaError,
  type ShowMediaRefused,
} from '@aura/contracts';
import type { Principal } from '../http/session';
import type { Logger } from '../logging/logger';
import type { AuraSocket } from '../realtime/realtime';
import { PUBLISHER, ShowMediaError as PortError, type ShowMedia, type ShowMediaEvent, type WatchRefusal } from './port';
import { inTurnPerKey } from '../in-turn';

export type ShowMediaRole = 'publisher' | 'viewer';
/** The connection asking: its socket and, when signed in, its principal (visitors have none). */
export interface ShowMediaCaller {
  socketId: string;
  principal?: Principal;
}
/** What the domain answers for a caller and a show: the role it may take, or why not. */
export type ShowMediaAuthorization = ShowMediaRole | { refused: 'forbidden' | 'not_live' | 'ticket_required' };

export interface ShowMediaSignallingDeps {
  media: ShowMedia;
  authorize(caller: ShowMediaCaller, showId: string): Promise<ShowMediaAuthorization>;
  /** the ICE servers for this caller and show (TURN credentials, relay-only when TURN is configured) */
  iceConfig(caller: ShowMediaCaller, showId: string, role: ShowMediaRole): IceConfig;
  logger: Logger;
  /** the messages' channel: `show` (a public show, the default) or `spy` (a private's spy room) */
  channel?: MediaChannel;
}

interface Joined {
  role: ShowMediaRole;
  caller: ShowMediaCaller;
}

const refused = (error: ShowMediaError): ShowMediaRefused => ({ ok: false, error });
const watchRefusal: Record<WatchRefusal, ShowMediaError> = {
  full: 'full',
  no_room: 'not_live',
  not_publishing: 'not_publishing',
};
const callerOf = (socket: AuraSocket): ShowMediaCaller => ({
  socketId: socket.id,
  ...(socket.data.principal && { principal: socket.data.principal }),
});
const reply = <A>(ack: unknown, answer: A) =>
  typeof ack === 'function' ? (ack as (answer: A) => void)(answer) : undefined;

export function createShowMediaSignalling(deps: ShowMediaSignallingDeps) {
  const { media, logger } = deps;
  const channel = deps.channel ?? 'show';
  /** socket id → its socket and the shows it publishes or watches */
  const sockets = new Map<string, { socket: AuraSocket; shows: Map<string, Joined> }>();
  const inTurn = inTurnPerKey();
  /** one queue per socket and show: an answer is applied before the candidates that follow it */
  const serially = <T>(socketId: string, showId: string, work: () => Promise<T>): Promise<T> =>
    inTurn(`${socketId}:${showId}`, work);

  const joinedOf = (socketId: string, showId: string) => sockets.get(socketId)?.shows.get(showId);

  function remember(socket: AuraSocket, showId: string, joined: Joined) {
    const entry = sockets.get(socket.id) ?? { socket, shows: new Map<string, Joined>() };
    entry.shows.set(showId, joined);
    sockets.set(socket.id, entry);
  }

  function forget(socketId: string, showId: string) {
    const entry = sockets.get(socketId);
    const joined = entry?.shows.get(showId);
    entry?.shows.delete(showId);
    if (entry && entry.shows.size === 0) sockets.delete(socketId);
    return joined;
  }

  /** leaves the SFU: a viewer is dropped, her stream stops (the room stays: the domain ends the show) */
  async function leave(socketId: string, showId: string) {
    const joined = forget(socketId, showId);
    if (!joined) return;
    if (joined.role === 'viewer') await media.dropViewer(showId, socketId);
    else await media.unpublish(showId);
  }

  /** tells the sockets of a show (or one of them) that their media stopped, and forgets them */
  function closeFor(
    showId: string,
    reason: ShowMediaClosed['reason'],
    only?: (socketId: string, joined: Joined) => boolean,
  ) {
    for (const [socketId, entry] of [...sockets]) {
      const joined = entry.shows.get(showId);
      if (!joined || (only && !only(socketId, joined))) continue;
      forget(socketId, showId);
      entry.socket.emit(`${channel}:media`, { showId, reason });
    }
  }

  const onMediaEvent = (event: ShowMediaEvent) => {
    if (event.type === 'room-closed') closeFor(event.showId, event.reason === 'closed' ? 'ended' : 'unavailable');
    else if (event.type === 'viewer-left')
      closeFor(event.showId, 'dropped', (socketId, joined) => joined.role === 'viewer' && socketId === event.viewerId);
    else if (event.type === 'publisher-left')
      closeFor(event.showId, 'dropped', (_socketId, joined) => joined.role === 'publisher');
    else
      for (const showId of new Set([...sockets.values()].flatMap((entry) => [...entry.shows.keys()])))
        closeFor(showId, 'unavailable');
  };
  const unsubscribe = media.onEvent(onMediaEvent);

  const failure = (what: string) => (error: unknown) => {
    if (!(error instanceof PortError) || error.code === 'unavailable')
      logger.warn(`${channel} media: ${what} failed`, {
        error: error instanceof Error ? error.message : String(error),
      });
    if (error instanceof PortError)
      return refused(error.code === 'unavailable' ? 'unavailable' : error.code === 'no_room' ? 'not_live' : 'invalid');
    return refused('unavailable');
  };

  async function roleOf(socket: AuraSocket, showId: string) {
    if (socket.data.ageVerified === false) return { refusal: refused('age_verification_required') };
    const answer = await deps.authorize(callerOf(socket), showId);
    return typeof answer === 'string' ? { role: answer } : { refusal: refused(answer.refused) };
  }

  return {
    onConnection(socket: AuraSocket) {
      socket.on(`${channel}:ice-config`, (raw, ack) => {
        const parsed = ShowWatchRequest.safeParse(raw);
        if (!parsed.success) return reply(ack, refused('invalid'));
        const { showId } = parsed.data;
        void roleOf(socket, showId)
          .then((answer) =>
            answer.role
              ? { ok: true as const, role: answer.role, ice: deps.iceConfig(callerOf(socket), showId, answer.role) }
              : answer.refusal,
          )
          .catch(failure('ice-config'))
          .then((answer) => reply(ack, answer));
      });

      socket.on(`${channel}:publish`, (raw, ack) => {
        const parsed = ShowPublishRequest.safeParse(raw);
        if (!parsed.success) return reply(ack, refused('invalid'));
        const { showId, offer } = parsed.data;
        void serially(socket.id, showId, async () => {
          const { role, refusal } = await roleOf(socket, showId);
          if (refusal) return refusal;
          if (role !== 'publisher') return refused('forbidden');
          // another connection of hers publishing (a second tab, a reload) is replaced
          closeFor(showId, 'dropped', (socketId, joined) => joined.role === 'publisher' && socketId !== socket.id);
          await media.openRoom(showId);
          const answer = await media.publish(showId, offer);
          remember(socket, showId, { role: 'publisher', caller: callerOf(socket) });
          return { ok: true as const, answer: { type: 'answer' as const, sdp: answer.sdp } };
        })
          .catch(failure('publish'))
          .then((answer) => reply(ack, answer));
      });

      socket.on(`${channel}:watch`, (raw, ack) => {
        const parsed = ShowWatchRequest.safeParse(raw);
        if (!parsed.success) return reply(ack, refused('invalid'));
        const { showId } = parsed.data;
        void serially(socket.id, showId, async () => {
          const { refusal } = await roleOf(socket, showId);
          if (refusal) return refusal;
          if (joinedOf(socket.id, showId)?.role === 'publisher') return refused('forbidden');
          const joined = await media.watch(showId, socket.id);
          if (!joined.ok) return refused(watchRefusal[joined.reason]);
          remember(socket, showId, { role: 'viewer', caller: callerOf(socket) });
          return { ok: true as const, offer: { type: 'offer' as const, sdp: joined.offer.sdp } };
        })
          .catch(failure('watch'))
          .then((answer) => reply(ack, answer));
      });

      socket.on(`${channel}:answer`, (raw, ack) => {
        const parsed = ShowViewerAnswer.safeParse(raw);
        if (!parsed.success) return reply(ack, refused('invalid'));
        const { showId, answer } = parsed.data;
        if (joinedOf(socket.id, showId)?.role !== 'viewer') return reply(ack, refused('forbidden'));
        void serially(socket.id, showId, async () => {
          await media.answer(showId, socket.id, answer);
          return { ok: true as const };
        })
          .catch(failure('answer'))
          .then((answer) => reply(ack, answer));
      });

      socket.on(`${channel}:ice`, (raw, ack) => {
        const parsed = ShowIceMessage.safeParse(raw);
        if (!parsed.success) return reply(ack, refused('invalid'));
        const { showId, candidate } = parsed.data;
        // queued behind her show:publish: a browser trickles its candidates before the answer comes back
        void serially(socket.id, showId, async () => {
          const joined = joinedOf(socket.id, showId);
          if (!joined) return refused('forbidden');
          await media.addIceCandidate(showId, joined.role === 'publisher' ? PUBLISHER : socket.id, candidate);
          return { ok: true as const };
        })
          .catch(failure('ice'))
          .then((answer) => reply(ack, answer));
      });

      socket.on(`${channel}:leave`, (raw, ack) => {
        const parsed = ShowWatchRequest.safeParse(raw);
        if (!parsed.success) return reply(ack, refused('invalid'));
        void serially(socket.id, parsed.data.showId, () => leave(socket.id, parsed.data.showId))
          .then(() => ({ ok: true as const }))
          .catch(failure('leave'))
          .then((answer) => reply(ack, answer));
      });

      socket.on('disconnect', () => {
        for (const showId of [...(sockets.get(socket.id)?.shows.keys() ?? [])])
          void serially(socket.id, showId, () => leave(socket.id, showId)).catch(failure('leave'));
      });
    },

    /**
     * Drops the viewers of a show the predicate picks (a ban: the domain knows which identities a
     * principal may act as), at the SFU, and tells their sockets ('dropped'). Answers how many.
     */
    async dropViewers(
      showId: string,
      which: (caller: ShowMediaCaller) => boolean,
      reason: ShowMediaClosed['reason'] = 'dropped',
    ): Promise<number> {
      const picked = [...sockets].filter(([, entry]) => {
        const joined = entry.shows.get(showId);
        return joined?.role === 'viewer' && which(joined.caller);
      });
      closeFor(showId, reason, (socketId) => picked.some(([id]) => id === socketId));
      await Promise.all(picked.map(([socketId]) => media.dropViewer(showId, socketId)));
      return picked.length;
    },

    /** the show ended or paused: closes its room at the SFU; every socket in it receives `show:media` 'ended' */
    endShow: (showId: string) => media.closeRoom(showId),

    /** sockets of this node publishing or watching a show */
    connectedCount: (showId: string) => [...sockets.values()].filter((entry) => entry.shows.has(showId)).length,

    stop() {
      unsubscribe();
    },
  };
}

export type ShowMediaSignalling = ReturnType<typeof createShowMediaSignalling>;
