import type { Logger } from '../logging/logger';

/** Stops cleanly on SIGINT/SIGTERM; a second signal, or a stop that hangs, forces the exit. */
export function onShutdown(logger: Logger, stop: () => Promise<void>) {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
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
