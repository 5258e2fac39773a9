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

module.exports = class NodeEnvironment extends TestEnvironment {
  async teardown() {
    await super.teardown();
    for (const storage of storagesRun) storage.disable();
    storagesRun.clear();
  }
};
