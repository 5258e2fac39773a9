// Preloaded by `NODE_OPTIONS=--import ./bench/http/without-log-context.mjs npm run bench:http` (bench/README.md):
// AsyncLocalStorage.run only calls its function, so the request log context is never entered and
// Node never turns on its promise hooks; the difference with a normal run is what the log context costs.
import { AsyncLocalStorage } from 'node:async_hooks';

AsyncLocalStorage.prototype.run = function run(_store, callback, ...args) {
  return callback(...args);
};
