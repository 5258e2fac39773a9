import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@aura/contracts';
import { getStoredUserId, subscribeToSession } from './session-storage';

export type AuraSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AuraSocket | undefined;
let connectedAs: string | null = null;

/**
 * The single Socket.IO connection of the app, to the same origin (the dev/preview servers proxy
 * `/socket.io`). The server authenticates it with the session cookie at the handshake, so it is
 * re-opened whenever the signed-in user changes (sign-in, sign-out, another tab): listeners
 * registered on it survive the reconnection.
 */
export function getSocket(): AuraSocket {
  if (socket) return socket;
  socket = io({ path: '/socket.io', withCredentials: true, autoConnect: true });
  connectedAs = getStoredUserId();
  subscribeToSession(() => {
    const current = getStoredUserId();
    if (current !== connectedAs) {
      connectedAs = current;
      reconnectSocket();
    }
  });
  return socket;
}

/** Drop and re-open the connection so the handshake carries the current session cookie. */
export function reconnectSocket(): void {
  const s = getSocket();
  s.disconnect();
  s.connect();
}
