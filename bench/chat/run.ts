/**
 * Live chat under load. Run with `npm run bench:chat` (see bench/README.md).
 *
 * 1. Writes BENCH_USERS (1,988) users with 160 auracoin each into a temporary DATA_DIR (PGlite; or,
 *    with BENCH_DATABASE_URL, into a scratch PostgreSQL database made and dropped on that server, and
 *    BENCH_REDIS_URL puts jobs, presence and Socket.IO on Redis;
 *    bench/scale/log.ts), then starts the app as `npm start` does (embedded adapters, demo
 *    performers) in its own process on BENCH_PORT (4500), with a session secret this bench knows.
 * 2. Connects one Socket.IO client per user and per demo performer (2,000 with the 12 demo
 *    performers), each with a signed session cookie as the app issues it (the app checks it as it
 *    checks any: signature, expiry, revocation, the account still there); each user opens a
 *    conversation with one performer (POST /api/conversations).
 *    The app's CPU with every socket connected and nothing sent.
 * 3. Latency: BENCH_RATE (500) paid messages/s through POST /api/messages, open loop (sent on
 *    schedule whether or not earlier answers came back), each from a user picked in turn; the time
 *    from sending the POST to the 'chat:message' event on the performer's socket (the recipient):
 *    p50 / p99, and the POST's own answer. First a warm-up, reported apart: every user's first
 *    message (the app reads a wallet's stream on its first spend, then keeps it); then, after a
 *    second, BENCH_SECONDS (15) at the rate: the target (p99 < 50 ms). After each, the app's
 *    resident memory. BENCH_TIMELINE=1 also prints the figures by half second of sending, from
 *    the UTC time sending began (to lay them beside the app's logs).
 * BENCH_RATE_LIMITS=off runs the app without rate limits (on by default: the app's defaults).
 * 4. Throughput: BENCH_CONCURRENCY (32) closed-loop senders for BENCH_THROUGHPUT_SECONDS (5),
 *    each POST a paid message (message + debit in one append): 201s per second. Then every
 *    user's balance is read back and the auracoin spent must equal the messages accepted.
 *
 * Engines and processes: BENCH_READ_MODELS=postgres puts the read models in that database too
 * (with BENCH_DATABASE_URL); BENCH_REPLICAS=N (N ≥ 1, with BENCH_REDIS_URL when N > 1) runs the
 * roles apart as compose does, N api replicas on BENCH_PORT, BENCH_PORT+1… plus a projector and a
 * worker, instead of `npm start`'s one process. Sockets and POSTs are spread over the replicas in
 * turn; each replica's messages/s and app CPU per message are printed, and the projector's and
 * worker's CPU.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { createSessionManager, SESSION_COOKIE } from '../../backend/platform/http/session';
import { deterministicId } from '../../backend/platform/ids';
import { createMemoryKeyValueStore } from '../../backend/platform/kv/memory';
import { scratchDatabase } from '../../backend/test/session-helpers';
import { startApp, startRole, type RunningApp } from '../scale/app-process';
import { scaleUserId, writeScaleLog } from '../scale/log';

const settings = {
  users: Number(process.env.BENCH_USERS ?? 1_988),
  port: Number(process.env.BENCH_PORT ?? 4500),
  rate: Number(process.env.BENCH_RATE ?? 500),
  seconds: Number(process.env.BENCH_SECONDS ?? 15),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
  throughputSeconds: Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 5),
  /** PostgreSQL for the event store (a scratch database made and dropped under this server); default PGlite */
  databaseUrl: process.env.BENCH_DATABASE_URL,
  /** Redis for jobs, presence and Socket.IO; default in-process */
  redisUrl: process.env.BENCH_REDIS_URL ?? '',
  /** `on`: the app's default rate limits (messages per identity and conversation and per account, conversations…); `off`: none */
  rateLimits: process.env.BENCH_RATE_LIMITS === 'off' ? 'off' : 'on',
  /** 'postgres': the read models in BENCH_DATABASE_URL's scratch database too; default in memory */
  readModels: process.env.BENCH_READ_MODELS ?? '',
  /** 0: `npm start`'s one process; N: N api replicas, a projector and a worker */
  replicas: Number(process.env.BENCH_REPLICAS ?? 0),
};
/** every bench user's balance once the log is written (welcome 10 + 50 + 100, bench/scale/log.ts) */
const STARTING_AURACOIN = 160;
const PERFORMERS = [
  'giulia.rossi',
  'sofia.marino',
  'valentina.greco',
  'chiara.conti',
  'elena.ferrari',
  'aiko.tanaka',
  'camila.lopez',
  'isabela.santos',
  'lucia.bianchi',
  'mei.lin',
  'nadia.petrova',
  'amara.diallo',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
/** CPU per message: two decimals, as changes of a few percent are what one compares */
const cpuMs = (value: number) => `${value.toFixed(2)} ms`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

interface Party {
  id: string;
  cookie: string;
  socket?: Socket;
}

/** Keep-alive connections for the timed requests; more requests than connections wait their turn (and that wait is timed). */
const agent = new Agent({ keepAlive: true, maxSockets: Number(process.env.BENCH_CONNECTIONS ?? 64) });

/** A JSON request over the shared agent: its status and body. */
function call(
  port: number,
  method: 'GET' | 'POST',
  pathname: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent,
        headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function inBatches<T>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let index = next++; index < items.length; index = next++) await work(items[index]!, index);
    }),
  );
}

