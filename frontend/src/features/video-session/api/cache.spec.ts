import { describe, expect, it } from '@jest/globals';
import type { SessionView } from '@aura/contracts';
import { withSession } from './cache';

const view = (id: string, status: SessionView['status'], requestedAt: string, minutesBilled = 0) =>
  ({ id, status, requestedAt, minutesBilled }) as SessionView;

describe('the open-sessions list', () => {
  it('adds an open session in request order and drops a closed one', () => {
    const list = [view('b', 'requested', '2026-01-01T10:00:02Z')];
    const added = withSession(list, view('a', 'requested', '2026-01-01T10:00:01Z'));
    expect(added?.map((s) => s.id)).toEqual(['a', 'b']);
    expect(withSession(added, view('a', 'declined', '2026-01-01T10:00:01Z'))?.map((s) => s.id)).toEqual(['b']);
  });

  it('keeps the later state when an older answer arrives after a push', () => {
    const list = [view('a', 'active', '2026-01-01T10:00:01Z', 2)];
    expect(withSession(list, view('a', 'requested', '2026-01-01T10:00:01Z'))).toBe(list);
    expect(withSession(list, view('a', 'active', '2026-01-01T10:00:01Z', 1))).toBe(list);
    expect(withSession(list, view('a', 'active', '2026-01-01T10:00:01Z', 3))?.[0]?.minutesBilled).toBe(3);
  });

  it('leaves an unfetched list alone and a list without the closed session as it is', () => {
    expect(withSession(undefined, view('a', 'requested', 'x'))).toBeUndefined();
    const list = [view('b', 'active', 'x')];
    expect(withSession(list, view('a', 'ended', 'x'))).toBe(list);
  });
});
