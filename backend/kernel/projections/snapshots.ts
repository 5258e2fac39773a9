import path from 'node:path';
/**
 * Snapshots of the in-memory read models, so a start replays only the events after them. The
 * runner decides when (between two batches, never inside one); this decides whether it is due and
 * writes the file in the background (snapshot-file.ts: atomic, checksummed, checkpoints inside).
 *
 * A snapshot serves only the code that wrote it (`fingerprint`): after an upgrade the read models
 * are rebuilt from the log, keeping only the reactions' checkpoints (they hold no documents, and
 * replaying them would redo their work). A reaction's checkpoint is saved only as of a moment when
 * the jobs it enqueued were all done (`jobsSettled`), since an in-process queue loses pending jobs
 * in a crash and the replay of the reaction is what enqueues them again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { codeFingerprint } from '../../platform/code-fingerprint';
import type { InProcessJobQueue } from '../../platform/jobs/in-process';
import type { Logger } from '../../platform/logging/logger';
import type { MingoReadModelStore } from '../../platform/readmodels/mingo';
import type { Doc } from '../../platform/readmodels/port';
import {
  readSnapshotFile,
  removeTemporarySnapshot,
  writeSnapshotFile,
  type SnapshotStep,
} from '../../platform/readmodels/snapshot-file';
import type { Clock } from '../../platform/clock';
import { CHECKPOINTS } from './checkpoints';
import type { ProjectionDefinition } from './definition';

export interface SnapshotPolicy {
  /** a snapshot is due after this many applied events... */
  everyEvents: number;
  /** ...or this long after the previous one when anything was applied */
  everyMs: number;
  /**
   * ...but, after this process's first one, no sooner than this after the previous one: each writes
   * every document, so under a steady load they would otherwise come every few seconds
   * (docs/architecture.md#read-model-snapshots-under-load)
   */
  minIntervalMs: number;
}