function connectSocket(base: string, cookie: string): Promise<Socket> {
  const socket = connect(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-bench-chat-'));
  const secret = `bench-chat-${deterministicId(dataDir)}`;
  const sessions = createSessionManager({ secret, secure: false, revocations: createMemoryKeyValueStore() });
  const cookieOf = (sub: string, kind: 'user' | 'performer') =>
    `${SESSION_COOKIE}=${sessions.issue({ sub, kind }).token}`;
  const processes = settings.replicas > 0 ? `${settings.replicas} api replica(s) + projector + worker` : 'one process';
  const adapters =
    `${settings.databaseUrl ? 'PostgreSQL' : 'PGlite'} events, ` +
    `${settings.readModels === 'postgres' ? 'PostgreSQL' : 'in-memory'} read models + ` +
    `${settings.redisUrl ? 'Redis' : 'in-process jobs and presence'}, ${processes}, rate limits ${settings.rateLimits}`;
  console.log(
    `chat bench (${adapters}): ${settings.users} users + ${PERFORMERS.length} performers connected, ` +
      `${settings.rate} messages/s for ${settings.seconds} s, ` +
      `then ${settings.concurrency} closed-loop senders for ${settings.throughputSeconds} s; load ${load()}`,
  );

  const database = settings.databaseUrl ? await scratchDatabase(settings.databaseUrl, 'aura_bench_chat') : undefined;
  await writeScaleLog(dataDir, settings.users, undefined, undefined, database?.url);
  const env = {
    SESSION_SECRET: secret,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database?.url ?? '',
    REDIS_URL: settings.redisUrl,
    MONGO_URL: '',
    EVENTSTORE_URL: '',
    RATE_LIMITS: settings.rateLimits === 'off' ? 'off' : '',
    READ_MODELS: settings.readModels === 'postgres' ? 'postgres' : 'memory',
  };
  /** the processes answering HTTP and sockets (one, or the api replicas), and the projector and worker apart */
  const apis: RunningApp[] = [];
  const roles: { name: string; app: RunningApp }[] = [];
  // whatever happens to this process, the app's go with it
  process.once('exit', () => {
    for (const { app } of roles) app.process.kill('SIGTERM');
  });
  if (settings.replicas === 0) {
    const app = await startApp(dataDir, settings.port, env);
    apis.push(app);
    roles.push({ name: 'app', app });
  } else {
    // the first api seeds the demo catalogue; the others start once it has
    for (let index = 0; index < settings.replicas; index++) {
      const api = await startRole('api', await mkdtemp(path.join(tmpdir(), 'aura-bench-api-')), settings.port + index, {
        ...env,
        LOG_LEVEL: 'info',
      });
      apis.push(api);
      roles.push({ name: `api ${index + 1}`, app: api });
    }
    for (const role of ['projector', 'worker'] as const)
      roles.push({
        name: role,
        app: await startRole(role, await mkdtemp(path.join(tmpdir(), `aura-bench-${role}-`)), 0, {
          ...env,
          LOG_LEVEL: 'info',
        }),
      });
  }
  const app = apis[0]!;
  /** the replica a party's socket and a message go to: in turn */
  const apiFor = (index: number) => apis[index % apis.length]!;
  const cpuOf = () => roles.map(({ app: each }) => each.cpuSeconds());
  /**
   * PostgreSQL's committed transactions in the scratch database so far (each statement outside a
   * transaction is one): round trips that the machine's load does not change
   */
  const transactions = async () => {
    if (!database) return 0;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: settings.databaseUrl });
    await client.connect();
    try {
      // the statistics of other sessions reach the view about once a second
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const { rows } = await client.query<{ n: string }>(
        'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = $1',
        [new URL(database.url).pathname.slice(1)],
      );
      return Number(rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  };
  const users: Party[] = Array.from({ length: settings.users }, (_, index) => ({ id: scaleUserId(index), cookie: '' }));
  const performers: Party[] = PERFORMERS.map((username) => ({
    id: deterministicId(`demo-performer:${username}`),
    cookie: '',
  }));
  for (const user of users) user.cookie = cookieOf(user.id, 'user');
  for (const performer of performers) performer.cookie = cookieOf(performer.id, 'performer');
  const sockets: Socket[] = [];
  try {
    console.log(`  app ready in ${app.readySeconds.toFixed(1)} s`);
    // the demo seed and the bench users' read models
    for (;;) {
      const answer = await call(settings.port, 'GET', `/api/users/${users.at(-1)!.id}`, users.at(-1)!.cookie);
      // every demo performer listed (apart, the api answers before the projector has caught up)
      const seeded = await Promise.all(
        performers.map((performer) => call(settings.port, 'GET', `/api/performers/${performer.id}`, '')),
      );
      if (answer.status === 200 && seeded.every(({ status }) => status === 200)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    let started = performance.now();
    await inBatches([...performers, ...users], 50, async (party, index) => {
      party.socket = await connectSocket(`http://127.0.0.1:${apiFor(index).port}`, party.cookie);
      sockets.push(party.socket);
    });
    console.log(`  ${sockets.length} sockets connected in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // what the app spends with every socket connected and nothing sent
    const idleCpu = cpuOf();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idleAfter = cpuOf();
    const idleShares = roles.map(
      ({ name }, index) => `${name} CPU ${Math.round(((idleAfter[index]! - idleCpu[index]!) / 5) * 100)}%`,
    );
    console.log(`  idle with ${sockets.length} sockets: ${idleShares.join(', ')} of a core`);

    /** each user's conversation, and who receives it */
    const conversations: { user: Party; performer: Party; id: string }[] = [];
    started = performance.now();
    await inBatches(users, 16, async (user, index) => {
      const performer = performers[index % performers.length]!;
      const answer = await call(settings.port, 'POST', '/api/conversations', user.cookie, {
        performerId: performer.id,
      });
      if (answer.status !== 201) throw new Error(`conversation answered ${answer.status}: ${answer.text}`);
      conversations[index] = { user, performer, id: (JSON.parse(answer.text) as { id: string }).id };
    });
    console.log(
      `  ${conversations.length} conversations opened in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // the recipient's socket: 'chat:message' carries the content, which carries the send's number
    const sentAt = new Map<number, number>();
    /** the open-loop phase running: where pushes are counted */
    let phase: { latencies: [sentAt: number, latency: number][] } = { latencies: [] };
    const seen = new Set<number>();
    let duplicates = 0;
    for (const performer of performers) {
      performer.socket!.on('chat:message', ({ message }: { message: { content: string } }) => {
        const match = /^bench (\d+)$/.exec(message.content);
        if (!match) return;
        const n = Number(match[1]);
        if (seen.has(n)) {
          duplicates += 1;
          return;
        }
        seen.add(n);
        const at = sentAt.get(n);
        if (at !== undefined) phase.latencies.push([at, performance.now() - at]);
      });
    }

    let sequence = 0;
    /** 201s answered by each replica in the phase running */
    let perReplica = apis.map(() => 0);
    const send = async (n: number) => {
      const conversation = conversations[n % conversations.length]!;
      const replica = n % apis.length;
      const answer = await call(apis[replica]!.port, 'POST', '/api/messages', conversation.user.cookie, {
        conversationId: conversation.id,
        senderId: conversation.user.id,
        senderType: 'user',
        content: `bench ${n}`,
      }).catch(() => ({ status: 0 }));
      if (answer.status === 201) perReplica[replica]! += 1;
      return answer.status;
    };
    /** per process: messages/s answered (the api replicas) and CPU per message of the phase */
    const perProcess = (cpuBefore: number[], seconds: number, messages: number) => {
      const cpuAfter = cpuOf();
      return roles
        .map(({ name }, index) => {
          const cpu = cpuAfter[index]! - cpuBefore[index]!;
          const own = index < apis.length ? perReplica[index]! : messages;
          const rate = index < apis.length ? `${Math.round(own / seconds)} messages/s, ` : '';
          return `${name}: ${rate}${cpuMs((cpu * 1000) / Math.max(1, own))} CPU per message (${Math.round((100 * cpu) / seconds)}% of a core)`;
        })
        .join('; ');
    };

    /** `total` messages at the fixed rate (open loop): the pushes' and the answers' latencies */
    const openLoop = async (label: string, total: number) => {
      phase = { latencies: [] };
      const latencies = phase.latencies;
      const answers: number[] = [];
      const statuses = new Map<number, number>();
      const pending: Promise<void>[] = [];
      const first = sequence;
      perReplica = apis.map(() => 0);
      const transactionsBefore = await transactions();
      const processesBefore = cpuOf();
      const cpuBefore = app.cpuSeconds();
      const started = performance.now();
      while (sequence - first < total) {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * settings.rate));
        while (sequence - first < due) {
          const n = sequence++;
          const at = performance.now();
          sentAt.set(n, at);
          pending.push(
            send(n).then((status) => {
              answers.push(performance.now() - at);
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
            }),
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await Promise.all(pending);
      const sendSeconds = (performance.now() - started) / 1000;
      const rateCpu = app.cpuSeconds() - cpuBefore;
      for (const deadline = Date.now() + 5_000; latencies.length < total && Date.now() < deadline;)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const pushed = latencies.map(([, latency]) => latency).sort((a, b) => a - b);
      answers.sort((a, b) => a - b);
      const accepted = statuses.get(201) ?? 0;
      const answered = [...statuses].map(([status, count]) => `${count}× ${status || 'no answer'}`);
      console.log(
        `  ${label}: sent ${total} in ${sendSeconds.toFixed(1)} s (${Math.round(total / sendSeconds)}/s): ` +
          `${answered.join(', ')}; load ${load()}`,
      );
      console.log(
        `    POST → recipient's socket (${pushed.length} of ${accepted} pushed, ${duplicates} twice so far): ` +
          `p50 ${ms(percentile(pushed, 50))}, p99 ${ms(percentile(pushed, 99))}, max ${ms(pushed.at(-1) ?? 0)}`,
      );
      console.log(
        `    POST answered: p50 ${ms(percentile(answers, 50))}, p99 ${ms(percentile(answers, 99))}; ` +
          `app CPU ${cpuMs((rateCpu * 1000) / total)} per message (${Math.round((100 * rateCpu) / sendSeconds)}% of a core)`,
      );
      if (roles.length > 1) console.log(`    ${perProcess(processesBefore, sendSeconds, accepted)}`);
      const memory = roles.map(
        ({ name, app: each }) => `${name} ${Math.round(each.rssMiB())} MiB (peak ${Math.round(each.peakRssMiB())} MiB)`,
      );
      console.log(`    resident memory: ${memory.join(', ')}`);
      if (database) {
        const perMessage = ((await transactions()) - transactionsBefore) / Math.max(1, accepted);
        console.log(
          `    PostgreSQL: ${perMessage.toFixed(1)} transactions per message (every process, pushes and pollers included)`,
        );
      }
      if (process.env.BENCH_TIMELINE) {
        // p50/p99/max of the pushes by half second of sending
        const buckets = new Map<number, number[]>();
        for (const [at, latency] of latencies) {
          const bucket = Math.floor((at - started) / 500);
          buckets.set(bucket, [...(buckets.get(bucket) ?? []), latency]);
        }
        const rows = [...buckets]
          .sort(([a], [b]) => a - b)
          .map(([bucket, values]) => {
            values.sort((a, b) => a - b);
            return `${(bucket / 2).toFixed(1)}s ${Math.round(percentile(values, 50))}/${Math.round(percentile(values, 99))}/${Math.round(values.at(-1)!)}`;
          });
        console.log(
          `    by half second from ${new Date(performance.timeOrigin + started).toISOString()} (p50/p99/max ms): ${rows.join(', ')}`,
        );
      }
      return { accepted, pushed };
    };

    // warm-up, reported but not the target's: every user's first message (the app reads their
    // wallet stream once, then keeps it), at the same rate, then a second for the queue to drain
    const warmUp = await openLoop(`warm-up (each user's first message)`, conversations.length);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // latency at a fixed rate (open loop)
    const timed = await openLoop(
      `${settings.rate} messages/s for ${settings.seconds} s (target p99 < 50 ms)`,
      settings.rate * settings.seconds,
    );
    const accepted = warmUp.accepted + timed.accepted;

    // paid-message throughput (closed loop)
    let paid = 0;
    let refused = 0;
    const deadline = performance.now() + settings.throughputSeconds * 1000;
    perReplica = apis.map(() => 0);
    const processesBefore = cpuOf();
    const cpuBefore = app.cpuSeconds();
    started = performance.now();
    await Promise.all(
      Array.from({ length: settings.concurrency }, async () => {
        while (performance.now() < deadline) {
          if ((await send(sequence++)) === 201) paid += 1;
          else refused += 1;
        }
      }),
    );
    const throughputSeconds = (performance.now() - started) / 1000;
    const throughputCpu = app.cpuSeconds() - cpuBefore;
    console.log(
      `  paid messages (message + wallet debit): ${Math.round(paid / throughputSeconds)}/s ` +
        `with ${settings.concurrency} senders (${paid} in ${throughputSeconds.toFixed(1)} s, ${refused} refused); ` +
        `load ${load()}`,
    );
    console.log(
      `    app CPU ${cpuMs((throughputCpu * 1000) / Math.max(1, paid))} per paid message ` +
        `(${Math.round((100 * throughputCpu) / throughputSeconds)}% of a core): ` +
        `~${Math.round(paid / Math.max(0.01, throughputCpu))}/s on a core of its own`,
    );
    if (roles.length > 1) console.log(`    ${perProcess(processesBefore, throughputSeconds, paid)}`);

    // every 201 was debited once: the auracoin spent is the messages accepted (1 auracoin each)
    let spent = 0;
    await inBatches(users, 16, async (user, index) => {
      const answer = await call(apiFor(index).port, 'GET', `/api/users/${user.id}`, user.cookie);
      spent += STARTING_AURACOIN - (JSON.parse(answer.text) as { auracoinBalance: number }).auracoinBalance;
    });
    const expected = accepted + paid;
    console.log(
      `  auracoin spent ${spent} for ${expected} accepted paid messages: ${spent === expected ? 'one debit each' : 'MISMATCH'}`,
    );
    if (spent !== expected) process.exitCode = 1;
  } finally {
    for (const socket of sockets) socket.close();
    agent.destroy();
    // the api replicas first: a push of the projector's has nowhere to go after them
    for (const { app: each } of roles) await each.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
