import { describe, expect, it } from '@jest/globals';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { ShowGoalView, ShowView } from '@aura/contracts';
import { queryKeys } from '../../../lib/query-keys';
import { serverWithSlowFirstRead } from '../../../lib/push-cache.testing';
import { showCache } from './shows';

const showId = 'show-1';
const show = (progress: number) =>
  ({ id: showId, status: 'live', viewerCount: 3, goal: goal(progress) }) as unknown as ShowView;
const goal = (progress: number): ShowGoalView =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    description: 'Balla una canzone',
    target: 20,
    progress,
    deadline: null,
  }) as ShowGoalView;

describe("a show's pushes over a read of the show already on its way (docs/architecture.md#push-over-read)", () => {
  it('given a read of the show on its way, when a tip moves the goal and the old read answers, then the goal shown is the pushed one', async () => {
    const client = new QueryClient();
    const server = serverWithSlowFirstRead(show(0));
    const observer = new QueryObserver(client, { queryKey: queryKeys.shows.detail(showId), queryFn: server.queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    client.setQueryData(queryKeys.shows.detail(showId), show(0));

    server.change(show(10));
    showCache.goal(client, showId, goal(10));
    server.releaseFirst();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(client.getQueryData<ShowView>(queryKeys.shows.detail(showId))?.goal?.progress).toBe(10);
    expect(server.reads()).toBe(2);
    unsubscribe();
  });
});

describe("the room's viewer count", () => {
  it("given her live summary at a peak of 0, when the room hears its first viewer, then 'Picco spettatori' is 1 and never goes down", () => {
    const client = new QueryClient();
    const summary = {
      durationSeconds: 0,
      peakViewers: 0,
      tipsCount: 0,
      tipsAmount: 0,
      earningsCents: 0,
      goalsReached: 0,
    };
    client.setQueryData(queryKeys.shows.detail(showId), { ...show(0), viewerCount: 0, summary } as ShowView);
    showCache.viewers(client, showId, 1);
    expect(client.getQueryData<ShowView>(queryKeys.shows.detail(showId))).toMatchObject({
      viewerCount: 1,
      summary: { peakViewers: 1 },
    });
    showCache.viewers(client, showId, 0);
    expect(client.getQueryData<ShowView>(queryKeys.shows.detail(showId))).toMatchObject({
      viewerCount: 0,
      summary: { peakViewers: 1 },
    });
  });
});

describe('a room line pushed twice to her page (to the room, then with its writer to her: issue 39 item 8)', () => {
  const line = {
    id: '00000000-0000-4000-8000-000000000002',
    showId,
    displayName: 'bob',
    senderType: 'user' as const,
    content: 'Ciao',
    postedAt: '2026-11-20T10:00:00.000Z',
  };
  const writer = '00000000-0000-4000-8000-000000000003';
  it.each([
    ['the room’s first', [line, { ...line, identityId: writer }]],
    ['hers first', [{ ...line, identityId: writer }, line]],
  ])('given %s, then one line that keeps who wrote it (her mute and ban buttons)', (_order, pushes) => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.shows.messages(showId), []);
    for (const pushed of pushes) showCache.message(client, showId, pushed);
    expect(client.getQueryData(queryKeys.shows.messages(showId))).toEqual([{ ...line, identityId: writer }]);
  });
});
