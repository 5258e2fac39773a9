import { createPresenceTracker } from './memory';

const performer = { sub: 'p1', kind: 'performer' as const };
const user = { sub: 'u1', kind: 'user' as const };

describe('presence tracker', () => {
  it('counts distinct accounts once and anonymous connections each', () => {
    const tracker = createPresenceTracker();
    tracker.connected('a', user);
    tracker.connected('b', user);
    tracker.connected('c', undefined);
    tracker.connected('d', undefined);
    expect(tracker.onlineUsers()).toBe(3);
    tracker.disconnected('a');
    expect(tracker.onlineUsers()).toBe(3);
    tracker.disconnected('b');
    expect(tracker.onlineUsers()).toBe(2);
  });

  it('tells when a performer loses her last connection and when she is back', () => {
    const tracker = createPresenceTracker();
    const events: string[] = [];
    tracker.subscribe({
      performerDisconnected: (id) => events.push(`down:${id}`),
      performerConnected: (id) => events.push(`up:${id}`),
    });
    tracker.connected('s1', performer);
    tracker.connected('s2', performer);
    tracker.disconnected('s1');
    expect(events).toEqual(['up:p1']);
    expect(tracker.isConnected('p1')).toBe(true);
    tracker.disconnected('s2');
    expect(events).toEqual(['up:p1', 'down:p1']);
    expect(tracker.isConnected('p1')).toBe(false);
  });

  it('counts viewers per performer from the connections looking at her', () => {
    const tracker = createPresenceTracker();
    const changes: number[] = [];
    tracker.subscribe({ viewersChanged: (_id, count) => changes.push(count) });
    tracker.connected('a', user);
    tracker.connected('b', undefined);
    tracker.viewing('a', 'p1');
    tracker.viewing('b', 'p1');
    tracker.viewing('b', 'p1');
    expect(tracker.viewersOf('p1')).toBe(2);
    tracker.viewing('a', 'p2');
    expect(tracker.viewersOf('p1')).toBe(1);
    expect(tracker.viewersOf('p2')).toBe(1);
    tracker.disconnected('b');
    expect(tracker.viewersOf('p1')).toBe(0);
    expect(changes).toEqual([1, 2, 1, 1, 0]);
  });
});
