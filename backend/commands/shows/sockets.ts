import { rooms, showStreams, ticketShowStreams, type ErrorCode } from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import type { Principal } from '../../platform/http/session';
import type { AuraSocket } from '../../platform/realtime/realtime';
import { room } from './room';
import { isBanned, stage } from './stage';
import { mayWatchTicketed, ticketShow } from './ticket-show';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a connection may do in a show's room: publish (her), watch (anyone not banned; signed in: write), or nothing and why. */
export type RoomAccess =
  { ok: true; role: 'publisher' | 'viewer'; canWrite: boolean; performerId: string } | { ok: false; error: ErrorCode };

export interface RoomAccessDeps {
  eventStore: EventStore;
  /** whose show it is, as the shows read model lists it (null: not known) */
  performerOf: (showId: string) => Promise<string | null>;
  /** business time: a ticketed part runs from its start */
  now: () => Date;
}

/**
 * The one rule for entering a show's room (its events and its media): the show must be on; she
 * publishes; a banned account neither watches nor writes; a visitor watches and reads; a paused
 * show has no media (`forMedia`). Decided on the streams that own it: her stage (the show on now,
 * the bans) and the show's room (who is muted).
 */
export function roomAccess(deps: RoomAccessDeps) {
  return async (
    principal: Pick<Principal, 'kind' | 'sub'> | undefined,
    showId: string,
    options: { forMedia?: boolean } = {},
  ): Promise<RoomAccess> => {
    if (typeof showId !== 'string' || !UUID.test(showId)) return { ok: false, error: 'not_found' };
    const performerId = await deps.performerOf(showId);
    if (!performerId) return { ok: false, error: 'not_found' };
    const her = foldStream(stage, await deps.eventStore.readStream(showStreams.stage(performerId)));
    const current = her.current?.showId === showId ? her.current : null;
    if (!current) return { ok: false, error: her.shows.has(showId) ? 'show_ended' : 'not_found' };
    if (options.forMedia && current.status === 'paused') return { ok: false, error: 'show_paused' };
    if (principal?.kind === 'performer' && principal.sub === performerId)
      return { ok: true, role: 'publisher', canWrite: true, performerId };
    if (principal?.kind === 'user' && isBanned(her, { userId: principal.sub, identityId: principal.sub }))
      return { ok: false, error: 'show_banned' };
    // a running ticketed part: her media only to ticket holders (admins watch to moderate)
    if (options.forMedia && principal?.kind !== 'admin') {
      const tickets = foldStream(ticketShow, await deps.eventStore.readStream(ticketShowStreams.ticketShow(showId)));
      const userId = principal?.kind === 'user' ? principal.sub : undefined;
      if (!mayWatchTicketed(tickets, { userId }, deps.now())) return { ok: false, error: 'ticket_required' };
    }
    if (principal?.kind === 'user') {
      const muted = foldStream(room, await deps.eventStore.readStream(showStreams.show(showId))).muted;
      return { ok: true, role: 'viewer', canWrite: !muted.has(principal.sub), performerId };
    }
    return { ok: true, role: 'viewer', canWrite: principal?.kind === 'admin', performerId };
  };
}

/** The rooms' connections on this api node, so a ban drops them at once. */
export function showRoomSockets(
  access: ReturnType<typeof roomAccess>,
  presence: { viewing(socketId: string, performerId: string | null): void },
) {
  const bySocket = new Map<string, { socket: AuraSocket; showId: string }>();

  function leave(socket: AuraSocket, showId: string) {
    if (bySocket.get(socket.id)?.showId !== showId) return;
    bySocket.delete(socket.id);
    void socket.leave(rooms.show(showId));
    presence.viewing(socket.id, null);
  }

  return {
    handler(socket: AuraSocket) {
      const principal = socket.data.principal;
      socket.on('show:join', async (showId, ack) => {
        const answer = typeof ack === 'function' ? ack : () => undefined;
        if (socket.data.ageVerified === false) return answer({ ok: false, error: 'age_verification_required' });
        const granted = await access(principal, showId).catch(() => ({
          ok: false as const,
          error: 'service_unavailable' as const,
        }));
        if (!granted.ok) return answer(granted);
        const before = bySocket.get(socket.id);
        if (before && before.showId !== showId) leave(socket, before.showId);
        bySocket.set(socket.id, { socket, showId });
        await socket.join(rooms.show(showId));
        // her own page is not a viewer
        if (granted.role === 'viewer') presence.viewing(socket.id, granted.performerId);
        answer({ ok: true, role: granted.role, canWrite: granted.canWrite });
      });
      socket.on('show:exit', (showId) => {
        if (typeof showId === 'string') leave(socket, showId);
      });
      socket.on('disconnect', () => bySocket.delete(socket.id));
    },
    /** a banned account's pages on this node leave the room */
    drop(showId: string, userId: string) {
      for (const { socket, showId: joined } of [...bySocket.values()]) {
        if (joined === showId && socket.data.principal?.kind === 'user' && socket.data.principal.sub === userId) {
          leave(socket, showId);
          socket.emit('show:banned', { showId });
        }
      }
    },
    /** every page of an ended show on this node stops counting as a viewer */
    closeRoom(showId: string) {
      for (const { socket, showId: joined } of [...bySocket.values()]) if (joined === showId) leave(socket, showId);
    },
  };
}
