/**
 * The clock port: business time (billing minutes, the accept window, grace periods, expiries,
 * payout weeks, refund windows, snapshot floors, TOTP steps, rate-limit windows, show goals'
 * deadlines) and the timers that wait for it. A process runs on `systemClock`; a test in this
 * process gives `startTestApp` a `createTestClock()` and advances it instead of sleeping.
 *
 * Every method is a plain function (no `this`): `ports.clock.now` may be passed on as it is.
 * Timers of infrastructure that wait on a real thing (a socket's heartbeat, a driver's timeout, a
 * retry against an engine) stay on Node's timers: they are not business time.
 */

/** Cancels a timer of `after` or `every` (a second call does nothing). */
export type CancelTimer = () => void;

export interface Clock {
  now(): Date;
  /** `now()` in ms since the epoch */
  nowMs(): number;
  /** runs `action` once `ms` of this clock's time has passed */
  after(ms: number, action: () => void): CancelTimer;
  /** runs `action` every `ms` of this clock's time, first after `ms` */
  every(ms: number, action: () => void): CancelTimer;
}

export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
  after(ms, action) {
    const timer = setTimeout(action, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
  every(ms, action) {
    const timer = setInterval(action, Math.max(1, ms));
    return () => clearInterval(timer);
  },
};

/** A clock whose time moves only when told: `advance` fires what falls due, in order (a timer of 0 ms fires at once). */
export interface TestClock extends Clock {
  /**
   * Moves time on by `ms`, firing every timer that falls due on the way in the order of its time
   * (timers those set, due within the span, fire too), with the event loop let run after each, so
   * that what a timer starts (a job, a command) gets going before the next one fires.
   */
  advance(ms: number): Promise<void>;
  /** timers waiting (for a test that wants to know something is scheduled) */
  pending(): number;
}

interface TestTimer {
  id: number;
  dueAt: number;
  everyMs?: number;
  action: () => void;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `start`: the time it shows first (default: the real time now, so that stored times look ordinary). */
export function createTestClock(start: Date | number = Date.now()): TestClock {
  let current = typeof start === 'number' ? start : start.getTime();
  let ids = 0;
  const timers = new Map<number, TestTimer>();

  function schedule(ms: number, action: () => void, everyMs?: number): CancelTimer {
    if (ms <= 0 && !everyMs) {
      // no business time to wait for (a retry without backoff): as soon as the event loop turns
      const immediate = setImmediate(action);
      return () => clearImmediate(immediate);
    }
    const timer: TestTimer = { id: ++ids, dueAt: current + Math.max(0, ms), everyMs, action };
    timers.set(timer.id, timer);
    return () => void timers.delete(timer.id);
  }

  function next(until: number): TestTimer | undefined {
    let first: TestTimer | undefined;
    for (const timer of timers.values())
      if (
        timer.dueAt <= until &&
        (!first || timer.dueAt < first.dueAt || (timer.dueAt === first.dueAt && timer.id < first.id))
      )
        first = timer;
    return first;
  }

  return {
    now: () => new Date(current),
    nowMs: () => current,
    after: (ms, action) => schedule(ms, action),
    every: (ms, action) => schedule(Math.max(1, ms), action, Math.max(1, ms)),
    async advance(ms) {
      const target = current + Math.max(0, ms);
      await turn();
      for (let timer = next(target); timer; timer = next(target)) {
        current = Math.max(current, timer.dueAt);
        if (timer.everyMs) timer.dueAt += timer.everyMs;
        else timers.delete(timer.id);
        timer.action();
        await turn();
      }
      current = target;
      await turn();
    },
    pending: () => timers.size,
  };
}

/** A clock that reads `now` for the time and runs timers on the system's (the old `now` option of tests). */
export function clockReading(now: () => Date): Clock {
  return { ...systemClock, now, nowMs: () => now().getTime() };
}
