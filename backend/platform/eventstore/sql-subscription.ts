/**
 * A subscription to the whole log of the SQL store: pages through readAll from the checkpoint
 * (catch-up), then sleeps until woken by an append signal or the fallback poll (live). One loop,
 * so batches are delivered strictly in order and the next one waits for the handler's promise.
 */
import type { ReadAllOptions, StoredEvent, SubscribeOptions, Subscription } from './port';

export interface LogReader {
  readAll(options?: ReadAllOptions): Promise<StoredEvent[]>;
  headPosition(): Promise<number | undefined>;
  /**
   * The log's head without asking the engine, when the store knows it: it is the log's only writer,
   * or it hears every append (its own, and the others' notifications) since it last read the head.
   */
  knownHead?(): number | undefined;
}

export interface SqlSubscriptionHooks {
  pollIntervalMs: number;
  /** runs before each idle wait; errors are reported, not fatal */
  beforeIdle: () => Promise<void> | undefined;
  onStopped: () => void;
}

interface CaughtUpWaiter {
  target: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const DEFAULT_BATCH_SIZE = 1_000;
const HIDDEN_RETRY_FIRST_MS = 5;
const READ_RETRY_MAX_MS = 5_000;

export class SqlSubscription implements Subscription {
  /** positions are positive, so 0 is before everything */
  private checkpoint: number;
  private stopped = false;
  private stopError: unknown;
  private woken = false;
  private wakeSleeper: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly waiters: CaughtUpWaiter[] = [];
  private readonly done: Promise<void>;

  constructor(
    private readonly log: LogReader,
    private readonly options: SubscribeOptions,
    private readonly hooks: SqlSubscriptionHooks,
  ) {
    this.checkpoint = options.after ?? 0;
    this.done = this.run();
  }

  /** Something was appended: read again as soon as the current step is over. */
  wake(): void {
    this.woken = true;
    this.wakeSleeper?.();
  }

  async caughtUp(): Promise<void> {
    const head = await this.log.headPosition();
    if (head === undefined || head <= this.checkpoint) return;
    if (this.stopped) throw this.stopError ?? new Error('Subscription stopped before catching up');
    await new Promise<void>((resolve, reject) => {
      this.waiters.push({ target: head, resolve, reject });
      this.wake();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeSleeper?.();
    await this.done;
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    let idleDelay = HIDDEN_RETRY_FIRST_MS;
    let readFailures = 0;
    let readAhead: Promise<StoredEvent[]> | undefined;
    while (!this.stopped) {
      this.woken = false;
      let batch: StoredEvent[];
      try {
        batch = await (readAhead ?? this.log.readAll({ after: this.checkpoint, maxCount: batchSize }));
        readFailures = 0;
      } catch (error) {
        // the engine may come back (restart, failover): report and retry with backoff
        this.report(error);
        readFailures += 1;
        await this.sleep(Math.min(100 * 2 ** readFailures, READ_RETRY_MAX_MS));
        continue;
      } finally {
        readAhead = undefined;
      }
      if (this.stopped) break;
      const last = batch[batch.length - 1];
      if (last) {
        // a full page means more is waiting: read it while the handler works on this one
        if (batch.length === batchSize) {
          readAhead = this.log.readAll({ after: last.position, maxCount: batchSize });
          readAhead.catch(() => undefined);
        }
        try {
          await this.options.onEvents(batch);
        } catch (error) {
          // redelivering behind the handler's back would surprise it: stop and let it resubscribe
          this.report(error);
          this.stopError = error;
          break;
        }
        this.checkpoint = last.position;
        this.settleWaiters();
        idleDelay = HIDDEN_RETRY_FIRST_MS;
        // nothing appended since: no read that would come back empty
        const head = this.log.knownHead?.();
        if (!this.woken && head !== undefined && head <= this.checkpoint) idleDelay = await this.idle(idleDelay);
        continue;
      }
      if (this.woken) continue;
      idleDelay = await this.idle(idleDelay);
    }
    await readAhead?.catch(() => undefined);
    this.finish();
  }

  /** Waits for the next wake-up; returns the delay to use if events are still hidden next time. */
  private async idle(hiddenDelay: number): Promise<number> {
    let head: number | undefined;
    try {
      await this.hooks.beforeIdle();
      // a head the store knows saves a statement per pass; an append after it wakes this loop
      head = this.log.knownHead?.() ?? (await this.log.headPosition());
    } catch (error) {
      this.report(error);
    }
    this.settleWaiters();
    // committed events that readAll cannot show yet wait behind an older open transaction
    if (head !== undefined && head > this.checkpoint) {
      await this.sleep(hiddenDelay);
      return Math.min(hiddenDelay * 2, this.hooks.pollIntervalMs);
    }
    await this.sleep(this.hooks.pollIntervalMs);
    return HIDDEN_RETRY_FIRST_MS;
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped || this.woken) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.wakeSleeper = resolve;
      this.timer = setTimeout(resolve, ms);
    }).then(() => {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.wakeSleeper = undefined;
    });
  }

  private settleWaiters(): void {
    for (let index = this.waiters.length - 1; index >= 0; index -= 1) {
      const waiter = this.waiters[index];
      if (waiter && waiter.target <= this.checkpoint) {
        this.waiters.splice(index, 1);
        waiter.resolve();
      }
    }
  }

  private finish(): void {
    this.stopped = true;
    const error = this.stopError ?? new Error('Subscription stopped before catching up');
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
    this.hooks.onStopped();
  }

  private report(error: unknown): void {
    if (this.options.onError) this.options.onError(error);
    else console.error('[eventstore] subscription error', error);
  }
}
