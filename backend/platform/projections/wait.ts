import type { ReadModelStore } from '../readmodels/port';
import { DomainError } from '../domain-error';

const CHECKPOINTS = '_checkpoints';

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
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const checkpoints = readModels.collection<{ _id: string; position: number }>(CHECKPOINTS);
  // told of each checkpoint written (PostgreSQL's NOTIFY), it looks again at once; the polling,
  // sparser then, stands in while that is down
  let told: boolean | undefined;
  let wake: (() => void) | undefined;
  const unwatch = readModels.watch?.(CHECKPOINTS, () => {
    told = true;
    wake?.();
  });
  try {
    for (let pollMs = unwatch ? 20 : 1; ; pollMs = Math.min(pollMs * 2, options.pollMs ?? 50)) {
      told = false;
      const checkpoint = await checkpoints.findOne({ _id: name });
      if (checkpoint && checkpoint.position >= position) return;
      if (Date.now() > deadline) throw new DomainError('service_unavailable', 'Il servizio è occupato, riprova tra poco');
      if (told) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  } finally {
    unwatch?.();
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
