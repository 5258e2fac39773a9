/**
 * Runs `task` once the browser is idle after the first screen (at the latest after `timeoutMs`):
 * for what the first screen does not need but the page soon will (the toaster, the realtime link).
 * Returns a cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window === 'undefined') return () => {};
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
