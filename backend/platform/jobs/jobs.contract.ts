/**
 * The behaviour every JobQueue adapter must show. Timing checks are only lower bounds ("not
 * before the delay") with a 20% margin, or orderings; a slow machine can only make them pass later.
 */
import type { JobContext, JobLogger, JobQueue } from './port';

export type MakeJobQueue = (logger: JobLogger) => Promise<JobQueue> | JobQueue;

export interface JobQueueContractOptions {
  /** multiplies every delay and interval, for engines with coarser timing */
  timeScale?: number;
}

interface Run {
  payload: unknown;
  context: JobContext;
  at: number;
}

interface LoggedError {
  message: string;
  fields?: Record<string, unknown>;
}

/** when run `index` started; NaN (failing any comparison) when there was no such run */
const startedAt = (runs: Run[], index: number): number => runs[index]?.at ?? Number.NaN;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(what: string, condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A handler that records its runs and fails while `fail(run)` says so. */
function recorder(fail: (context: JobContext) => boolean = () => false) {
  const runs: Run[] = [];
  const handler = async (payload: unknown, context: JobContext): Promise<void> => {
    runs.push({ payload, context, at: Date.now() });
    if (fail(context)) throw new Error(`attempt ${context.attempt} fails`);
  };
  return { runs, handler };
}

export function jobQueueContract(makeQueue: MakeJobQueue, { timeScale = 1 }: JobQueueContractOptions = {}): void {
  const ms = (value: number): number => value * timeScale;
  const atLeast = (value: number): number => 0.8 * ms(value);
  let open: JobQueue[] = [];
  let errors: LoggedError[] = [];

  async function newQueue(): Promise<JobQueue> {
    const logger: JobLogger = { warn: () => {}, error: (message, fields) => errors.push({ message, fields }) };
    const queue = await makeQueue(logger);
    open.push(queue);
    return queue;
  }

  afterEach(async () => {
    await Promise.all(open.map((queue) => queue.close()));
    open = [];
    errors = [];
  });

  it('runs a job with its payload, its id and attempt 1', async () => {
    const queue = await newQueue();
    const { runs, handler } = recorder();
    queue.register('greet', handler);
    await queue.start();
    await queue.enqueue('greet', { name: 'Ada', at: new Date('2030-01-01T00:00:00Z') }, { jobId: 'greet:ada' });
    await queue.enqueue('greet', { name: 'Bob' }, { jobId: '42' });
    await waitFor('two runs', () => runs.length === 2);
    const seen = runs.map((run) => [run.context.jobId, run.payload, run.context.attempt]).sort();
    expect(seen).toEqual([
      ['42', { name: 'Bob' }, 1],
      ['greet:ada', { name: 'Ada', at: '2030-01-01T00:00:00.000Z' }, 1], // payloads travel as JSON
    ]);
  });

  it('runs a delayed job after its delay, not before', async () => {
    const queue = await newQueue();
    const { runs, handler } = recorder();
    queue.register('remind', handler);
    await queue.start();
    const enqueuedAt = Date.now();
    await queue.enqueue('remind', 'late', { delayMs: ms(300) });
    await queue.enqueue('remind', 'now');
    await waitFor('both runs', () => runs.length === 2);
    const late = runs.findIndex((run) => run.payload === 'late');
    expect(startedAt(runs, late) - enqueuedAt).toBeGreaterThanOrEqual(atLeast(300));
  });

  it('runs a job id once, whether it is pending or already done', async () => {
    const queue = await newQueue();
    const { runs, handler } = recorder();
    queue.register('bill', handler);
    await queue.start();
    // the first copy is still waiting out its delay when the second arrives
    await queue.enqueue('bill', { minute: 1 }, { jobId: 'session:7:minute:1', delayMs: ms(100) });
    await queue.enqueue('bill', { minute: 1, again: true }, { jobId: 'session:7:minute:1' });
    await queue.enqueue('bill', { minute: 2 }, { jobId: 'session:7:minute:2' });
    await waitFor('both minutes', () => runs.length >= 2);
    await queue.enqueue('bill', { minute: 1, late: true }, { jobId: 'session:7:minute:1' });
    await sleep(ms(300));
    const payloads = runs.map((run) => JSON.stringify(run.payload)).sort();
    expect(payloads).toEqual(['{"minute":1}', '{"minute":2}']);
  });

  it('retries a failing job with fixed backoff until it succeeds', async () => {
    const queue = await newQueue();
    const { runs, handler } = recorder((context) => context.attempt < 3);
    queue.register('check', handler);
    await queue.start();
    await queue.enqueue('check', 'doc', {
      jobId: 'check-doc',
      attempts: 4,
      backoff: { type: 'fixed', delayMs: ms(60) },
    });
    await waitFor('attempt 3', () => runs.length === 3);
    await sleep(ms(300));
    expect(runs.map((run) => [run.context.jobId, run.context.attempt])).toEqual([
      ['check-doc', 1],
      ['check-doc', 2],
      ['check-doc', 3],
    ]);
    expect(startedAt(runs, 1) - startedAt(runs, 0)).toBeGreaterThanOrEqual(atLeast(60));
    expect(startedAt(runs, 2) - startedAt(runs, 1)).toBeGreaterThanOrEqual(atLeast(60));
    expect(errors).toEqual([]);
  });

  it('doubles the delay between attempts with exponential backoff', async () => {
    const queue = await newQueue();
    const { runs, handler } = recorder((context) => context.attempt < 3);
    queue.register('payout', handler);
    await queue.start();
    await queue.enqueue('payout', 'week', { attempts: 3, backoff: { type: 'exponential', delayMs: ms(80) } });
    await waitFor('attempt 3', () => runs.length === 3);
    expect(startedAt(runs, 1) - startedAt(runs, 0)).toBeGreaterThanOrEqual(atLeast(80));
    expect(startedAt(runs, 2) - startedAt(runs, 1)).toBeGreaterThanOrEqual(atLeast(160));
  });

  it('stops after the last attempt and reports the failure', async () => {
    const queue = await newQueue();
    const doomed = recorder(() => true);
    const once = recorder(() => true);
    queue.register('doomed', doomed.handler);
    queue.register('once', once.handler);
    await queue.start();
    await queue.enqueue('doomed', {}, { jobId: 'doomed-1', attempts: 2, backoff: { type: 'fixed', delayMs: ms(30) } });
    await queue.enqueue('once', {}, { jobId: 'once-1' });
    await waitFor('both failures reported', () => errors.length === 2);
    await sleep(ms(300));
    expect(doomed.runs.map((run) => run.context.attempt)).toEqual([1, 2]);
    expect(once.runs.map((run) => run.context.attempt)).toEqual([1]);
    expect(errors.map((error) => error.fields?.jobId).sort()).toEqual(['doomed-1', 'once-1']);
  });

  it('repeats a schedule; registering its id again replaces it', async () => {
    const queue = await newQueue();
    const { runs, handler } = recorder();
    queue.register('tick', handler);
    await queue.start();
    await queue.repeat('tick', { version: 1 }, { scheduleId: 'ticker', everyMs: ms(100) });
    await queue.repeat('tick', { version: 2 }, { scheduleId: 'ticker', everyMs: ms(100) });
    const versions = (): unknown[] => runs.map((run) => (run.payload as { version?: number }).version);
    await waitFor('three runs of version 2', () => versions().filter((version) => version === 2).length >= 3);
    // at most one run of the first registration, and only before the replacement took over
    expect(versions().filter((version) => version === 1).length).toBeLessThanOrEqual(1);
    expect(versions().lastIndexOf(1)).toBeLessThan(versions().indexOf(2));
  });

  it('does not pile up runs of a schedule while nothing processes it', async () => {
    const queue = await newQueue();
    const { runs, handler } = recorder();
    queue.register('bill', handler);
    await queue.repeat('bill', {}, { scheduleId: 'billing', everyMs: ms(100) });
    await sleep(ms(600));
    const startCalledAt = Date.now();
    await queue.start();
    await waitFor('the first run', () => runs.length >= 1);
    await sleep(ms(50));
    // one waiting run plus what the elapsed time allows, never the six ticks that went by
    expect(runs.length).toBeLessThanOrEqual(Math.floor((Date.now() - startCalledAt) / ms(100)) + 2);
  });

  it('removeRepeat stops that schedule and no other', async () => {
    const queue = await newQueue();
    const a = recorder();
    const b = recorder();
    queue.register('tick.a', a.handler);
    queue.register('tick.b', b.handler);
    await queue.start();
    await queue.repeat('tick.a', 'a', { scheduleId: 'every-100', everyMs: ms(100) });
    await queue.repeat('tick.b', 'b', { scheduleId: 'every-100', everyMs: ms(100) });
    await waitFor('two runs of each', () => a.runs.length >= 2 && b.runs.length >= 2);
    await queue.removeRepeat('tick.a', 'every-100');
    await sleep(ms(150)); // a run already taken before the removal may still finish
    const [aRuns, bRuns] = [a.runs.length, b.runs.length];
    await sleep(ms(400));
    expect(a.runs.length).toBe(aRuns);
    expect(b.runs.length).toBeGreaterThan(bRuns);
  });

  it('runs handlers only after start(), including jobs enqueued before it', async () => {
    const queue = await newQueue();
    const { runs, handler } = recorder();
    queue.register('welcome', handler);
    await queue.enqueue('welcome', 'now');
    await queue.enqueue('welcome', 'soon', { delayMs: ms(50) });
    await sleep(ms(250));
    expect(runs).toEqual([]);
    await queue.start();
    await waitFor('both runs', () => runs.length === 2);
    expect(runs.map((run) => run.payload).sort()).toEqual(['now', 'soon']);
  });

  it('close() waits for active jobs and nothing runs afterwards', async () => {
    const queue = await newQueue();
    let [slowStarted, slowFinished] = [false, false];
    const later = recorder();
    queue.register('slow', async () => {
      slowStarted = true;
      await sleep(ms(150));
      slowFinished = true;
    });
    queue.register('later', later.handler);
    await queue.start();
    await queue.repeat('later', 'tick', { scheduleId: 'later', everyMs: ms(500) });
    await waitFor('the first scheduled run', () => later.runs.length === 1);
    await queue.enqueue('later', 'delayed', { delayMs: ms(200) });
    await queue.enqueue('slow', {});
    await waitFor('the slow job to start', () => slowStarted);
    await queue.close();
    expect(slowFinished).toBe(true);
    await sleep(ms(600)); // past both the delay and the next tick
    expect(later.runs.map((run) => run.payload)).toEqual(['tick']);
  });

  it('reports health while open and not after close', async () => {
    const queue = await newQueue();
    expect(await queue.health()).toMatchObject({ adapter: queue.adapter, ok: true });
    await queue.close();
    expect(await queue.health()).toMatchObject({ adapter: queue.adapter, ok: false });
  });
}
