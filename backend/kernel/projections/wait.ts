import type { ReadModelStore } from '../../platform/readmodels/port';
import { DomainError } from '../../platform/domain-error';
import { notFound } from '../../platform/http/errors';
import { CHECKPOINTS } from './checkpoints';

/**
 * Read-your-writes: waits until projection `name` has applied the event at `position`. Works whether
 * the projector runs in this process or elsewhere, since checkpoints live in the read-model store.
 */
export async function waitForProjection(
  readModels: ReadModelStore,
  name: string,
  position: number,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<void> {
  if (readModels.watch)
    return followerOf(readModels, name).wait(position, options.timeoutMs ?? 10_000, options.pollMs ?? WATCHED_POLL_MS);
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const checkpoints = readModels.collection<Checkpoint>(CHECKPOINTS);
  for (let pollMs = 1; ; pollMs = Math.min(pollMs * 2, options.pollMs ?? 50)) {
    const checkpoint = await checkpoints.findOne({ _id: name });
    if (checkpoint && checkpoint.position >= position) return;
    if (Date.now() > deadline) throw busy();
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

type Checkpoint = { _id: string; position: number };

/** told of every checkpoint written, a process polls only in case its LISTEN connection is lost (or not listening yet) */
const WATCHED_POLL_MS = 200;

const busy = () => new DomainError('service_unavailable');

interface Waiter {
  target: number;
  resolve(): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

const followers = new WeakMap<ReadModelStore, Map<string, CheckpointFollower>>();

function followerOf(readModels: ReadModelStore, name: string): CheckpointFollower {
  let byName = followers.get(readModels);
  if (!byName) followers.set(readModels, (byName = new Map()));
  let follower = byName.get(name);
  if (!follower) byName.set(name, (follower = new CheckpointFollower(readModels, name)));
  return follower;
}

/**
 * Everyone in this process waiting on one projection's checkpoint, served by one read at a time:
 * told of a checkpoint written (PostgreSQL's NOTIFY), it reads it once for all of them, rather than
 * once per waiting request (at hundreds of commands a second, that was most of the read-model
 * pool's work). A waiter that comes while a read runs gets a read after it; a sparse poll stands
 * in while the LISTEN connection is lost. docs/architecture.md#read-models-on-postgresql
 */
class CheckpointFollower {
  private readonly waiters = new Set<Waiter>();
  private reading = false;
  private again = false;
  private unwatch: (() => void) | undefined;
  private poll: NodeJS.Timeout | undefined;

  constructor(
    private readonly readModels: ReadModelStore,
    private readonly name: string,
  ) {}

  wait(target: number, timeoutMs: number, pollMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        target,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          this.idle();
          reject(busy());
        }, timeoutMs),
      };
      this.waiters.add(waiter);
      this.unwatch ??= this.readModels.watch?.(CHECKPOINTS, () => this.read());
      if (!this.poll) {
        this.poll = setInterval(() => this.read(), pollMs);
        this.poll.unref();
      }
      this.read();
    });
  }

  private read(): void {
    if (this.reading) {
      this.again = true;
      return;
    }
    if (this.waiters.size === 0) return;
    this.reading = true;
    this.again = false;
    this.readModels
      .collection<Checkpoint>(CHECKPOINTS)
      .findOne({ _id: this.name })
      .then(
        (checkpoint) => {
          if (checkpoint) this.settle(checkpoint.position);
        },
        // an outage: the waiters stay until their time is out (the poll tries again)
        () => undefined,
      )
      .finally(() => {
        this.reading = false;
        if (this.again) this.read();
        else this.idle();
      });
  }

  private settle(position: number): void {
    for (const waiter of this.waiters) {
      if (waiter.target > position) continue;
      clearTimeout(waiter.timer);
      this.waiters.delete(waiter);
      waiter.resolve();
    }
  }

  private idle(): void {
    if (this.waiters.size > 0 || this.reading) return;
    clearInterval(this.poll);
    this.poll = undefined;
    this.unwatch?.();
    this.unwatch = undefined;
  }
}

/**
 * The one spelling of read-your-writes for a module: `settled(position)` waits until every named
 * projection has applied `position`; with no position (nothing appended) it returns at once.
 */
export function settledOn(readModels: ReadModelStore, ...names: string[]) {
  return async (position: number | undefined): Promise<void> => {
    if (position === undefined) return;
    for (const name of names) await waitForProjection(readModels, name, position);
  };
}

/**
 * Read-your-writes of one document, the one spelling every read side hands its command side:
 * once `settled(position)`, the view of the document `find` finds, else 404 `not_found`.
 */
export function viewAfter<Doc, View>(
  settled: (position: number | undefined) => Promise<void>,
  find: (id: string) => Promise<Doc | null>,
  toView: (doc: Doc) => View | Promise<View>,
) {
  return async (id: string, position: number | undefined): Promise<View> => {
    await settled(position);
    const doc = await find(id);
    if (!doc) throw notFound();
    return toView(doc);
  };
}
