import type { CommandSide, ModulePorts } from '../../platform/module';
import type { AuraSocket } from '../../platform/realtime/realtime';
import { createPresenceTracker } from './tracker';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Socket presence of this api node: who is connected, which performers have a live connection,
 * how many connections look at each performer ('performer:view'). Other modules subscribe to it.
 */
export function presenceCommands(_ports: ModulePorts) {
  const tracker = createPresenceTracker();
  return {
    name: 'presence',
    sockets(socket: AuraSocket) {
      const principal = socket.data.principal;
      tracker.connected(socket.id, principal ? { sub: principal.sub, kind: principal.kind } : undefined);
      socket.on('performer:view', (performerId) => {
        if (performerId === null || (typeof performerId === 'string' && UUID.test(performerId))) tracker.viewing(socket.id, performerId);
      });
      socket.on('disconnect', () => tracker.disconnected(socket.id));
    },
    tracker: {
      subscribe: tracker.subscribe,
      viewersOf: tracker.viewersOf,
      viewersVersion: tracker.viewersVersion,
      onlineUsers: tracker.onlineUsers,
    },
  } satisfies CommandSide & Record<string, unknown>;
}
