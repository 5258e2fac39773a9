import { type Identity, type ShowStatus, type ShowView } from '@aura/contracts';
import { notFound } from '../../platform/http/errors';
import { endShow } from './end';
import { rateLimiterOf } from '../../platform/http/rate-limit';
import { showRateLimits } from './rate-limits';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { showMediaRoom } from './media-room';
import { showsRouter, type OnCamera } from './routes';
import { showThumbnailRouter } from './thumbnail';
import { roomAccess, showRoomSockets } from './sockets';
import { GOAL_DEADLINE_JOB } from './tips';
import { showsFromEncoder } from './whip';
import type { IssueStatementFn } from '../../platform/statement-of-reasons';
import { ticketShowRouter } from './ticket-routes';
import { ticketSales } from './ticket-jobs';
import { inTurnPerKey } from '../../platform/in-turn';

export { countTip, expireGoals, GOAL_DEADLINE_JOB } from './tips';
export { pauseForPrivate, resumeAfterPrivate } from './private';
export { startTicketShow, ticketSales, ticketShowEndReaction, TICKET_SHOW_START_JOB } from './ticket-jobs';

export interface ShowsDeps {
  performers: {
    isApproved(performerId: string): Promise<boolean>;
    nameOf(performerId: string): Promise<string | null>;
  };
  identities: { identityFor(userId: string, aliasId?: string | null): Promise<Identity> };
  users: { balanceAfter(userId: string, position: number | undefined): Promise<number> };
  /** who is on camera with her (the performers module's co-performers, issue 39 item 7) */
  onCamera?: OnCamera;
  /** what the shows read side tells the room's routes and sockets (entry hands it over) */
  shows: {
    /** a show as listed: whose, and live, paused or ended (null: not known yet) */
    show(showId: string): Promise<{ performerId: string; status: ShowStatus } | null>;
    /** the id of the show she is on now, if any */
    currentShowOf(performerId: string): Promise<string | null>;
    /** the show's view with her summary, once the shows read model has applied `position` */
    summaryAfter(showId: string, position: number | undefined): Promise<ShowView>;
    /** the account behind an identity that wrote or tipped in her rooms */
    accountOf(performerId: string, identityId: string): Promise<string | null>;
    /** waits until the room lines' read model has applied `position` */
    settledMessages(position: number | undefined): Promise<void>;
  };
  /** an admin ending her show states its reasons (the moderation module's one path) */
  issueStatement: IssueStatementFn;
}

const PEAK_TTL_MS = 24 * 60 * 60_000;
const peakKey = (performerId: string) => `shows:peak:${performerId}`;

/** Public shows: going live, the room (chat, moderation, tips, goals), the room's sockets. */
export function showsCommands(ports: ModulePorts, deps: ShowsDeps) {
  const { shows } = deps;
  const performerOf = async (showId: string) => (await shows.show(showId))?.performerId ?? null;
  const access = roomAccess({ eventStore: ports.eventStore, performerOf, now: ports.clock.now });
  const room = showRoomSockets(access, ports.presence);
  const peakViewers = async (performerId: string) =>
    Math.max(Number((await ports.kv.get(peakKey(performerId))) ?? 0), ports.presence.viewersOf(performerId));
  const media = showMediaRoom({
    media: ports.showMedia,
    access,
    show: shows.show,
    peakViewers,
    streamsFromObs: (performerId, showId) => encoder.streamsFromObs(performerId, showId),
    eventStore: ports.eventStore,
    iceSettings: ports.config,
    now: ports.clock.now,
    logger: ports.logger,
  });

  // the most viewers a show had at once, and the room's count as it changes, in the order the counts
  // came: two viewers arriving at once must not leave her room at '1' (nor her peak at 1)
  const inTurn = inTurnPerKey();
  ports.presence.subscribe({
    viewersChanged(performerId, viewers) {
      void inTurn(performerId, async () => {
        const currentShowId = await shows.currentShowOf(performerId);
        if (!currentShowId) return;
        ports.realtime.toShow(currentShowId, 'show:viewers', {
          showId: currentShowId,
          viewerCount: viewers,
        });
        const peak = Number((await ports.kv.get(peakKey(performerId))) ?? 0);
        if (viewers > peak) await ports.kv.put(peakKey(performerId), PEAK_TTL_MS, String(viewers));
      }).catch((error: unknown) =>
        ports.logger.warn('shows: viewer count not recorded', {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    },
  });

  const showStopped = async (showId: string) => {
    room.closeRoom(showId);
    await media.close(showId);
  };
  // streaming from OBS (WHIP): the same stage and the same room at the SFU as her browser's show
  const encoder = showsFromEncoder(ports, {
    performerApproved: deps.performers.isApproved,
    peakViewers,
    startPeak: (performerId) => ports.kv.put(peakKey(performerId), PEAK_TTL_MS, '0'),
    publish: (showId, offer) => media.publishFromEncoder(showId, offer),
    showStopped,
  });

  return {
    name: 'shows',
    rateLimits: showRateLimits,
    routers: [
      encoder.router,
      showThumbnailRouter({
        eventStore: ports.eventStore,
        sessions: ports.sessions,
        files: ports.files,
        kv: ports.kv,
        performerOf,
      }),
      showsRouter({
        eventStore: ports.eventStore,
        bannedTerms: ports.config.BANNED_TERMS,
        sessions: ports.sessions,
        limits: rateLimiterOf(ports, showRateLimits),
        now: ports.clock.now,
        identityFor: deps.identities.identityFor,
        performerApproved: deps.performers.isApproved,
        performerName: deps.performers.nameOf,
        balanceAfter: deps.users.balanceAfter,
        performerOf,
        summaryAfter: shows.summaryAfter,
        accountOf: shows.accountOf,
        onCamera: deps.onCamera,
        peakViewers,
        startPeak: (performerId) => ports.kv.put(peakKey(performerId), PEAK_TTL_MS, '0'),
        dropFromRoom: (showId, userId) => {
          room.drop(showId, userId);
          void media.dropAccount(showId, userId);
        },
        showStopped,
        issueStatement: deps.issueStatement,
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
        settledMessages: shows.settledMessages,
      }),
      ticketShowRouter({
        ...ticketSales(ports),
        sessions: ports.sessions,
        bannedTerms: ports.config.BANNED_TERMS,
        performerOf,
        balanceAfter: deps.users.balanceAfter,
      }),
    ],
    sockets(socket) {
      room.handler(socket);
      media.onConnection(socket);
    },
    // the SFU itself belongs to the process (backend/entry/infrastructure.ts) and closes with it
    stop: async () => {
      encoder.stop();
      media.stop();
    },
    /** who may enter a show's room, its media included (the media signalling asks this) */
    access,
    /** what the moderation module does to a show (entry hands it over): an admin's end, as her route's */
    moderation: {
      async endShow(showId: string, metadata: Record<string, unknown>) {
        const performerId = await performerOf(showId);
        if (!performerId) throw notFound();
        const command = { showId, performerId, reason: 'admin', peakViewers: await peakViewers(performerId) } as const;
        // as her route's end: the room closes first, so no tip is accepted after
        await endShow({ eventStore: ports.eventStore, now: ports.clock.now }, command, metadata);
        await showStopped(showId);
      },
    },
  } satisfies CommandSide & Record<string, unknown>;
}
