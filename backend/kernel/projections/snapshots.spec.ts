/**
 * When a read-model snapshot is due (docs/architecture.md#read-model-snapshots-under-load): given a
 * policy and a clock, when events are applied and snapshots taken, then whether the next one is due.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import { createReadModelSnapshots, DEFAULT_SNAPSHOT_POLICY } from './snapshots';

describe('when a read-model snapshot is due', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'aura-snapshot-due-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** the default policy on a clock the test moves */
  function snapshotsAt() {
    const clock = { ms: 1_000_000 };
    const snapshots = createReadModelSnapshots({
      store: createMingoReadModelStore(),
      file: path.join(dir, 'readmodels.snapshot'),
      fingerprint: 'f',
      now: () => clock.ms,
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    return { snapshots, clock };
  }

  /** the same, once the process's first snapshot was taken after 20,000 events */
  function afterFirstSnapshot() {
    const taken = snapshotsAt();
    taken.snapshots.noteApplied(20_000);
    taken.snapshots.capture([]);
    return taken;
  }

  it('by default: every 20,000 events or 5 minutes, and after the first at most one a minute', () => {
    expect(DEFAULT_SNAPSHOT_POLICY).toEqual({ everyEvents: 20_000, everyMs: 300_000, minIntervalMs: 60_000 });
  });

  it('the first one, after a catch-up, as soon as enough events are applied', () => {
    const { snapshots } = snapshotsAt();
    snapshots.noteApplied(19_999);
    expect(snapshots.due()).toBe(false);
    snapshots.noteApplied(1);
    expect(snapshots.due()).toBe(true);
  });

  it('under a steady load, the next no sooner than a minute after the previous', async () => {
    const { snapshots, clock } = afterFirstSnapshot();
    // 13 s later, 20,000 more events: held back
    clock.ms += 13_000;
    snapshots.noteApplied(20_000);
    expect(snapshots.due()).toBe(false);
    clock.ms += 46_999;
    expect(snapshots.due()).toBe(false);
    clock.ms += 1;
    expect(snapshots.due()).toBe(true);
    await snapshots.flush([]);
  });

  it('a quiet process takes the next after 5 minutes, whatever the count', async () => {
    const { snapshots, clock } = afterFirstSnapshot();
    snapshots.noteApplied(3);
    clock.ms += 299_999;
    expect(snapshots.due()).toBe(false);
    clock.ms += 1;
    expect(snapshots.due()).toBe(true);
    await snapshots.flush([]);
  });

  it('nothing applied since the last one: none is due', async () => {
    const { snapshots, clock } = afterFirstSnapshot();
    clock.ms += 3_600_000;
    expect(snapshots.due()).toBe(false);
    await snapshots.flush([]);
  });
});
