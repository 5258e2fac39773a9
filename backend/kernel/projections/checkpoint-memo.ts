import type { ReadModelStore } from '../../platform/readmodels/port';
import { CHECKPOINTS } from './checkpoints';

/** answers kept per checkpoint (forgotten all at once when full) */
const KEPT = 500;

/**
 * Answers built from projection `projection`'s read model, each built once per position of its
 * checkpoint. The checkpoint is read on every call (one small document, where the answer would
 * read many and serialise them): it moves only after the projection wrote its documents, so an
 * answer is never older than what a read of the read model would give, and read-your-writes
 * (`settledOn`) holds as before. `key` names everything else the answer depends on (the id, the
 * visitor's country, live figures' versions).
 */
export function checkpointMemo<T>(readModels: ReadModelStore, projection: string) {
  const readCheckpoint = checkpointReader(readModels, projection);
  let position: number | null | undefined;
  let answers = new Map<string, T>();
  return async function memo(key: string, build: () => Promise<T>): Promise<T> {
    const current = await readCheckpoint();
    if (current !== position) {
      position = current;
      answers = new Map();
    }
    const kept = answers;
    if (kept.has(key)) return kept.get(key)!;
    const answer = await build();
    // built while the checkpoint moved on: answered, not kept
    if (kept === answers) {
      if (kept.size >= KEPT) kept.clear();
      kept.set(key, answer);
    }
    return answer;
  };
}

/** Reads projection `projection`'s checkpoint (null before its first batch), without a copy where the store can. */
function checkpointReader(readModels: ReadModelStore, projection: string) {
  const checkpoints = readModels.collection<{ _id: string; position: number }>(CHECKPOINTS);
  const find = checkpoints.findOneShared?.bind(checkpoints) ?? checkpoints.findOne.bind(checkpoints);
  return Object.assign(async () => (await find({ _id: projection }))?.position ?? null, {
    free: checkpoints.findOneShared !== undefined,
  });
}

/** A store that can neither read a checkpoint for free nor tell of its writes: read at most this often. */
const UNTOLD_CHECK_MS = 50;
/** A store that tells of its writes is still read this often (its listening connection may be down a while). */
const TOLD_CHECK_MS = 1_000;

/**
 * Projection `projection`'s checkpoint for a cache of its own that may not read it on every call:
 * read on every call where that is free (in memory), else re-read once the store told of a
 * checkpoint written (`watch`, and every TOLD_CHECK_MS while its listener may be down), else at
 * most every UNTOLD_CHECK_MS. Where the store can tell, the cache is never staler than the read
 * model: a page refetching after a push must not get what it showed before the push.
 */
export function checkpointPosition(readModels: ReadModelStore, projection: string): () => Promise<number | null> {
  const read = checkpointReader(readModels, projection);
  if (read.free) return read;
  let known: number | null = null;
  let checkedAt = -Infinity;
  let told = true;
  let watching: boolean | undefined;
  return async () => {
    // watched from the first call on (a process that never makes one opens no listener)
    watching ??=
      readModels.watch?.(CHECKPOINTS, () => {
        told = true;
      }) !== undefined;
    const nowMs = Date.now();
    if (told || nowMs - checkedAt >= (watching ? TOLD_CHECK_MS : UNTOLD_CHECK_MS)) {
      told = false;
      checkedAt = nowMs;
      known = await read();
    }
    return known;
  };
}
