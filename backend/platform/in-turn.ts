/**
 * Work run one at a time per key, in the order it was asked for: a purchase start per user, a
 * socket's signalling per show, a show's viewer counts. A failed turn does not stop the next one.
 */
export function inTurnPerKey() {
  const running = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const turn = (running.get(key) ?? Promise.resolve()).then(work, work);
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    running.set(key, settled);
    void settled.then(() => (running.get(key) === settled ? running.delete(key) : undefined));
    return turn;
  };
}
