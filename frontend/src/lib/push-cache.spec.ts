import { describe, expect, it } from '@jest/globals';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { setFromPush } from './push-cache';
import { serverWithSlowFirstRead } from './push-cache.testing';

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
});
