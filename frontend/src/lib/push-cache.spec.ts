import { describe, expect, it } from '@jest/globals';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { setFromPush } from './push-cache';

const queryKey = ['gallery', 'list'];

/** A server whose price changes while a read is on its way: the first read answers with the old one. */
function serverWithSlowFirstRead() {
  let price = 3;
  let reads = 0;
  let releaseFirst: () => void = () => undefined;
  const queryFn = () => {
    reads += 1;
    const answer = price;
    if (reads > 1) return Promise.resolve(answer);
    return new Promise<number>((resolve) => (releaseFirst = () => resolve(answer)));
  };
  return { queryFn, reprice: (next: number) => (price = next), releaseFirst: () => releaseFirst(), reads: () => reads };
}

describe('a push over a read already on its way (docs/architecture.md#push-over-read)', () => {
  it('given a read on its way, when her new price is pushed and the old read answers, then the price shown is the pushed one', async () => {
    const client = new QueryClient();
    const server = serverWithSlowFirstRead();
    const observer = new QueryObserver(client, { queryKey, queryFn: server.queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(client.getQueryState(queryKey)?.fetchStatus).toBe('fetching');

    server.reprice(4);
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
    const observer = new QueryObserver(client, { queryKey, queryFn: () => Promise.resolve(++reads), staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);

    setFromPush<number>(client, queryKey, (current) => (current ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(client.getQueryData(queryKey)).toBe(4);
    expect(reads).toBe(0);
    unsubscribe();
  });
});
