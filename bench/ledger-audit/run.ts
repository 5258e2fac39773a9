/**
 * The ledger audit on a large log. Run with `npm run bench:audit` (see bench/README.md).
 *
 * 1. Writes a log the way the product writes it, through the event store port (PGlite under a
 *    temporary DATA_DIR, as bench/scale/log.ts does), with the product's own functions:
 *    BENCH_PERFORMERS performers (registered and approved, three photos each); BENCH_USERS users,
 *    each registered with the welcome credit (`registerUser`); some buy a package by card
 *    (`startPurchase`, then `settlePayment` as the webhook would), open a conversation with a
 *    performer (the popular ones more often), send paid messages (`spendFromWallet`, `MessageSent`
 *    the purchase) and get free replies, buy a photo (`spendFromWallet`, `PhotoPurchased`). After
 *    every BENCH_CHUNK users the earnings credit (`earningsCreditReaction`) runs over the new
 *    events, as the worker's reactions do behind the log.
 * 2. Runs the audit as an operator would: `node --import tsx backend/entry/ledger-audit.ts` with
 *    DATA_DIR, timed (wall seconds, events/s, peak resident memory from VmHWM, CPU seconds), and
 *    checks it exits 0 with `OK:`.
 * 3. Appends one wrong event (a second credit of one sale) and runs it again: it must exit 1 and
 *    name the earnings stream.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  auracoinToUnits,
  chatStreams,
  MESSAGE_PRICE_DEFAULT,
  packageTotal,
  performerStreams,
  streams,
  WELCOME_BONUS_AURACOIN,
  type DomainEvent,
} from '@aura/contracts';
import { earningsCreditReaction, spendFromWallet, type SpendFromWallet } from '../../backend/ledger';
import { registerUser } from '../../backend/commands/accounts/register';
import {
  decideSendMessage,
  decideStartConversation,
  handleConversation,
  type OpenConversation,
} from '../../backend/commands/chat/conversation';
import { messageEventId, storeMessage } from '../../backend/commands/chat/store-message';
import { demoPerformers } from '../../backend/commands/performers/demo-data';
import { decideRegisterPerformer, handlePerformer } from '../../backend/commands/performers/performer';
import { decideAddPhoto, handlePhoto, photoPurchase, type Photo } from '../../backend/commands/photos/photo';
import { settlePayment, startPurchase } from '../../backend/commands/purchases/service';
import { DomainError } from '../../backend/platform/domain-error';
import { createPgliteEventStore } from '../../backend/platform/eventstore/pglite';
import type { EventStore } from '../../backend/platform/eventstore/port';
import { deterministicId, newId } from '../../backend/platform/ids';
import type { PaymentProvider } from '../../backend/platform/payments/port';
import { createMingoReadModelStore } from '../../backend/platform/readmodels/mingo';
import { recordedEvents } from '../../backend/platform/recorded-event';
import { claimAll } from '../../backend/kernel/unique-values';

const root = path.resolve(__dirname, '../..');
const users = Number(process.env.BENCH_USERS ?? 20_000);
const performers = Number(process.env.BENCH_PERFORMERS ?? 100);
const writers = Number(process.env.BENCH_WRITERS ?? 32);
const chunk = Number(process.env.BENCH_CHUNK ?? 1_000);

/** what users do, per user (drawn from a generator seeded by the user's index, so every run writes the same log) */
const CHATS = 0.38;
const BUYS_PACKAGE = 0.04;
const BUYS_PHOTO = 0.1;
const REPLIES = 0.3;
const PHOTOS_PER_PERFORMER = 3;

const metadata = { source: 'bench-ledger-audit' };
const now = () => new Date();
// an argon2id hash's length, so documents weigh what real ones do (as bench/scale/log.ts)
const passwordHash = `$argon2id$v=19$m=19456,t=2,p=1$${'s'.repeat(22)}$${'h'.repeat(43)}`;
const messagePriceUnits = auracoinToUnits(MESSAGE_PRICE_DEFAULT);
const benchPackage = { id: deterministicId('bench-audit-package'), credits: 50, bonus: 5, price: 4.99 };

