/**
 * bench:show (media): for the embedded SFU and for Janus (when /usr/bin/janus is installed), with
 * headless werift peers on this host: a new viewer's first frame (p50/p95 over JOINS joins) and how
 * many viewers are held at ≥ 20 received frames/s, with the CPU per viewer (docs/architecture.md#media-path).
 * The publisher sends 30 frames/s. Embedded: the CPU is this process's (the SFU and the headless
 * viewers together, an upper bound); Janus: the janus process's own (/proc/<pid>/stat).
 *   npm run bench:show [-- --joins 20 --steps 10,20,40,80]  (default steps: each SFU up to its SHOW_MAX_VIEWERS default,
 *   50 embedded, 200 on Janus; past what this host's headless viewers can drive, the highest step held is reported)
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { PeerConfig } from 'werift';
import { SHOW_MAX_VIEWERS_DEFAULT } from '../../backend/platform/config/config';
import { createEmbeddedSfu } from '../../backend/platform/sfu/embedded';
import { createJanusSfu } from '../../backend/platform/sfu/janus';
import { janusInstalled, janusPeerConfig, startJanus, type JanusServer } from '../../backend/platform/sfu/janus-server';
import type { ShowMedia } from '../../backend/platform/sfu/port';
import {
  closeLeftoverLoopbackSockets,
  fakePublisher,
  fakeViewer,
  LOOPBACK_PEER_CONFIG,
  type FakeViewer,
} from '../../backend/platform/sfu/werift-peers';

const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1]! : fallback;
};
const JOINS = Number(arg('joins', '20'));
const stepsOf = (fallback: string) => arg('steps', fallback).split(',').map(Number);
/** each SFU ramps to its room cap's default (SHOW_MAX_VIEWERS_DEFAULT) */
const STEPS = {
  embedded: stepsOf([10, 20, 40, SHOW_MAX_VIEWERS_DEFAULT.embedded].join(',')),
  janus: stepsOf([10, 20, 40, 80, 120, 160, SHOW_MAX_VIEWERS_DEFAULT.janus].join(',')),
};
const FPS = 30;
const WINDOW_MS = 4_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const withTimeout = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, sleep(ms).then(() => undefined)]);

/** CPU seconds used so far by whatever the SFU is */
type CpuClock = () => number;
const ownCpu: CpuClock = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
const processCpu =
  (pid: number): CpuClock =>
  () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat; here indexed from field 3
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };

async function firstFrames(media: ShowMedia, peerConfig: Partial<PeerConfig>) {
  const showId = randomUUID();
  await media.openRoom(showId, { maxViewers: 10_000 });
  const publisher = await fakePublisher(media, showId, { fps: FPS, keyframeEvery: 10 * FPS, peerConfig });
  const times: number[] = [];
  for (let i = 0; i < JOINS; i += 1) {
    const viewer = await fakeViewer(media, showId, `first-${i}`, { peerConfig });
    if (typeof viewer === 'string') throw new Error(viewer);
    const ms = await withTimeout(viewer.firstFrame, 10_000);
    if (ms !== undefined) times.push(ms);
    await media.dropViewer(showId, `first-${i}`);
    await viewer.close();
  }
  await publisher.stop();
  await media.closeRoom(showId);
  return { p50: percentile(times, 50), p95: percentile(times, 95), timedOut: JOINS - times.length };
}

async function ramp(media: ShowMedia, peerConfig: Partial<PeerConfig>, cpu: CpuClock, steps: number[]) {
  const showId = randomUUID();
  await media.openRoom(showId, { maxViewers: 10_000 });
  const publisher = await fakePublisher(media, showId, { fps: FPS, keyframeEvery: 10 * FPS, peerConfig });
  const viewers: FakeViewer[] = [];
  const rows: { viewers: number; minFps: number; medianFps: number; cpuPerViewerPct: number; cpuTotalPct: number }[] =
    [];
  for (const target of steps) {
    while (viewers.length < target) {
      const viewer = await fakeViewer(media, showId, `v-${viewers.length}`, { peerConfig });
      if (typeof viewer === 'string') throw new Error(viewer);
      viewers.push(viewer);
    }
    await Promise.all(viewers.map((viewer) => withTimeout(viewer.firstFrame, 10_000)));
    await sleep(1_000);
    const frames = viewers.map((viewer) => viewer.frames);
    const sentAtStart = publisher.framesSent;
    const cpuStart = cpu();
    const started = performance.now();
    await sleep(WINDOW_MS);
    const seconds = (performance.now() - started) / 1000;
    const cpuPct = ((cpu() - cpuStart) / seconds) * 100;
    const fps = viewers.map((viewer, i) => (viewer.frames - frames[i]!) / seconds);
    const sentFps = (publisher.framesSent - sentAtStart) / seconds;
    const row = {
      viewers: target,
      minFps: Math.min(...fps),
      medianFps: percentile(fps, 50),
      cpuPerViewerPct: cpuPct / target,
      cpuTotalPct: cpuPct,
    };
    rows.push(row);
    console.log(
      `  ${target} viewers (publisher sent ${sentFps.toFixed(1)}/s): ` +
        `received frames/s min ${row.minFps.toFixed(1)}, median ${row.medianFps.toFixed(1)}, ` +
        `${fps.filter((value) => value < 20).length} below 20; ` +
        `CPU ${cpuPct.toFixed(0)} % of a core (${row.cpuPerViewerPct.toFixed(2)} % per viewer)`,
    );
    if (row.minFps < 20) break;
  }
  for (const viewer of viewers) await viewer.close();
  await publisher.stop();
  await media.closeRoom(showId);
  const held = rows.filter((row) => row.minFps >= 20).at(-1);
  return { held: held?.viewers ?? 0, rows };
}

async function run(name: string, media: ShowMedia, peerConfig: Partial<PeerConfig>, cpu: CpuClock, steps: number[]) {
  console.log(`${name}:`);
  const first = await firstFrames(media, peerConfig);
  console.log(
    `  first frame for a new viewer over ${JOINS} joins: p50 ${first.p50.toFixed(0)} ms, p95 ${first.p95.toFixed(0)} ms` +
      (first.timedOut ? ` (${first.timedOut} without a frame in 10 s)` : ''),
  );
  const held = await ramp(media, peerConfig, cpu, steps);
  console.log(`  viewers held at ≥ 20 frames/s: ${held.held} (of the steps ${steps.join(', ')})`);
}

async function main() {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`bench:show media — publisher ${FPS} frames/s, load average ${load}`);
  const embedded = createEmbeddedSfu({ maxViewers: 10_000, peerConfig: LOOPBACK_PEER_CONFIG });
  await run('embedded (werift in this process)', embedded, LOOPBACK_PEER_CONFIG, ownCpu, STEPS.embedded);
  await embedded.close();
  closeLeftoverLoopbackSockets();
  if (!janusInstalled()) {
    console.log('janus: /usr/bin/janus is not installed, skipped');
    return;
  }
  let janus: JanusServer | undefined;
  try {
    janus = await startJanus();
    const media = await createJanusSfu({ url: janus.url, apiSecret: janus.apiSecret, maxViewers: 10_000 });
    await run(`janus (pid ${janus.pid})`, media, janusPeerConfig(), processCpu(janus.pid), STEPS.janus);
    await media.close();
  } finally {
    await janus?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
