import type { CommandSide, ModulePorts } from '../../kernel/module';
import type { AuraSocket } from '../../platform/realtime/realtime';
import { sharePresence } from './shared';
import { createPresenceTracker } from './tracker';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Socket presence: who is connected, which performers have a live connection, how many connections
 * look at each performer ('performer:view'). Other modules subscribe to it. Alone, this node's own
 * sockets; with Redis, the sums over every api node (shared.ts), `writes` when this node is an api.
 */
export function presenceCommands(ports: ModulePorts, options: { writes: boolean } = { writes: true }) {
  const tracker = createPresenceTracker();
  const redisUrl = ports.config.REDIS_URL;
  const shared = redisUrl
    ? sharePresence(tracker, {
        redisUrl,
        ttlMs: ports.config.PRESENCE_TTL_MS,
        writes: options.writes,
        logger: ports.logger,
      })
    : undefined;
  const feed = shared ?? tracker;
  return {
    name: 'presence',
    sockets(socket: AuraSocket) {
      const principal = socket.data.principal;
      tracker.connected(socket.id, principal ? { sub: principal.sub, kind: principal.kind } : undefined);
      socket.on('performer:view', (performerId) => {
        if (performerId === null || (typeof performerId === 'string' && UUID.test(performerId)))
          tracker.viewing(socket.id, performerId);
      });
      socket.on('disconnect', () => tracker.disconnected(socket.id));
    },
    tracker: {
      subscribe: feed.subscribe,
      /** this connection looks at a performer (a public show's viewer, counted by the shows module once it let it in) */
      viewing: tracker.viewing,
      viewersOf: feed.viewersOf,
      viewersVersion: feed.viewersVersion,
      onlineUsers: feed.onlineUsers,
    },
    async stop() {
      await shared?.close();
    },
  } satisfies CommandSide & Record<string, unknown>;
}