/** mulberry32: a small seeded generator of numbers in [0, 1) */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Listed {
  performerId: string;
  photos: (Exclude<Photo, { status: 'none' }> & { status: 'listed' })[];
}

const counts = {
  performers: 0,
  photos: 0,
  users: 0,
  packages: 0,
  conversations: 0,
  paidMessages: 0,
  replies: 0,
  photoSales: 0,
  refused: 0,
};

async function writePerformer(eventStore: EventStore, index: number): Promise<Listed> {
  const { rate, username: demoName, ...profile } = demoPerformers[index % demoPerformers.length]!;
  const performerId = deterministicId(`bench-audit-performer:${index}`);
  const username = `${demoName}.${index}`;
  const email = `${username}@bench.local`;
  await claimAll(
    eventStore,
    [
      { kind: 'performer-username', value: username, ownerId: performerId },
      { kind: 'performer-email', value: email, ownerId: performerId },
    ],
    now,
    metadata,
  );
  const image = `/demo/performers/${(index % demoPerformers.length) + 1}.svg`;
  const registration = {
    ...profile,
    performerId,
    username,
    email,
    passwordHash,
    rateUnits: auracoinToUnits(rate),
    image,
    signedContractAt: now().toISOString(),
    digitalSignature: null,
    sensitiveDataConsent: true,
  };
  // approved as she registers, as the demo seed does (no documents, no admin)
  const verified: DomainEvent = { type: 'PerformerVerified', data: { performerId, verifiedAt: now().toISOString() } };
  await handlePerformer(
    eventStore,
    streams.performer(performerId),
    (state) => [...decideRegisterPerformer(registration, state, now()), verified],
    { metadata },
  );
  const photos: Listed['photos'] = [];
  for (let n = 0; n < PHOTOS_PER_PERFORMER; n++) {
    const photo = {
      photoId: deterministicId(`bench-audit-photo:${index}:${n}`),
      performerId,
      imageUrl: image,
      title: `Foto ${n + 1}`,
      description: null,
      priceUnits: 200 + 100 * n,
    };
    await handlePhoto(
      eventStore,
      performerStreams.photo(photo.photoId),
      (state) => decideAddPhoto(photo, state, now()),
      { metadata },
    );
    photos.push({ status: 'listed' as const, review: 'approved' as const, ...photo });
  }
  counts.performers++;
  counts.photos += photos.length;
  return { performerId, photos };
}

/** The sandbox's part in a card purchase: a checkout, whose amount the bench's webhook then confirms. */
function benchProvider() {
  const amounts = new Map<string, number>();
  const provider: PaymentProvider = {
    name: 'sandbox',
    testMode: true,
    async createCheckout(request) {
      amounts.set(request.purchaseId, request.amountCents);
      return { checkoutId: `cs_bench_${request.purchaseId}`, url: `/sandbox/checkout/${request.purchaseId}` };
    },
    parseWebhook() {
      throw new Error('the bench confirms its payments itself');
    },
  };
  return { provider, amountOf: (purchaseId: string) => amounts.get(purchaseId)! };
}

