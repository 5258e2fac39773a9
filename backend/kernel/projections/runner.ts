/**
 * Runs projections over the whole event log: one subscription from the lowest checkpoint, each
 * projection given only the events after its own checkpoint and of its types, checkpoints saved
 * in the read-model store after every batch. A projection that keeps failing stops the runner
 * loudly rather than skip an event. With snapshots (the in-memory read models) it restores the last
 * one before reading its checkpoints, and takes new ones between batches, never inside one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, StoredEvent, Subscription } from '../../platform/eventstore/port';
import { withLogContext } from '../../platform/logging/context';
import type { Logger } from '../../platform/logging/logger';
import { addMetricSource, type ProjectionLag } from '../../platform/metrics/metrics';
import type { ReadModelStore } from '../../platform/readmodels/port';
import type { ReadModelSnapshots } from './snapshots';

import { CHECKPOINTS } from './checkpoints';
import type { ProjectionDefinition } from './definition';

export { CHECKPOINTS };
export type { ProjectionDefinition, ProjectionIndex } from './definition';
/** a snapshot waits this long once due, so the requests that waited for a catch-up go first */
const SNAPSHOT_DELAY_MS = 3_000;
/** a lag is counted by reading at most this many events; beyond, the positions' difference stands for it */
const LAG_SCAN = 1_000;

export interface ProjectionRunnerOptions {
  eventStore: EventStore;
  readModels: ReadModelStore;
  /** each is handed only the events of its `eventTypes`, so a projection of domain events gets events of its declared types */
  projections: readonly ProjectionDefinition<StoredEvent>[];
  /** after each batch is applied and checkpointed: where realtime pushes start */
  onApplied?(events: StoredEvent[]): void | Promise<void>;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'> & Partial<Pick<Logger, 'debug'>>;
  /** how often a failing batch is retried before the runner stops (default 3), first delay (default 100 ms, doubling) */
  retries?: number;
  retryDelayMs?: number;
  /** the in-memory read models' snapshots; the last one is written when the runner stops */
  snapshots?: ReadModelSnapshots;
}

export interface ProjectionStatus {
  name: string;
  /** the checkpoint: position of the last event handled, null before the first */
  position: number | null;
}

/** Where the runner is: catching up with the log it found at start, live (following appends), or stopped. */
export interface ProjectorState {
  state: 'idle' | 'catching-up' | 'live' | 'failed';
  /** every projection has handled the log up to here (null: nothing yet) */
  position: number | null;
  /** while catching up: the log's head when the catch-up began */
  target?: number;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  /** resolves once every event in the store at call time is applied; rejects if the runner failed or stopped */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
  /** drops the projections' collections and checkpoints (all when no names), then replays the log */
  rebuild(names?: string[]): Promise<void>;
  status(): ProjectionStatus[];
  /** for /api/health: a process serving read models still catching up is not ready */
  state(): ProjectorState;
  /** per projection: the events of the log it has not applied yet, and the age of the oldest (metrics) */
  lag(): Promise<ProjectionLag[]>;
}

interface Waiter {
  target: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const quietLogger: Pick<Logger, 'info' | 'warn' | 'error'> = {
  info: () => {},
  warn: (message, fields) => console.warn(message, fields),
  error: (message, fields) => console.error(message, fields),
};

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const names = options.projections.map((projection) => projection.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined) throw new Error(`Two projections are named ${duplicate}`);
  return new Runner(options);
}

