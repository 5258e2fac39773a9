/**
 * A catch-up subscription to EventStoreDB's `$all` with the server-side system-event filter.
 * Events are queued as they arrive (the gRPC stream is paused when the queue grows) and handed to
 * the handler in batches, one batch at a time, in log order.
 */
import {
  excludeSystemEvents,
  START,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventStoreDBClient,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { StoredEvent, SubscribeOptions, Subscription } from './port';

const DEFAULT_BATCH_SIZE = 1_000;

function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/** A user event from `$all` or a stream, or undefined for system events and unresolved links. */
export function toStoredEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | undefined {
  const event = resolved.event;
  if (!event || isSystemEvent(event)) return undefined;
  const metadata = event.metadata;
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: Number(event.position?.commit ?? resolved.commitPosition ?? -1n),
    data: event.data,
    metadata: isRecord(metadata) ? { ...metadata } : {},
    createdAt: event.created,
  };
}

interface CaughtUpWaiter {
  target: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class EsdbSubscription implements Subscription {
  private readonly stream: AllStreamSubscription;
  private readonly queue: StoredEvent[] = [];
  private readonly waiters: CaughtUpWaiter[] = [];
  private readonly batchSize: number;
  /** last position handed to the handler (-1: none yet) */
  private checkpoint: number;
  /** last position queued, to drop a record the server sends again at the start position */
  private lastQueued: number;
  private pumping: Promise<void> | undefined;
  private stopped = false;
  private stopError: unknown;

  constructor(
    client: EventStoreDBClient,
    private readonly options: SubscribeOptions,
    private readonly headPosition: () => Promise<number | undefined>,
    private readonly onStopped: () => void,
  ) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.checkpoint = options.after ?? -1;
    this.lastQueued = this.checkpoint;
    const after = options.after;
    this.stream = client.subscribeToAll({
      fromPosition: after === undefined ? START : { commit: BigInt(after), prepare: BigInt(after) },
      filter: excludeSystemEvents(),
    });
    this.stream.on('data', (resolved) => {
      const event = toStoredEvent(resolved);
      if (!event || event.position <= this.lastQueued) return;
      this.lastQueued = event.position;
      this.queue.push(event);
      if (this.queue.length >= this.batchSize * 4) this.stream.pause();
      this.pumping ??= this.pump().finally(() => {
        this.pumping = undefined;
      });
    });
    this.stream.on('error', (error) => {
      if (this.stopped) return;
      this.report(error);
      this.stopError = error;
      void this.stop();
    });
  }

  async caughtUp(): Promise<void> {
    const head = await this.headPosition();
    if (head === undefined || head <= this.checkpoint) return;
    if (this.stopped) throw this.stopError ?? new Error('Subscription stopped before catching up');
    await new Promise<void>((resolve, reject) => this.waiters.push({ target: head, resolve, reject }));
  }

  async stop(): Promise<void> {
    if (this.stopped) {
      await this.pumping;
      return;
    }
    this.stopped = true;
    await this.stream.unsubscribe().catch(() => undefined);
    await this.pumping;
    const error = this.stopError ?? new Error('Subscription stopped before catching up');
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
    this.onStopped();
  }

  private async pump(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const batch = this.queue.splice(0, this.batchSize);
      if (this.stream.isPaused() && this.queue.length < this.batchSize) this.stream.resume();
      try {
        await this.options.onEvents(batch);
      } catch (error) {
        this.report(error);
        this.stopError = error;
        this.queue.length = 0;
        void this.stop();
        return;
      }
      this.checkpoint = batch[batch.length - 1]?.position ?? this.checkpoint;
      for (let index = this.waiters.length - 1; index >= 0; index -= 1) {
        const waiter = this.waiters[index];
        if (waiter && waiter.target <= this.checkpoint) {
          this.waiters.splice(index, 1);
          waiter.resolve();
        }
      }
    }
  }

  private report(error: unknown): void {
    if (this.options.onError) this.options.onError(error);
    else console.error('[eventstore] subscription error', error);
  }
}