async function writeUser(
  eventStore: EventStore,
  index: number,
  listed: readonly Listed[],
  sandbox: ReturnType<typeof benchProvider>,
): Promise<void> {
  const random = seeded(index + 1);
  const username = `audit${index}`;
  const { userId } = await registerUser(
    { eventStore, now, hashPassword: async () => passwordHash },
    { username, email: `${username}@bench.local`, password: 'bench-password', sensitiveDataConsent: true },
    metadata,
  );
  counts.users++;
  let balance = auracoinToUnits(WELCOME_BONUS_AURACOIN);
  /** a spend the balance affords (the ledger would refuse the others; counted, none expected) */
  const spend = async (request: Omit<SpendFromWallet, 'walletId' | 'metadata' | 'now'>) => {
    if (balance < request.amountUnits) return false;
    try {
      await spendFromWallet(eventStore, { ...request, walletId: userId, metadata, now });
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'insufficient_balance') throw error;
      counts.refused++;
      return false;
    }
    balance -= request.amountUnits;
    return true;
  };

  const buysPackage = random() < BUYS_PACKAGE;
  if (buysPackage) {
    const deps = {
      eventStore,
      provider: sandbox.provider,
      now,
      packageById: async () => benchPackage,
      currentOffer: async () => null,
      // the bench's buyers are not limited (PURCHASE_LIMITS: off)
      purchaseLimits: [],
      countedPurchases: async () => [],
    };
    const { purchaseId } = await startPurchase(
      deps,
      { userId, packageId: benchPackage.id, idempotencyKey: `bench-${index}` },
      metadata,
    );
    const checkoutId = `cs_bench_${purchaseId}`;
    await settlePayment(
      deps,
      {
        kind: 'succeeded',
        eventId: `evt_${purchaseId}`,
        checkoutId,
        purchaseId,
        paymentId: `pi_${purchaseId}`,
        amountCents: sandbox.amountOf(purchaseId),
      },
      metadata,
    );
    balance += auracoinToUnits(packageTotal(benchPackage));
    counts.packages++;
  }

  // the popular performers get most of the traffic
  const pick = () => listed[Math.floor(listed.length * random() ** 2)]!;
  if (buysPackage || random() < CHATS) {
    const { performerId } = pick();
    const conversationId = deterministicId(`bench-audit-conversation:${performerId}:${userId}`);
    const identity = { identityId: userId, userId, aliasId: null, displayName: username };
    const performer = { available: true, blocksIdentity: false };
    const started = await handleConversation(
      eventStore,
      chatStreams.conversation(conversationId),
      (state) => decideStartConversation({ conversationId, performerId, identity, performer }, state, now()),
      {
        metadata,
        eventId: () => deterministicId(`conversation-started:${conversationId}`),
      },
    );
    counts.conversations++;
    const open = started.state as OpenConversation;
    const messages = 1 + Math.floor(random() * 5) + (buysPackage ? 5 + Math.floor(random() * 10) : 0);
    for (let n = 0; n < messages; n++) {
      const messageId = newId();
      const send = {
        caller: { kind: 'user' as const, id: userId },
        senderType: 'user' as const,
        senderId: userId,
        identityActive: true,
        userActive: true,
        performer,
        priceUnits: messagePriceUnits,
      };
      const message = decideSendMessage({ ...send, messageId, content: `Ciao, messaggio ${n + 1}` }, open, now());
      // as the chat's paid path: the message and its debit in one append to the payer's wallet
      const paid = await spend({
        amountUnits: messagePriceUnits,
        purchase: message,
        reason: 'message',
        reference: messageId,
        purchaseId: messageEventId(messageId),
      });
      if (!paid) break;
      counts.paidMessages++;
      if (random() < REPLIES) {
        const reply = decideSendMessage(
          {
            ...send,
            caller: { kind: 'performer', id: performerId },
            senderType: 'performer',
            senderId: performerId,
            messageId: newId(),
            content: 'Grazie!',
          },
          open,
          now(),
        );
        await storeMessage(eventStore, reply, { walletId: userId, key: undefined, metadata, now });
        counts.replies++;
      }
    }
  }

  if (random() < BUYS_PHOTO) {
    const { photos } = pick();
    const photo = photos[Math.floor(random() * photos.length)]!;
    const purchaseId = deterministicId(`photo-purchase:${userId}:${photo.photoId}`);
    const bought = await spend({
      amountUnits: photo.priceUnits,
      purchase: photoPurchase(photo, { walletId: userId, purchaseId, performerBlocksBuyer: false }, now()),
      reason: 'photo',
      reference: photo.photoId,
      idempotencyKey: `photo:${photo.photoId}`,
    });
    if (bought) counts.photoSales++;
  }
}

