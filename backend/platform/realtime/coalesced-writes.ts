import type { Redis } from 'ioredis';

/**
 * Socket.IO's Redis streams adapter sends every broadcast as its own XADD, and ioredis writes each
 * command to the socket at once: one system call each, and a projector batch pushes several per
 * paid message (docs/architecture.md#distributed-mode). Corked until the event loop's check phase,
 * the connection sends the commands issued meanwhile in one write; each still gets its own reply,
 * in order, as before.
 */
export function coalesceWrites(redis: Redis): void {
  const patched = new WeakSet<object>();
  const patch = () => {
    const stream = redis.stream;
    if (!stream || patched.has(stream)) return;
    patched.add(stream);
    const write = stream.write;
    let corked = false;
    stream.write = function coalescedWrite(this: typeof stream, ...args: Parameters<typeof write>) {
      if (!corked) {
        corked = true;
        stream.cork();
        setImmediate(() => {
          corked = false;
          stream.uncork();
        });
      }
      return write.apply(this, args);
    } as typeof write;
  };
  // a reconnection opens a new socket
  redis.on('connect', patch);
  patch();
}