class Runner implements ProjectionRunner {
  private readonly checkpoints = new Map<string, number | undefined>();
  private subscription: Subscription | undefined;
  private starting: Promise<void> | undefined;
  /** every projection has handled the log up to here */
  private handledUpTo: number | undefined;
  private failure: unknown;
  private waiters: Waiter[] = [];
  private eventsHandled = 0;
  private restored = false;
  /** the head of the log when the current subscription began, until it is reached */
  private catchUpTarget: number | undefined;
  private live = false;
  /** a batch is being applied: a snapshot now would catch it halfway */
  private applying = false;
  private snapshotWanted = false;
  private snapshotTimer: NodeJS.Timeout | undefined;
  private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'> & Partial<Pick<Logger, 'debug'>>;
  private removeMetrics: (() => void) | undefined;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.logger = options.logger ?? quietLogger;
  }

  start(): Promise<void> {
    if (this.subscription) return Promise.resolve();
    this.removeMetrics ??= addMetricSource('projections', () => this.lag());
    this.starting ??= this.subscribe().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async subscribe(): Promise<void> {
    this.failure = undefined;
    await this.restoreOnce();
    const { projections, readModels, eventStore } = this.options;
    for (const index of projections.flatMap((projection) => projection.indexes ?? [])) {
      await readModels.collection(index.collection).createIndex(index.keys, index.options);
    }
    const saved = await this.checkpointCollection().find({
      _id: { $in: projections.map((projection) => projection.name) },
    });
    for (const { name } of projections)
      this.checkpoints.set(name, saved.find((checkpoint) => checkpoint._id === name)?.position);
    this.handledUpTo = lowest(projections.map(({ name }) => this.checkpoints.get(name)));
    const head = await eventStore.headPosition();
    this.catchUpTarget =
      head !== undefined && (this.handledUpTo === undefined || this.handledUpTo < head) ? head : undefined;
    this.live = this.catchUpTarget === undefined;
    this.subscription = eventStore.subscribeToAll({
      after: this.handledUpTo,
      onEvents: (events) => this.handle(events),
      onError: (error) => {
        if (error !== this.failure) this.logger.error('projections: event subscription error', { error });
      },
    });
    // a long catch-up (a first start, an upgrade) is worth a snapshot soon after
    this.subscription.caughtUp().then(
      () => this.scheduleSnapshot(),
      () => undefined,
    );
  }

  private async restoreOnce(): Promise<void> {
    if (this.restored || !this.options.snapshots) return;
    this.restored = true;
    await this.options.snapshots.restore();
  }

  private scheduleSnapshot(): void {
    if (this.snapshotTimer || !this.options.snapshots?.due()) return;
    this.snapshotTimer = setTimeout(() => {
      this.snapshotTimer = undefined;
      this.snapshotIfDue();
    }, SNAPSHOT_DELAY_MS);
    this.snapshotTimer.unref();
  }

  private snapshotIfDue(): void {
    const { snapshots } = this.options;
    if (!snapshots || this.failure !== undefined || !(this.snapshotWanted || snapshots.due())) return;
    if (this.applying) {
      this.snapshotWanted = true;
      return;
    }
    this.snapshotWanted = false;
    snapshots.capture(this.options.projections);
  }

  async caughtUp(): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    const head = await this.options.eventStore.headPosition();
    if (head === undefined || (this.handledUpTo !== undefined && this.handledUpTo >= head)) return;
    if (!this.subscription) throw new Error('The projection runner is not running');
    await new Promise<void>((resolve, reject) => this.waiters.push({ target: head, resolve, reject }));
  }

  async stop(): Promise<void> {
    this.removeMetrics?.();
    this.removeMetrics = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    this.live = false;
    this.catchUpTarget = undefined;
    await subscription?.stop();
    this.rejectWaiters(new Error('The projection runner stopped'));
    clearTimeout(this.snapshotTimer);
    this.snapshotTimer = undefined;
    // a failed batch may have left documents ahead of their checkpoint: no snapshot of that
    if (this.failure === undefined) await this.options.snapshots?.flush(this.options.projections);
  }

  async rebuild(names?: string[]): Promise<void> {
    const selected = names ?? this.options.projections.map((projection) => projection.name);
    const projections = selected.map((name) => {
      const projection = this.options.projections.find((each) => each.name === name);
      if (!projection) throw new Error(`Unknown projection ${name}`);
      return projection;
    });
    const wasRunning = this.subscription !== undefined;
    await this.stop();
    // what is not rebuilt (other projections, the reactions' checkpoints) comes from the snapshot
    await this.restoreOnce();
    for (const projection of projections) {
      for (const collection of projection.collections) await this.options.readModels.collection(collection).drop();
      await this.checkpointCollection().deleteOne({ _id: projection.name });
    }
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const handledBefore = this.eventsHandled;
    try {
      await this.start();
      await this.caughtUp();
    } finally {
      if (!wasRunning) await this.stop();
    }
    const seconds = (performance.now() - started) / 1000;
    const events = this.eventsHandled - handledBefore;
    const eventsPerSecond = Math.round(events / Math.max(seconds, 1e-3));
    // the process's CPU time too: on a shared machine the wall time follows the other work
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const eventsPerCpuSecond = Math.round(events / Math.max(cpuSeconds, 1e-3));
    this.logger.info('projections rebuilt', {
      projections: selected,
      events,
      seconds,
      eventsPerSecond,
      cpuSeconds,
      eventsPerCpuSecond,
    });
  }

  status(): ProjectionStatus[] {
    return this.options.projections.map(({ name }) => ({ name, position: this.checkpoints.get(name) ?? null }));
  }

  state(): ProjectorState {
    const position = this.handledUpTo ?? null;
    if (this.failure !== undefined) return { state: 'failed', position };
    if (!this.subscription) return { state: 'idle', position };
    if (this.live) return { state: 'live', position };
    return { state: 'catching-up', position, ...(this.catchUpTarget !== undefined && { target: this.catchUpTarget }) };
  }

  async lag(): Promise<ProjectionLag[]> {
    const head = await this.options.eventStore.headPosition();
    const behind = new Map<number | undefined, { events: number; seconds: number }>();
    for (const checkpoint of new Set(this.checkpoints.values())) {
      if (head === undefined || (checkpoint !== undefined && checkpoint >= head)) continue;
      const unseen = await this.options.eventStore.readAll({ after: checkpoint, maxCount: LAG_SCAN });
      const oldest = unseen[0]?.createdAt.getTime();
      const events = unseen.length < LAG_SCAN ? unseen.length : Math.max(LAG_SCAN, head - (checkpoint ?? 0));
      behind.set(checkpoint, { events, seconds: oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest) / 1000) });
    }
    return this.options.projections.map(({ name }) => ({
      projection: name,
      ...(behind.get(this.checkpoints.get(name)) ?? { events: 0, seconds: 0 }),
    }));
  }

  private async handle(events: StoredEvent[]): Promise<void> {
    const last = events.at(-1);
    if (!last) return;
    if (this.failure !== undefined) throw this.failure;
    this.applying = true;
    try {
      // where the store writes many at once, the batch's checkpoints go in one write at its end
      const together = this.checkpointCollection().upsertMany ? new Map<string, number>() : undefined;
      // the read models side by side (each writes only its own collections), then the reactions in
      // order, once the read models they may read hold the batch
      // (where the store writes many at once: PostgreSQL; in memory they take turns as before)
      const [reactions, readModels] = together
        ? partition(this.options.projections, (projection) => projection.name.startsWith('reaction:'))
        : [this.options.projections, []];
      const settled = await Promise.allSettled(
        readModels.map((projection) => this.applyWithRetries(projection, events, together)),
      );
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      for (const projection of reactions) await this.applyWithRetries(projection, events, together);
      if (together && together.size > 0) await this.saveCheckpoints(together);
    } finally {
      this.applying = false;
    }
    this.handledUpTo = last.position;
    this.eventsHandled += events.length;
    if (this.catchUpTarget !== undefined && last.position >= this.catchUpTarget) {
      this.live = true;
      this.catchUpTarget = undefined;
    }
    try {
      if (this.options.onApplied)
        this.logger.debug?.('pushes', { events: events.length, requestIds: requestIdsOf(events) });
      await this.options.onApplied?.(events);
    } catch (error) {
      // a lost push is not a lost read model: report it and go on
      this.logger.error('projections: onApplied failed', { error, position: last.position });
    }
    this.settleWaiters();
    // a catch-up is a long chain of promises that never waits for I/O (PGlite and the in-memory read
    // models answer within the same turn): give the event loop a turn between two batches, so
    // requests (/api/health first) are answered while the log is replayed
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.options.snapshots?.noteApplied(events.length);
    if (this.snapshotWanted || this.options.snapshots?.due()) {
      // while catching up, the snapshot waits for the head: writing one per page would slow the replay.
      // Live, it goes on schedule: under a steady load the head is always a little ahead, and waiting
      // for it would put the snapshot off as long as the load lasts, asking the engine after every batch
      if (this.live || (await this.headReached(last.position))) {
        if (this.snapshotWanted) this.snapshotIfDue();
        else this.scheduleSnapshot();
      }
    }
  }

  private async headReached(position: number): Promise<boolean> {
    const head = await this.options.eventStore.headPosition();
    return head === undefined || position >= head;
  }

  /** Applies the batch's new events of the projection's types and saves its checkpoint; on failure resumes from the failed event. */
  private async applyWithRetries(
    projection: ProjectionDefinition<StoredEvent>,
    events: StoredEvent[],
    together?: Map<string, number>,
  ): Promise<void> {
    const checkpoint = this.checkpoints.get(projection.name);
    const unseen = events.filter((event) => checkpoint === undefined || event.position > checkpoint);
    const last = unseen.at(-1);
    if (!last) return;
    const relevant = unseen.filter((event) => projection.eventTypes.includes(event.type));
    const { retries = 3, retryDelayMs = 100 } = this.options;
    let applied = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        if (projection.applyBatch) {
          if (relevant.length > 0) await projection.applyBatch(relevant, this.options.readModels);
        } else {
          for (const event of relevant.slice(applied)) {
            await this.applyOne(projection, event);
            applied++;
          }
        }
        if (together) together.set(projection.name, last.position);
        else
          await this.checkpointCollection().replaceOne(
            { _id: projection.name },
            { _id: projection.name, position: last.position },
            { upsert: true },
          );
        this.checkpoints.set(projection.name, last.position);
        return;
      } catch (error) {
        const failed = relevant[applied];
        const context = {
          projection: projection.name,
          position: failed?.position,
          type: failed?.type,
          attempt: attempt + 1,
          error,
        };
        if (attempt >= retries) {
          this.fail(error, context);
          throw error;
        }
        this.logger.warn('projections: batch failed, retrying', context);
        await sleep(retryDelayMs * 2 ** attempt);
      }
    }
  }

  /**
   * The batch's checkpoints in one write. Until it lands they are ahead in memory only: a crash
   * replays the batch, which every projection tolerates (see `apply`).
   */
  private async saveCheckpoints(positions: Map<string, number>): Promise<void> {
    const docs = [...positions].map(([name, position]) => ({ _id: name, position }));
    const { retries = 3, retryDelayMs = 100 } = this.options;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.checkpointCollection().upsertMany!(docs);
        return;
      } catch (error) {
        const context = { checkpoints: docs.length, attempt: attempt + 1, error };
        if (attempt >= retries) {
          this.fail(error, context);
          throw error;
        }
        this.logger.warn('projections: checkpoints not saved, retrying', context);
        await sleep(retryDelayMs * 2 ** attempt);
      }
    }
  }

  /** a reaction runs in the request's log context: the jobs it enqueues and its log lines carry its id */
  private applyOne(projection: ProjectionDefinition<StoredEvent>, event: StoredEvent): Promise<void> {
    const requestId = event.metadata.correlationId;
    if (typeof requestId !== 'string' || !projection.name.startsWith('reaction:'))
      return projection.apply(event, this.options.readModels);
    return withLogContext({ requestId }, () => projection.apply(event, this.options.readModels));
  }

  private fail(error: unknown, context: Record<string, unknown>): void {
    this.failure = error;
    this.logger.error('projections stopped: an event could not be applied', context);
    this.rejectWaiters(error);
  }

  private settleWaiters(): void {
    const reached = this.handledUpTo ?? -Infinity;
    const [done, pending] = partition(this.waiters, (waiter) => waiter.target <= reached);
    this.waiters = pending;
    for (const waiter of done) waiter.resolve();
  }

  private rejectWaiters(error: unknown): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(error);
  }

  private checkpointCollection() {
    return this.options.readModels.collection<{ _id: string; position: number }>(CHECKPOINTS);
  }
}

/** the requests whose events a batch holds: a push is logged with the ids of the requests that caused it */
function requestIdsOf(events: StoredEvent[]): string[] {
  return [
    ...new Set(
      events.flatMap(({ metadata }) => (typeof metadata.correlationId === 'string' ? [metadata.correlationId] : [])),
    ),
  ];
}

/** undefined when any projection has no checkpoint yet: the log is read from its start */
function lowest(positions: (number | undefined)[]): number | undefined {
  let low: number | undefined;
  for (const position of positions) {
    if (position === undefined) return undefined;
    low = low === undefined ? position : Math.min(low, position);
  }
  return low;
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