/** The earnings credit as the worker runs it: the reaction over every event since the last call, in pages. */
function earningsCredit(eventStore: EventStore) {
  const reaction = earningsCreditReaction('bench:earnings-credit', ['MessageSent', 'PhotoPurchased'], eventStore);
  const readModels = createMingoReadModelStore();
  let checkpoint: number | undefined;
  return async () => {
    for (;;) {
      const page = await eventStore.readAll({ after: checkpoint, maxCount: 1000 });
      if (page.length === 0) return;
      checkpoint = page[page.length - 1]!.position;
      const sales = recordedEvents(page).filter((event) => reaction.eventTypes.includes(event.type));
      if (sales.length > 0) await reaction.applyBatch!(sales, readModels);
    }
  };
}

async function writeLog(dataDir: string): Promise<number> {
  const eventStore = await createPgliteEventStore({ dataDir: path.join(dataDir, 'eventstore') });
  try {
    const listed: Listed[] = [];
    for (let index = 0; index < performers; index++) listed.push(await writePerformer(eventStore, index));
    const sandbox = benchProvider();
    const creditSales = earningsCredit(eventStore);
    for (let start = 0; start < users; start += chunk) {
      const end = Math.min(users, start + chunk);
      let next = start;
      await Promise.all(
        Array.from({ length: writers }, async () => {
          for (let index = next++; index < end; index = next++) await writeUser(eventStore, index, listed, sandbox);
        }),
      );
      await creditSales();
      process.stdout.write(
        `\r  writing the log: ${end} users, head position ${(await eventStore.headPosition()) ?? 0}`,
      );
    }
    return (await eventStore.headPosition()) ?? 0;
  } finally {
    await eventStore.close();
  }
}

/** Appends a second credit of the first sale credited (a new event id, the same data): the audit must name its stream. */
async function appendWrongCredit(dataDir: string): Promise<string> {
  const eventStore = await createPgliteEventStore({ dataDir: path.join(dataDir, 'eventstore') });
  try {
    let after: number | undefined;
    for (;;) {
      const page = await eventStore.readAll({ after, maxCount: 5000 });
      if (page.length === 0) throw new Error('no earnings credit in the log');
      const credit = page.find((event) => event.type === 'PerformerEarningsCredited');
      if (credit) {
        await eventStore.appendToStream(
          credit.streamId,
          [{ id: newId(), type: credit.type, data: credit.data, metadata }],
          { expectedRevision: 'any' },
        );
        return credit.streamId;
      }
      after = page[page.length - 1]!.position;
    }
  } finally {
    await eventStore.close();
  }
}

interface AuditRun {
  code: number | null;
  seconds: number;
  cpuSeconds: number;
  peakRssMiB: number;
  stdout: string;
  stderr: string;
  loadBefore: number[];
  loadAfter: number[];
}

/** `npm run ledger:audit` as its own process (node + tsx, as the script runs it), on the embedded store under `dataDir`. */
function runAudit(dataDir: string): Promise<AuditRun> {
  const loadBefore = loadavg();
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  // the embedded store under DATA_DIR, whatever the shell points at
  for (const name of ['DATABASE_URL', 'EVENTSTORE_URL', 'MONGO_URL', 'REDIS_URL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'backend/entry/ledger-audit.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let peakKiB = 0;
  let cpuTicks = 0;
  // VmHWM is the process's peak resident set so far; /proc/<pid> is gone at exit, so it is read until then
  const sample = () => {
    try {
      peakKiB = Math.max(
        peakKiB,
        Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0),
      );
      // fields 14 and 15 of /proc/<pid>/stat (user and system time, clock ticks), after the command name
      const [utime = 0, stime = 0] = (readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1] ?? '')
        .split(' ')
        .slice(11, 13)
        .map(Number);
      if (utime + stime > 0) cpuTicks = utime + stime;
    } catch {
      // exited between two samples
    }
  };
  const timer = setInterval(sample, 20);
  let seconds = 0;
  child.once('exit', () => {
    seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      resolve({
        code,
        seconds,
        cpuSeconds: cpuTicks / 100,
        peakRssMiB: peakKiB / 1024,
        stdout,
        stderr,
        loadBefore,
        loadAfter: loadavg(),
      }),
    );
  });
}

