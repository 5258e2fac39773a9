/**
 * For specs of pushes over reads (docs/architecture.md#push-over-read): a server whose value
 * changes while a read is on its way. The first read answers, once released, with what the server
 * held when it was asked; later reads answer at once with what it holds then.
 */
export function serverWithSlowFirstRead<T>(initial: T) {
  let value = initial;
  let reads = 0;
  let releaseFirst: () => void = () => undefined;
  const queryFn = () => {
    reads += 1;
    const answer = value;
    if (reads > 1) return Promise.resolve(answer);
    return new Promise<T>((resolve) => (releaseFirst = () => resolve(answer)));
  };
  return { queryFn, change: (next: T) => (value = next), releaseFirst: () => releaseFirst(), reads: () => reads };
}
