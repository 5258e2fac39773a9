/**
 * What a backend module is given and what each of its sides gives back. A module has up to three
 * folders, one per side of CQRS (docs/architecture.md#layout), each with an `index.ts` exporting
 * one function:
 *
 *     backend/commands/chat/index.ts     chatCommands(ports, deps): CommandSide
 *     backend/projections/chat/index.ts  chatReadSide(ports, deps): ReadSide & { queries: … }
 *     backend/workers/chat/index.ts      chatWorkers(ports, deps): WorkerSide
 *
 * `backend/entry/` calls each with the ports and the few queries of other modules it declares in
 * its own deps type (one line per module); the roles then run what the sides return.
 */
import type Router from '@koa/router';
import type { Clock } from '../platform/clock';
import type { Config } from '../platform/config/config';
import type { Limit } from '../platform/config/rate-limits';
import type { EventStore, StoredEvent } from '../platform/eventstore/port';
import type { RemoteImages } from '../platform/files/remote-image';
import type { FileStorage } from '../platform/files/storage';
import type { Passwords } from '../platform/http/password';
import type { AdminGate, Principal, SessionManager } from '../platform/http/session';
import type { InProcessJobQueue } from '../platform/jobs/in-process';
import type { JobHandler, JobQueue } from '../platform/jobs/port';
import type { KeyValueStore } from '../platform/kv/port';
import type { Logger } from '../platform/logging/logger';
import type { ProjectionDefinition } from './projections/runner';
import type { ReadModelSnapshots } from './projections/snapshots';
import type { Presence } from '../platform/presence/port';
import type { ReadModelStore } from '../platform/readmodels/port';
import type { AuraSocket, Realtime } from '../platform/realtime/realtime';
import type { RecordedEvent } from '../platform/recorded-event';
import type { ShowMedia } from '../platform/sfu/port';

/** The adapters a process opened (backend/entry chooses them by the configuration). */
export interface Infrastructure {
  eventStore: EventStore;
  readModels: ReadModelStore;
  jobs: JobQueue;
  kv: KeyValueStore;
  /** revoked sessions and accounts: Redis with REDIS_URL, else a file under DATA_DIR (they outlive a restart) */
  revocations: KeyValueStore;
  /** pictures given as URLs, fetched once into public storage (https, public addresses only) */
  remoteImages: RemoteImages;
  /** identity documents and photos (local folder under DATA_DIR/files) */
  files: FileStorage;
  /** snapshots of the in-memory read models (none with MongoDB) */
  snapshots?: ReadModelSnapshots;
  /** the embedded job queue, when jobs run in this process (none with Redis): a test waits for it to be idle */
  inProcessJobs?: InProcessJobQueue;
  /** the public shows' SFU (`SFU`: embedded werift or Janus); it opens nothing until a show uses it */
  showMedia: ShowMedia;
  /** socket presence: this node's sockets (memory), or the sums over every api node (Redis with REDIS_URL) */
  presence: Presence;
  close(): Promise<void>;
}

/** The emit side of realtime: rooms of users, performers, conversations, admins, everyone. */
export type RealtimeEmitter = Pick<
  Realtime,
  'toUser' | 'toPerformer' | 'toConversation' | 'toShow' | 'toEveryone' | 'toAdmins'
>;

/** The ports every module is built from: the same objects in every module of a process. */
export interface ModulePorts {
  eventStore: EventStore;
  readModels: ReadModelStore;
  /** enqueue anywhere; processors run in the worker role (`WorkerSide.jobs`) */
  jobs: JobQueue;
  kv: KeyValueStore;
  files: FileStorage;
  /** pictures given as URLs, fetched once into public storage */
  remoteImages: RemoteImages;
  showMedia: ShowMedia;
  /** socket presence: the counts other modules read (the presence module tells it of this node's sockets) */
  presence: Presence;
  /** session cookies, checked against every module's `acceptsSession` */
  sessions: SessionManager;
  realtime: RealtimeEmitter;
  /** the zod-parsed configuration: a module reads its settings here, never from process.env */
  config: Config;
  /** business time and the timers that wait for it (backend/platform/clock.ts): never Date.now or setTimeout for those */
  clock: Clock;
  /** argon2id hashing and the password sign-in (OWASP's cost in every process) */
  passwords: Passwords;
  logger: Logger;
}

/** A job processor: its queue name and handler (enqueue with `ports.jobs.enqueue(name, payload, options)`). */
export interface JobProcessor<P = never> {
  name: string;
  handle: JobHandler<P>;
}

export function jobProcessor<P>(name: string, handle: JobHandler<P>): JobProcessor<P> {
  return { name, handle };
}

/** One thing `npm run ledger:audit` found wrong, at the stream (and revision) that shows it. */
export interface AuditProblem {
  stream: string;
  revision?: number;
  problem: string;
}

/** What a side adds to `npm run ledger:audit`: summary lines and problems, from the log and its read models. */
export interface AuditFindings {
  lines: string[];
  problems: AuditProblem[];
}

/**
 * A module's part of the ledger audit, over the whole log in global order. `storedReadModels`:
 * compare with the read models as stored too (a shared store such as MongoDB), not only as
 * rebuilt from the log.
 */
export type AuditHook = (
  events: readonly StoredEvent[],
  options: { storedReadModels: boolean },
) => Promise<AuditFindings>;

interface Side {
  name: string;
  /** its part of `npm run ledger:audit` */
  audit?: AuditHook;
  /** the process is closing: stop the timers it started (before the ports close) */
  stop?(): Promise<void>;
}

/** The write side (the api role): command routes and socket command handlers. */
export interface CommandSide extends Side {
  /** HTTP routes; every route through `mountRoute` */
  routers?: Router[];
  /** per-connection Socket.IO handlers */
  sockets?(socket: AuraSocket): void;
  /** may this signed session still act? (e.g. an admin disabled since sign-in may not) */
  acceptsSession?(principal: Principal): Promise<boolean>;
  /** an admin's request past her session: her second factor, as the route's contract asks (throws to refuse) */
  admitsAdmin?: AdminGate;
  /** the demo catalogue, seeded once on an empty store (`SEED_DEMO`); fixed ids, so a cut-short seed resumes */
  seedDemo?(): Promise<void>;
  /** the rate limits its routes count, with their defaults (`RATE_LIMITS` names them; the doors' are platform's) */
  rateLimits?: Readonly<Record<string, Limit>>;
}

/** The read side: projections and pushes (the projector role), query routes (the api role). */
export interface ReadSide extends Side {
  /** read models, run by the projector role */
  projections?: ProjectionDefinition[];
  /** HTTP query routes (api role); every route through `mountRoute` */
  routers?: Router[];
  /** after the projector applied and checkpointed a batch: typed events in, emits through `ports.realtime` */
  pushes?(events: RecordedEvent[]): Promise<void>;
}

/** What runs on the worker role: jobs, reactions and process managers. */
export interface WorkerSide extends Side {
  /** projections that append events or enqueue jobs (named `reaction:…`), each with its checkpoint */
  reactions?: ProjectionDefinition[];
  /** job processors, registered on the worker role's queue */
  jobs?: JobProcessor<never>[];
  /** worker role start: recovery, repeatable schedules */
  start?(): Promise<void>;
}

/** A module of any side (what a test registers, as an entry line would). */
export type AuraModule = CommandSide & ReadSide & WorkerSide;
