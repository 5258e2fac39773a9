import { describe, expect, it } from '@jest/globals';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { setFromPush } from './push-cache';
import { serverWithSlowFirstRead } from './push-cache.testing';
import { createQueryClient } from './query-client';

const queryKey = ['gallery', 'list'];

describe('a push over a read already on its way (docs/architecture.md#push-over-read)', () => {
  it('given a read on its way, when her new price is pushed and the old read answers, then the price shown is the pushed one', async () => {
    const client = new QueryClient();
    const server = serverWithSlowFirstRead(3);
    const observer = new QueryObserver(client, { queryKey, queryFn: server.queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(client.getQueryState(queryKey)?.fetchStatus).toBe('fetching');

    server.change(4);
    setFromPush<number>(client, queryKey, 4);
    server.releaseFirst();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(client.getQueryData(queryKey)).toBe(4);
    expect(server.reads()).toBe(2);
    unsubscribe();
  });

  it('given no read on its way, when a push lands, then it is applied without reading again', async () => {
    const client = new QueryClient();
    let reads = 0;
    client.setQueryData(queryKey, 3);
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: () => Promise.resolve(++reads),
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => undefined);

    setFromPush<number>(client, queryKey, (current) => (current ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(client.getQueryData(queryKey)).toBe(4);
    expect(reads).toBe(0);
    unsubscribe();
  });

  // her room's count: the page's first read of the show was on its way when the second viewer joined
  it('given a first read on its way, when a push patches what is not read yet and the old read answers, then it is read again and shows the news', async () => {
    const client = createQueryClient();
    const server = serverWithSlowFirstRead({ viewerCount: 1 });
    const observer = new QueryObserver(client, { queryKey, queryFn: server.queryFn });
    const unsubscribe = observer.subscribe(() => undefined);

    server.change({ viewerCount: 2 });
    setFromPush<{ viewerCount: number }>(client, queryKey, (show) => (show ? { ...show, viewerCount: 2 } : show));
    server.releaseFirst();
    await settled(client);

    expect(client.getQueryData(queryKey)).toEqual({ viewerCount: 2 });
    expect(server.reads()).toBe(2);
    unsubscribe();
  });

  it('given a first read on its way, when the page asks to read again (its room joined, a read model changed), then the old answer is read again', async () => {
    const client = createQueryClient();
    const server = serverWithSlowFirstRead(1);
    const observer = new QueryObserver(client, { queryKey, queryFn: server.queryFn });
    const unsubscribe = observer.subscribe(() => undefined);

    server.change(2);
    void client.invalidateQueries({ queryKey: ['gallery'] });
    server.releaseFirst();
    await settled(client);

    expect(client.getQueryData(queryKey)).toBe(2);
    expect(server.reads()).toBe(2);
    unsubscribe();
  });

  it('given no read on its way, when the page asks to read again, then it reads once', async () => {
    const client = createQueryClient();
    let reads = 0;
    const observer = new QueryObserver(client, { queryKey, queryFn: () => Promise.resolve(++reads) });
    const unsubscribe = observer.subscribe(() => undefined);
    await settled(client);

    await client.invalidateQueries({ queryKey });

    expect(client.getQueryData(queryKey)).toBe(2);
    expect(reads).toBe(2);
    unsubscribe();
  });
});

/** waits until no read is on its way, and no read again is queued behind one (a few turns of the loop) */
async function settled(client: QueryClient) {
  for (let quiet = 0; quiet < 3; quiet = client.isFetching() === 0 ? quiet + 1 : 0)
    await new Promise((resolve) => setTimeout(resolve, 1));
}
