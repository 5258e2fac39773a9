/**
 * A public show's tips → the goal bar on every viewer. Run with `npx tsx bench/show/tips.ts` (see
 * bench/README.md). The whole app on the embedded adapters in this process (the test harness,
 * generous rate limits), one performer live with a goal, BENCH_VIEWERS (50) Socket.IO viewers in
 * her room (visitors), and BENCH_TIPPERS (5) funded users tipping in turn, BENCH_TIPS (200) tips at
 * BENCH_RATE (20) a second, open loop. For each tip, the time from sending the POST to each
 * viewer's 'show:goal' push showing that tip's progress: p50 / p95 / p99 / max over every
 * (tip, viewer) pair, and the POST's own answer. Nothing asserts on time.
 */
import { io as connect, type Socket } from 'socket.io-client';
import type { ShowGoalView } from '@aura/contracts';
import { superadminClient } from '../../backend/test/admin-session';
import { startTestApp } from '../../backend/test/app-harness';
import { fundedUser, onlinePerformer } from '../../backend/test/session-helpers';

const settings = {
  viewers: Number(process.env.BENCH_VIEWERS ?? 50),
  tippers: Number(process.env.BENCH_TIPPERS ?? 5),
  tips: Number(process.env.BENCH_TIPS ?? 200),
  rate: Number(process.env.BENCH_RATE ?? 20),
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const app = await startTestApp();
  const sockets: Socket[] = [];
  try {
    const admin = await superadminClient(app);
    const performer = await onlinePerformer(app.url, admin);
    const show = (await performer.http.post('/api/shows', { title: 'Bench' })).json as { id: string };
    // a goal no tip run reaches: every tip moves the bar
    await performer.http.post(`/api/shows/${show.id}/goals`, { description: 'Bench', target: 1_000_000 });
    const tippers = await Promise.all(
      Array.from({ length: settings.tippers }, () => fundedUser(app, admin, settings.tips * 2)),
    );

    /** progress (auracoin) → when each viewer heard it */
    const heard = new Map<number, number[]>();
    for (let index = 0; index < settings.viewers; index++) {
      const socket = connect(app.url, { transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      await new Promise((resolve) => socket.emit('show:join', show.id, resolve));
      socket.on('show:goal', ({ goal }: { goal: ShowGoalView | null }) => {
        if (!goal) return;
        const at = performance.now();
        const list = heard.get(goal.progress) ?? [];
        list.push(at);
        heard.set(goal.progress, list);
      });
    }
    await app.settled();

    // every tip is 1 auracoin: the n-th tip's progress is n, whatever order they are counted in
    const sentAt: number[] = [];
    const answers: number[] = [];
    const posts: Promise<void>[] = [];
    const started = performance.now();
    for (let n = 0; n < settings.tips; n++) {
      const due = started + (n * 1000) / settings.rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const tipper = tippers[n % tippers.length]!;
      const sent = performance.now();
      sentAt.push(sent);
      posts.push(
        tipper.http
          .post(`/api/shows/${show.id}/tips`, { amount: 1 }, { 'idempotency-key': `bench-${n}` })
          .then((answer) => {
            if (answer.status !== 201) throw new Error(`tip ${n}: ${answer.status} ${answer.text}`);
            answers.push(performance.now() - sent);
          }),
      );
    }
    await Promise.all(posts);
    const until = performance.now() + 10_000;
    while ((heard.get(settings.tips)?.length ?? 0) < settings.viewers && performance.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));

    // the push showing progress n answers the n-th tip sent (tips are counted in the order they
    // commit; a later one may land first, so this is the time to the bar reaching n)
    const latencies: number[] = [];
    let missing = 0;
    for (let n = 1; n <= settings.tips; n++) {
      const times = heard.get(n) ?? [];
      missing += Math.max(0, settings.viewers - times.length);
      for (const at of times) latencies.push(at - sentAt[n - 1]!);
    }
    latencies.sort((a, b) => a - b);
    answers.sort((a, b) => a - b);
    process.stdout.write(
      [
        `show tips → goal bar: ${settings.tips} tips at ${settings.rate}/s from ${settings.tippers} users, ${settings.viewers} viewers`,
        `  bar updates seen: ${latencies.length} of ${settings.tips * settings.viewers} ` +
          `(missing ${missing}; pushes coalesce nothing, a batch of tips may show only its last progress)`,
        `  tip POST → every viewer's goal bar: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, ` +
          `p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`,
        `  POST answer: p50 ${ms(percentile(answers, 50))}, p99 ${ms(percentile(answers, 99))}`,
        '',
      ].join('\n'),
    );
  } finally {
    for (const socket of sockets) socket.disconnect();
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
