import { describe, expect, it } from '@jest/globals';
import { reloadOnStaleBuild, STALE_BUILD_RELOADED_AT } from './stale-build';

/** A tab: its events, how often it reloaded, its sessionStorage, and a clock the spec moves. */
function tab() {
  const events = new EventTarget();
  const stored = new Map<string, string>();
  const state = { reloads: 0, now: Date.parse('2026-12-02T10:00:00Z') };
  const page = Object.assign(events, { location: { reload: () => void state.reloads++ } }) as unknown as Window;
  reloadOnStaleBuild(
    page,
    { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    () => state.now,
  );
  /** Vite's loader failing to import a chunk: answers whether the error was let through. */
  const chunkFails = () => events.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
  return { state, stored, chunkFails };
}

describe('a chunk of an older build that fails to load (a tab opened before a deploy)', () => {
  it('reloads the tab once, onto the new build, and keeps the error from the page', () => {
    const { state, stored, chunkFails } = tab();
    expect(chunkFails()).toBe(false);
    expect(state.reloads).toBe(1);
    expect(stored.get(STALE_BUILD_RELOADED_AT)).toBe(String(state.now));
  });

  it('lets a second failure soon after through to the error page instead of reloading in a loop', () => {
    const { state, chunkFails } = tab();
    chunkFails();
    state.now += 9_000;
    expect(chunkFails()).toBe(true);
    expect(state.reloads).toBe(1);
    state.now += 2_000;
    expect(chunkFails()).toBe(false);
    expect(state.reloads).toBe(2);
  });
});
