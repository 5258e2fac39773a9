/**
 * The api server's drain (SIGTERM's first step, docs/architecture.md#operations): the requests in
 * flight finish, and a connection nothing will finish (here one whose request never completes its
 * headers) is cut after a short grace, so the server's close does not wait for it.
 */
import { connect, type Socket } from 'node:net';
import { deferredHttpServer, listen } from './app';

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

/** `promise`, or a failure naming `what` when it has not settled after `ms` */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_resolve, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function openConnection(port: number, text: string): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(text);
  return socket;
}

describe('deferredHttpServer drain', () => {
  it('lets a request in flight finish, then cuts a connection left open, so the server closes', async () => {
    const api = deferredHttpServer();
    api.serve((_request, response) => setTimeout(() => response.end('fatto'), 200));
    const port = await listen(api.server, 0, '127.0.0.1');
    const slow = fetch(`http://127.0.0.1:${port}/lento`).then(async (response) => ({
      status: response.status,
      text: await response.text(),
      connection: response.headers.get('connection'),
    }));
    const stuck = await openConnection(port, 'GET /a-meta HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const serverClosed = new Promise<void>((resolve) => api.server.once('close', () => resolve()));

    const { cut } = await api.drain(5_000);

    expect(await slow).toEqual({ status: 200, text: 'fatto', connection: 'close' });
    expect(cut).toBe(1);
    // cut at once, not after its headers' own timeout (60 s)
    await within(closed(stuck), 1_000, 'the unfinished connection closed');
    await within(serverClosed, 1_000, 'the server closed');
  });

  it('cuts nothing when every connection ends by itself', async () => {
    const api = deferredHttpServer();
    api.serve((_request, response) => response.end('ok'));
    const port = await listen(api.server, 0, '127.0.0.1');
    // a keep-alive connection, idle after its answer: closed by the drain, not cut
    const idle = await openConnection(port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await new Promise<void>((resolve) => idle.once('data', () => resolve()));

    expect(await api.drain(5_000)).toEqual({ cut: 0 });
    await within(closed(idle), 1_000, 'the idle connection closed');
  });
});
