import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@aura/contracts';
import { whenIdle } from './idle';
import { getStoredUserId, subscribeToSession } from './session-storage';

export type AuraSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: Promise<AuraSocket> | undefined;
let connectedAs: string | null = null;

/**
 * The single Socket.IO connection of the app, to the same origin (the dev/preview servers proxy
 * `/socket.io`). The client library is loaded on first use, so the first screen does not wait
 * for it. The server authenticates the connection with the session cookie at the handshake, so it
 * is re-opened whenever the signed-in user changes (sign-in, sign-out, another tab): listeners
 * registered on it survive the reconnection.
 */
export function loadSocket(): Promise<AuraSocket> {
  socket ??= import('socket.io-client').then(({ io }) => {
    const opened: AuraSocket = io({ path: '/socket.io', withCredentials: true, autoConnect: true });
    connectedAs = getStoredUserId();
    subscribeToSession(() => {
      const current = getStoredUserId();
      if (current !== connectedAs) {
        connectedAs = current;
        opened.disconnect();
        opened.connect();
      }
    });
    return opened;
  });
  return socket;
}

/**
 * Runs `listen` with the connection (opened once the browser is idle after the first screen, or
 * at once when it is already open) and returns what undoes it: for a hook's effect.
 */
export function withSocket(listen: (socket: AuraSocket) => (() => void) | void): () => void {
  let cancelled = false;
  let undo: (() => void) | void;
  const attach = () =>
    void loadSocket().then((opened) => {
      if (!cancelled) undo = listen(opened);
    });
  const cancelIdle = socket ? (attach(), () => {}) : whenIdle(attach);
  return () => {
    cancelled = true;
    cancelIdle();
    undo?.();
  };
}

/** Drop and re-open the connection so the handshake carries the current session cookie. */
export function reconnectSocket(): void {
  // not opened yet: its first handshake will carry the current cookie
  void socket?.then((opened) => {
    opened.disconnect();
    opened.connect();
  });
}
