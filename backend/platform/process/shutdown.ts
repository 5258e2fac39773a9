import type { Logger } from '../logging/logger';

const SHUTDOWN_LIMIT_MS = 10_000;

/** Stops cleanly on SIGINT/SIGTERM; a second signal, or a stop that hangs, forces the exit. */
export function onShutdown(logger: Logger, stop: () => Promise<void>) {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn('second signal while shutting down: exiting at once', { signal });
      process.exit(1);
    }
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.error('shutdown did not finish in time: exiting', { signal, afterMs: SHUTDOWN_LIMIT_MS });
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error('shutdown failed', { error });
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/** Runs an entry point's main; a failure to start prints the error and exits non-zero. */
export function runMain(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