export interface ReadModelSnapshotsOptions {
  store: MingoReadModelStore;
  file: string;
  fingerprint: string;
  policy?: Partial<SnapshotPolicy>;
  /** true when no job enqueued so far is pending; omit for a durable queue */
  jobsSettled?: () => boolean;
  /** when (in `now`'s ms) the last delayed job is due: a stop does not wait for jobs due after its bound */
  jobsDueAt?: () => number;
  /** a clean stop waits up to this long for pending jobs, so its snapshot keeps the reactions' checkpoints (default 5 s) */
  settleTimeoutMs?: number;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** business time (the clock port's `nowMs`): the policy's intervals and floor are counted on it */
  now?: () => number;
  /** tests: a throw before a step of the write stands for a crash there */
  beforeStep?: (step: SnapshotStep) => void;
}

export interface RestoreReport {
  restored: 'read models' | 'reaction checkpoints' | 'nothing';
  reason?: string;
  documents?: number;
}

export interface ReadModelSnapshots {
  /** loads the last usable snapshot into the store (before the runner reads its checkpoints) */
  restore(): Promise<RestoreReport>;
  /** counts events applied since the last capture */
  noteApplied(events: number): void;
  due(): boolean;
  /** takes the store as it is now (synchronously: call it between batches) and writes it in the background */
  capture(projections: readonly ProjectionDefinition[]): void;
  /**
   * At a clean stop: waits (a bounded time) for pending jobs, captures what was applied since the
   * last capture (or reaction checkpoints held back then), then waits until every write is on disk.
   */
  flush(projections: readonly ProjectionDefinition[]): Promise<void>;
}

type Checkpoint = Doc & { position: number };
type Manifest = { name: string; collections: readonly string[] }[];

export const DEFAULT_SNAPSHOT_POLICY: SnapshotPolicy = {
  everyEvents: 20_000,
  everyMs: 5 * 60_000,
  minIntervalMs: 60_000,
};

export function createReadModelSnapshots(options: ReadModelSnapshotsOptions): ReadModelSnapshots {
  const policy = { ...DEFAULT_SNAPSHOT_POLICY, ...options.policy };
  const now = options.now ?? Date.now;
  const logger = options.logger ?? { info: () => {}, warn: console.warn, error: console.error };
  let applied = 0;
  let lastCapture = now();
  /** a capture was taken since this process started (the first one, after a catch-up, is not held back) */
  let captured = false;
  let writing: Promise<void> = Promise.resolve();
  /** reaction checkpoints whose jobs were all done when they were taken */
  let settledReactions = new Map<string, Checkpoint>();
  /** the last capture held some reaction checkpoints back (jobs were pending) */
  let reactionsBehind = false;

  const reactionNames = (projections: readonly { name: string; collections: readonly string[] }[]) =>
    new Set(
      projections.filter((projection) => projection.collections.length === 0).map((projection) => projection.name),
    );

  return {
    async restore() {
      await removeTemporarySnapshot(options.file);
      const read = await readSnapshotFile(options.file);
      if ('missing' in read) {
        logger.info('read-model snapshot: none to restore, replaying the log', { reason: read.missing });
        return { restored: 'nothing', reason: read.missing };
      }
      const { header, collections } = read.snapshot;
      const manifest = (header.meta.projections ?? []) as Manifest;
      const reactions = reactionNames(manifest);
      const checkpoints = collections.find((collection) => collection.name === CHECKPOINTS);
      settledReactions = new Map(
        (checkpoints?.docs ?? []).filter((doc) => reactions.has(doc._id)).map((doc) => [doc._id, doc as Checkpoint]),
      );
      if (header.fingerprint === options.fingerprint) {
        options.store.load(collections);
        const documents = collections.reduce((sum, collection) => sum + collection.docs.length, 0);
        logger.info('read-model snapshot restored', { createdAt: header.createdAt, documents });
        return { restored: 'read models', documents };
      }
      options.store.load(checkpoints ? [{ ...checkpoints, docs: [...settledReactions.values()] }] : []);
      logger.info('read-model snapshot is from other code: rebuilding the read models from the log', {
        createdAt: header.createdAt,
      });
      return { restored: 'reaction checkpoints', reason: 'written by other code' };
    },

    noteApplied(events) {
      applied += events;
    },

    due() {
      const since = now() - lastCapture;
      return (
        (applied >= policy.everyEvents && (!captured || since >= policy.minIntervalMs)) ||
        (applied > 0 && since >= policy.everyMs)
      );
    },

    capture(projections) {
      const collections = options.store.dump();
      const reactions = reactionNames(projections);
      const checkpoints = collections.find((collection) => collection.name === CHECKPOINTS);
      if (checkpoints) {
        const current = checkpoints.docs.filter((doc) => reactions.has(doc._id)) as Checkpoint[];
        reactionsBehind = !(options.jobsSettled?.() ?? true);
        if (!reactionsBehind) settledReactions = new Map(current.map((doc) => [doc._id, doc]));
        checkpoints.docs = [...checkpoints.docs.filter((doc) => !reactions.has(doc._id)), ...settledReactions.values()];
      }
      const header = {
        fingerprint: options.fingerprint,
        createdAt: new Date(now()).toISOString(),
        meta: { projections: projections.map(({ name, collections: owned }) => ({ name, collections: owned })) },
        collections: collections.map(({ name, indexes, docs }) => ({ name, indexes, count: docs.length })),
      };
      applied = 0;
      lastCapture = now();
      captured = true;
      const write = async () => {
        const started = now();
        const { bytes } = await writeSnapshotFile(
          { file: options.file, beforeStep: options.beforeStep },
          { header, collections },
        );
        logger.info('read-model snapshot written', { bytes, ms: now() - started });
      };
      writing = writing
        .then(write)
        .catch((error: unknown) =>
          logger.error('read-model snapshot failed (the log still has everything)', { error }),
        );
    },

    async flush(projections) {
      if (applied > 0 || reactionsBehind) {
        // without this, a stop soon after a long catch-up (jobs of the replay still pending) would
        // leave the reactions without a checkpoint, and the next start would read the whole log again
        // (not for a job delayed past the bound, such as a session request's expiry: it cannot be done in time)
        const settleMs = options.settleTimeoutMs ?? 5_000;
        const deadline = Date.now() + settleMs;
        const bound = now() + settleMs;
        const settles = () => (options.jobsDueAt?.() ?? 0) <= bound;
        while (options.jobsSettled && !options.jobsSettled() && Date.now() < deadline && settles()) await sleep(25);
        this.capture(projections);
      }
      await writing;
    },
  };
}

/**
 * The embedded read models' snapshots under DATA_DIR, fingerprinted by the code that builds them
 * (a changed projection rebuilds from the log instead of restoring a stale snapshot).
 */
export async function embeddedSnapshots(
  store: MingoReadModelStore,
  options: {
    dataDir: string;
    jobs?: InProcessJobQueue;
    logger: Logger;
    beforeStep?: ReadModelSnapshotsOptions['beforeStep'];
    clock?: Clock;
  },
): Promise<ReadModelSnapshots> {
  const { jobs } = options;
  const backend = path.resolve(__dirname, '../..');
  return createReadModelSnapshots({
    store,
    file: path.join(options.dataDir, 'readmodels.snapshot'),
    fingerprint: await codeFingerprint(
      [backend, path.resolve(backend, '../contracts/src')],
      [path.resolve(backend, '../package-lock.json')],
    ),
    jobsSettled: jobs && (() => jobs.pending() === 0),
    jobsDueAt: jobs && (() => jobs.lastDueAt()),
    logger: options.logger.child({ component: 'snapshots' }),
    beforeStep: options.beforeStep,
    now: options.clock?.nowMs,
  });
}
