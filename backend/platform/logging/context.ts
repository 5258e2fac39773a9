import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while handling one request or one job names (docs/architecture.md#operations). */
export interface LogContext {
  requestId?: string;
  job?: string;
  jobId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` with these fields on every log line it writes, and on the jobs it enqueues (`requestId`). */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

export function logContext(): LogContext | undefined {
  return storage.getStore();
}
