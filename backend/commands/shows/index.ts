import type { Identity } from '@aura/contracts';
import { rateLimiterOf } from '../../platform/http/rate-limit';
import { showRateLimits } from './rate-limits';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { SHOW_MESSAGES, SHOWS } from '../../projections/shows/projection';
import { createShowQueries } from '../../projections/shows/queries';
import { showMediaRoom } from './media-room';
import { showsRouter } from './routes';
import { roomAccess, showRoomSockets } from './sockets';
import { GOAL_DEADLINE_JOB } from './tips';

export { countTip, expireGoals, GOAL_DEADLINE_JOB } from './tips';
export { pauseForPrivate, resumeAfterPrivate } from './private';

export interface ShowsDeps {
  performers: {
    isApproved(performerId: string): Promise<boolean>;
    nameOf(performerId: string): Promise<string | null>;
  };
  identities: { identityFor(userId: string, aliasId?: string | null): Promise<Identity> };
  users: { balanceAfter(userId: string, position: number | undefined): Promise<number> };
}

const PEAK_TTL_MS = 24 * 60 * 60_000;
const peakKey = (performerId: string) => `shows:peak:${performerId}`;

/** Public shows: going live, the room (chat, moderation, tips, goals), the room's sockets. */
export function showsCommands(ports: ModulePorts, deps: ShowsDeps) {
  const shows = createShowQueries(ports.readModels, {
    viewersOf: ports.presence.viewersOf,
    nameOf: deps.performers.nameOf,
    now: ports.clock.now,
  });
  const settledShows = settledOn(ports.readModels, SHOWS);
  const access = roomAccess({ show: shows.byId, stage: shows.stage });
  const room = showRoomSockets(access, ports.presence);
  const peakViewers = async (performerId: string) =>
    Math.max(Number((await ports.kv.get(peakKey(performerId))) ?? 0), ports.presence.viewersOf(performerId));
  const media = showMediaRoom({
    media: ports.showMedia,
    access,
    show: shows.byId,
    peakViewers,
    eventStore: ports.eventStore,
    iceSettings: ports.config,
    now: ports.clock.now,
    logger: ports.logger,
  });

  // the most viewers a show had at once, and the room's count as it changes
  ports.presence.subscribe({
    viewersChanged(performerId, viewers) {
      void (async () => {
        const stage = await shows.stage(performerId);
        if (!stage?.currentShowId) return;
        ports.realtime.toShow(stage.currentShowId, 'show:viewers', {
          showId: stage.currentShowId,
          viewerCount: viewers,
        });
        const peak = Number((await ports.kv.get(peakKey(performerId))) ?? 0);
        if (viewers > peak) await ports.kv.put(peakKey(performerId), PEAK_TTL_MS, String(viewers));
      })().catch((error: unknown) =>
        ports.logger.warn('shows: viewer count not recorded', {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    },
  });

  return {
    name: 'shows',
    rateLimits: showRateLimits,
    routers: [
      showsRouter({
        eventStore: ports.eventStore,
        sessions: ports.sessions,
        limits: rateLimiterOf(ports, showRateLimits),
        now: ports.clock.now,
        identityFor: deps.identities.identityFor,
        performerApproved: deps.performers.isApproved,
        performerName: deps.performers.nameOf,
        balanceAfter: deps.users.balanceAfter,
        showAfter: async (showId, position) => {
          await settledShows(position);
          return shows.byId(showId);
        },
        view: shows.view,
        message: shows.message,
        roomIdentity: shows.roomIdentity,
        accountOf: shows.accountOf,
        peakViewers,
        startPeak: (performerId) => ports.kv.put(peakKey(performerId), PEAK_TTL_MS, '0'),
        dropFromRoom: (showId, userId) => {
          room.drop(showId, userId);
          void media.dropAccount(showId, userId);
        },
        showStopped: async (showId) => {
          room.closeRoom(showId);
          await media.close(showId);
        },
        deadlines: {
          schedule: (showId, goalId, deadline) =>
            ports.jobs.enqueue(
              GOAL_DEADLINE_JOB,
              { showId },
              {
                jobId: `${GOAL_DEADLINE_JOB}:${goalId}`,
                delayMs: Math.max(0, deadline.getTime() - ports.clock.now().getTime()),
              },
            ),
        },
        settledMessages: settledOn(ports.readModels, SHOW_MESSAGES),
      }),
    ],
    sockets(socket) {
      room.handler(socket);
      media.onConnection(socket);
    },
    // the SFU itself belongs to the process (backend/entry/infrastructure.ts) and closes with it
    stop: async () => media.stop(),
    /** who may enter a show's room, its media included (the media signalling asks this) */
    access,
  } satisfies CommandSide & Record<string, unknown>;
}
