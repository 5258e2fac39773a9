import type { ReadModelStore } from '../readmodels/port';
import { CHECKPOINTS } from './runner';

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
  const checkpoints = readModels.collection<{ _id: string; position: number }>(CHECKPOINTS);
  const readCheckpoint = checkpoints.findOneShared?.bind(checkpoints) ?? checkpoints.findOne.bind(checkpoints);
  let position: number | null | undefined;
  let answers = new Map<string, T>();
  return async function memo(key: string, build: () => Promise<T>): Promise<T> {
    const current = (await readCheckpoint({ _id: projection }))?.position ?? null;
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
