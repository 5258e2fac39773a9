import type { CommandSide, ModulePorts } from '../../kernel/module';
import type { AuraSocket } from '../../platform/realtime/realtime';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Socket presence: each connection of this api node, signed in or not, and the performer it looks
 * at ('performer:view'), told to the presence port (`ports.presence`), whose counts other modules read.
 */
export function presenceCommands(ports: ModulePorts) {
  const { presence } = ports;
  return {
    name: 'presence',
    sockets(socket: AuraSocket) {
      const principal = socket.data.principal;
      presence.connected(socket.id, principal ? { sub: principal.sub, kind: principal.kind } : undefined);
      socket.on('performer:view', (performerId) => {
        if (performerId === null || (typeof performerId === 'string' && UUID.test(performerId)))
          presence.viewing(socket.id, performerId);
      });
      socket.on('disconnect', () => presence.disconnected(socket.id));
    },
  } satisfies CommandSide;
}
