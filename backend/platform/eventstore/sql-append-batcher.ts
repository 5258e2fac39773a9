/**
 * Group commit for appends. Appends that arrive while the engine is busy wait in a queue and go
 * together, as one statement and one transaction, when a slot frees up: one commit (one WAL flush)
 * for many appends. Each append keeps its own expected-revision check and stays atomic: the
 * statement inserts only the appends whose check passes. A batch never holds two appends to one
 * stream (they would race each other), and if a batch fails, each append runs again alone so
 * that one append's failure (a lost race, a bad id) never fails another.
 */
import { MAX_EVENTS_PER_APPEND } from './sql-statements';

export interface AppendRequest {
  streamId: string;
  /** >= 0, or one of the EXPECTED_* constants */
  expected: number;
  events: { id: string; type: string; data: unknown; metadata: Record<string, unknown> }[];
}

type Int8 = string | number;

/** One row of the append statement; undefined when the append lost a race on a unique index. */
export interface AppendOutcome {
  current_revision: Int8 | null;
  expectation_met: boolean;
  last_revision: Int8 | null;
  last_position: Int8 | null;
  /** the transaction's time (its events' created_at), epoch ms */
  created_ms: number;
}

interface Pending {
  request: AppendRequest;
  resolve: (outcome: AppendOutcome | undefined) => void;
  reject: (error: unknown) => void;
}

const MAX_APPENDS_PER_BATCH = 200;
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === UNIQUE_VIOLATION;
}

export class AppendBatcher {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private gathering = false;

  constructor(
    /** runs the append statement for these requests; rows in the same order */
    private readonly execute: (requests: AppendRequest[]) => Promise<AppendOutcome[]>,
    private readonly maxInFlight: number,
    /**
     * An idle engine that runs on this thread (PGlite) blocks everything while it executes, so no
     * append ever arrives while one runs and none would go together: the first append of an idle
     * moment waits for the work already arrived (the requests of this turn of the event loop) to
     * submit theirs, and they share one statement and one commit.
     */
    private readonly gatherWhenIdle = false,
  ) {}

  submit(request: AppendRequest): Promise<AppendOutcome | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      if (!this.gatherWhenIdle || this.inFlight > 0) {
        this.dispatch();
      } else if (!this.gathering) {
        this.gathering = true;
        setImmediate(() => {
          this.gathering = false;
          this.dispatch();
        });
      }
    });
  }

  private dispatch(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.dispatch();
      });
    }
  }

  /** Oldest first, one append per stream, within the per-transaction event limit. */
  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const streams = new Set<string>();
    let eventCount = 0;
    const waiting: Pending[] = [];
    for (const pending of this.queue) {
      const { streamId, events } = pending.request;
      const fits =
        batch.length < MAX_APPENDS_PER_BATCH &&
        !streams.has(streamId) &&
        (batch.length === 0 || eventCount + events.length <= MAX_EVENTS_PER_APPEND);
      if (!fits) {
        waiting.push(pending);
        continue;
      }
      streams.add(streamId);
      eventCount += events.length;
      batch.push(pending);
    }
    this.queue.splice(0, this.queue.length, ...waiting);
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const outcomes = await this.execute(batch.map((pending) => pending.request));
      batch.forEach((pending, index) => pending.resolve(outcomes[index]));
    } catch (error) {
      const [only] = batch;
      if (batch.length > 1) {
        for (const pending of batch) await this.run([pending]);
      } else if (only && isUniqueViolation(error)) {
        only.resolve(undefined);
      } else {
        only?.reject(error);
      }
    }
  }
}
