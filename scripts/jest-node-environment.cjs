// jest's node environment for every tier (jest.config.js): each test file loads jest-circus afresh
// in the same process, and each copy runs its own AsyncLocalStorage (so does the code under test:
// the log context), which stays enabled after the file ends. Every promise created afterwards
// visits every enabled storage, so each test file paid for all the files before it. The storages a
// file ran are disabled when it ends (a storage that runs again enables itself again).
const { AsyncLocalStorage } = require('node:async_hooks');
const { TestEnvironment } = require('jest-environment-node');

const storagesRun = new Set();
for (const method of ['run', 'enterWith']) {
  const original = AsyncLocalStorage.prototype[method];
  AsyncLocalStorage.prototype[method] = function (...args) {
    storagesRun.add(this);
    return original.apply(this, args);
  };
}

// A jest worker ends when its loop empties (jest drops its IPC listener once every file ran), and
// then Node frees the worker's whole heap before the process is gone: after a tier's files, a
// heap of a gigabyte or more, which took longer than the half second jest waits before it kills
// the worker and warns of a leak. Exiting there skips that teardown; a worker that something
// holds open (a socket, a timer) never gets there, and is still killed and reported
// (scripts/test-tiers.mjs fails its tier).
if (process.env.JEST_WORKER_ID && process.send) process.once('beforeExit', (code) => process.exit(code));

module.exports = class NodeEnvironment extends TestEnvironment {
  async teardown() {
    await super.teardown();
    for (const storage of storagesRun) storage.disable();
    storagesRun.clear();
  }
};
