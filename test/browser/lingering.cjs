// What keeps the browser tier's jest alive after its last test (issue 35 item 7). A file run in band
// (one file, or --runInBand) runs in jest's own process, so a timer, socket, server or child process
// it left behind keeps that process up, and scripts/test-tiers.mjs kills it after TEST_LEAK_GRACE_S
// (a leak in one of the tier's two workers is reported by jest, and fails the tier there). This
// names the culprit in the log of the run it happened in: global-setup.mjs records where every
// referenced timer of a second or more was set; global-teardown.mjs reports, a few seconds later and
// only if the process is still up, the handles and timers that remain.
const LONG_TIMER_MS = 1_000;
const REPORT_AFTER_MS = 3_000;

/** Timers of a second or more not yet fired nor cleared, and the stack that set each. */
const pending = new Map();

function recorded(original, clear, repeats) {
  const wrapped = function (callback, delay, ...args) {
    if (typeof callback !== 'function' || !(delay >= LONG_TIMER_MS))
      return original.call(this, callback, delay, ...args);
    const timer = original.call(
      this,
      function (...given) {
        if (!repeats) pending.delete(timer);
        return callback.apply(this, given);
      },
      delay,
      ...args,
    );
    pending.set(timer, new Error(`${repeats ? 'setInterval' : 'setTimeout'}(${delay} ms)`).stack);
    return timer;
  };
  // (util.promisify's custom form and the like)
  for (const key of Reflect.ownKeys(original))
    if (!['length', 'name', 'prototype'].includes(key))
      Object.defineProperty(wrapped, key, Object.getOwnPropertyDescriptor(original, key));
  const clearing = function (timer) {
    pending.delete(timer);
    return clear.call(this, timer);
  };
  return [wrapped, clearing];
}

/** From now on, remembers where each long timer was set (global-setup.mjs, before the test files load). */
function recordLongTimers() {
  [globalThis.setTimeout, globalThis.clearTimeout] = recorded(globalThis.setTimeout, globalThis.clearTimeout, false);
  [globalThis.setInterval, globalThis.clearInterval] = recorded(globalThis.setInterval, globalThis.clearInterval, true);
}

function describeHandle(handle) {
  const kind = handle?.constructor?.name ?? typeof handle;
  if (handle === process.stdout || handle === process.stderr || handle === process.stdin) return undefined;
  if (kind === 'Socket' || kind === 'TLSSocket') {
    const ends = `${handle.localAddress ?? '?'}:${handle.localPort ?? '?'} -> ${handle.remoteAddress ?? '?'}:${handle.remotePort ?? '?'}`;
    return `${kind} ${ends}${handle.destroyed ? ' (destroyed)' : ''}`;
  }
  if (kind === 'Server') {
    const address = handle.address?.();
    return `Server listening on ${typeof address === 'string' ? address : `${address?.address}:${address?.port}`}`;
  }
  if (kind === 'ChildProcess') return `ChildProcess ${handle.pid} ${handle.spawnargs?.join(' ').slice(0, 200)}`;
  return kind;
}

/** What still holds the process open, one line each: handles, then the long timers still referenced with where they were set. */
function lingering() {
  const handles = process
    ._getActiveHandles()
    .map(describeHandle)
    .filter((line) => line !== undefined);
  const timers = [...pending]
    .filter(([timer]) => typeof timer?.hasRef !== 'function' || timer.hasRef())
    .map(([, stack]) => stack.split('\n').slice(0, 8).join('\n    '));
  return [...handles, ...timers];
}

/** Prints what still holds the process REPORT_AFTER_MS from now, if it is still up then (global-teardown.mjs). */
function reportLingeringSoon(tier) {
  const report = setTimeout(() => {
    const lines = lingering();
    process.stderr.write(
      `\n${tier}: still open ${REPORT_AFTER_MS / 1000} s after the last test (${process.getActiveResourcesInfo().join(', ')}):\n` +
        (lines.length > 0 ? lines.map((line) => `  ${line}`).join('\n') : '  (nothing this report can name)') +
        '\n',
    );
  }, REPORT_AFTER_MS);
  report.unref();
}

module.exports = { recordLongTimers, reportLingeringSoon, lingering };
