import { createTestClock, systemClock } from './clock';

describe('the test clock', () => {
  it('shows the time it was given and moves only when advanced', async () => {
    const clock = createTestClock(new Date('2026-11-18T10:00:00.000Z'));
    expect(clock.now().toISOString()).toBe('2026-11-18T10:00:00.000Z');
    await clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-11-18T10:01:30.000Z');
    expect(clock.nowMs()).toBe(Date.parse('2026-11-18T10:01:30.000Z'));
  });

  it('fires what falls due, in the order of its time, each at its own time, and nothing beyond', async () => {
    const clock = createTestClock(0);
    const fired: string[] = [];
    clock.after(3_000, () => fired.push(`c@${clock.nowMs()}`));
    clock.after(1_000, () => fired.push(`a@${clock.nowMs()}`));
    clock.after(1_000, () => fired.push(`b@${clock.nowMs()}`));
    clock.after(10_000, () => fired.push('late'));
    await clock.advance(5_000);
    expect(fired).toEqual(['a@1000', 'b@1000', 'c@3000']);
    expect(clock.nowMs()).toBe(5_000);
    expect(clock.pending()).toBe(1);
  });

  it('fires timers set by a timer when they fall within the span, and repeats every interval', async () => {
    const clock = createTestClock(0);
    const fired: number[] = [];
    clock.after(1_000, () => clock.after(1_000, () => fired.push(clock.nowMs())));
    const stop = clock.every(1_500, () => fired.push(-clock.nowMs()));
    await clock.advance(3_000);
    expect(fired).toEqual([-1_500, 2_000, -3_000]);
    stop();
    await clock.advance(10_000);
    expect(fired).toHaveLength(3);
  });

  it('lets promises started by a timer run before the next timer fires', async () => {
    const clock = createTestClock(0);
    const order: string[] = [];
    clock.after(1_000, () => void Promise.resolve().then(() => order.push('first settled')));
    clock.after(2_000, () => order.push('second'));
    await clock.advance(2_000);
    expect(order).toEqual(['first settled', 'second']);
  });

  it('cancels a timer, and fires one of 0 ms without advancing', async () => {
    const clock = createTestClock(0);
    const fired: string[] = [];
    const cancel = clock.after(1_000, () => fired.push('cancelled'));
    cancel();
    clock.after(0, () => fired.push('at once'));
    await new Promise((resolve) => setImmediate(resolve));
    await clock.advance(2_000);
    expect(fired).toEqual(['at once']);
  });
});

describe('the system clock', () => {
  it('reads the time of the machine', () => {
    const before = Date.now();
    expect(systemClock.nowMs()).toBeGreaterThanOrEqual(before);
    expect(Math.abs(systemClock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