const load = (figures: number[]) => figures.map((figure) => figure.toFixed(2)).join(' / ');

function describe(label: string, run: AuditRun, events: number) {
  console.log(
    `  ${label}: exit ${run.code} in ${run.seconds.toFixed(1)} s = ${Math.round(events / run.seconds).toLocaleString('en')} events/s, ` +
      `CPU ${run.cpuSeconds.toFixed(1)} s, peak RSS ${Math.round(run.peakRssMiB)} MiB; ` +
      `load average ${load(run.loadBefore)} before, ${load(run.loadAfter)} after`,
  );
}

function fail(message: string, run: AuditRun): never {
  const lines = run.stdout.split('\n');
  const failed = lines.findIndex((line) => line.startsWith('FAILED'));
  console.error(`\n${message}`);
  console.error(failed >= 0 ? lines.slice(failed, failed + 21).join('\n') : lines.slice(-20).join('\n'));
  if (run.stderr.trim()) console.error(`stderr:\n${run.stderr.split('\n').slice(0, 40).join('\n')}`);
  throw new Error(message);
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-bench-audit-'));
  try {
    console.log(
      `ledger audit bench: ${users} users, ${performers} performers, ${cpus().length} cores, load average ${load(loadavg())}; data in ${dataDir}`,
    );
    const writing = performance.now();
    const head = await writeLog(dataDir);
    console.log(
      `\r  log written through the event store port in ${((performance.now() - writing) / 1000).toFixed(1)} s (head position ${head})`,
    );
    console.log(
      `  ${counts.users} users (${counts.packages} bought a package), ` +
        `${counts.performers} performers with ${counts.photos} photos, ${counts.conversations} conversations, ` +
        `${counts.paidMessages} paid messages, ${counts.replies} free replies, ${counts.photoSales} photos sold, ${counts.refused} spends refused`,
    );

    const clean = await runAudit(dataDir);
    const events = Number(/ledger audit over (\d+) events/.exec(clean.stdout)?.[1] ?? 0);
    describe(`ledger:audit on ${events} events`, clean, events);
    if (clean.code !== 0 || !clean.stdout.includes('\nOK:'))
      fail(`the audit of the bench's log did not pass (exit ${clean.code})`, clean);
    console.log(
      clean.stdout
        .trimEnd()
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n'),
    );

    const stream = await appendWrongCredit(dataDir);
    const wrong = await runAudit(dataDir);
    describe(`ledger:audit after a second credit of one sale on ${stream}`, wrong, events + 1);
    if (wrong.code !== 1 || !wrong.stdout.includes(stream))
      fail(`the audit did not refuse the second credit on ${stream} (exit ${wrong.code})`, wrong);
    const named = wrong.stdout.split('\n').filter((line) => line.includes(stream));
    console.log(named.map((line) => `    ${line.trim()}`).join('\n'));

    console.log('\nsummary:');
    console.log(
      `  events ${events}, audit ${clean.seconds.toFixed(1)} s wall (${clean.cpuSeconds.toFixed(1)} s CPU), ` +
        `${Math.round(events / clean.seconds).toLocaleString('en')} events/s, peak RSS ${Math.round(clean.peakRssMiB)} MiB`,
    );
    console.log(
      `  with one wrong event: exit ${wrong.code} in ${wrong.seconds.toFixed(1)} s (${wrong.cpuSeconds.toFixed(1)} s CPU), ` +
        `peak RSS ${Math.round(wrong.peakRssMiB)} MiB, names ${stream}`,
    );
    console.log(
      `  load average (1 / 5 / 15 min) ${load(clean.loadBefore)} before, ${load(wrong.loadAfter)} after, on ${cpus().length} cores`,
    );
  } finally {
    if (process.env.BENCH_KEEP === '1') console.log(`  data kept in ${dataDir}`);
    else await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
