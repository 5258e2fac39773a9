/**
 * What a backend module is given and what it gives back. Every module lives in one folder,
 * `backend/modules/<name>/`, whose `index.ts` exports one function:
 *
 *     export function chatModule(ports: ModulePorts, deps: ChatDeps): AuraModule & { queries: … }
 *
 * `backend/entry/modules.ts` calls each with the ports and the few queries of other modules it
 * declares in its own deps type (one line per module); the roles then run what the modules return.
 */
import type Router from '@koa/router';
import type { Config } from './config/config';
import type { EventStore } from './eventstore/port';
import type { FileStorage } from './files/storage';
import type { Principal, SessionManager } from './http/session';
import type { JobHandler, JobQueue } from './jobs/port';
import type { KeyValueStore } from './kv/port';
import type { Logger } from './logging/logger';
import type { ProjectionDefinition } from './projections/runner';
import type { ReadModelStore } from './readmodels/port';
import type { AuraSocket, Realtime } from './realtime/realtime';
import type { RecordedEvent } from './recorded-event';

/** The emit side of realtime: rooms of users, performers, conversations, admins, everyone. */
export type RealtimeEmitter = Pick<Realtime, 'toUser' | 'toPerformer' | 'toConversation' | 'toEveryone' | 'toAdmins'>;

/** The ports every module is built from: the same objects in every module of a process. */
export interface ModulePorts {
  eventStore: EventStore;
  readModels: ReadModelStore;
  /** enqueue anywhere; processors run in the worker role (`AuraModule.jobs`) */
  jobs: JobQueue;
  kv: KeyValueStore;
  files: FileStorage;
  /** session cookies, checked against every module's `acceptsSession` */
  sessions: SessionManager;
  realtime: RealtimeEmitter;
  /** the zod-parsed configuration: a module reads its settings here, never from process.env */
  config: Config;
  now: () => Date;
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

export interface AuraModule {
  name: string;
  /** read models and reactions (projections that append or enqueue), run by the projector role */
  projections?: ProjectionDefinition[];
  /** HTTP routes (api role); every route through `mountRoute` */
  routers?: Router[];
  /** job processors, registered on the worker role's queue */
  jobs?: JobProcessor<never>[];
  /** after the projector applied and checkpointed a batch: typed events in, emits through `ports.realtime` */
  pushes?(events: RecordedEvent[]): Promise<void>;
  /** per-connection Socket.IO handlers (api role) */
  sockets?(socket: AuraSocket): void;
  /** may this signed session still act? (e.g. an admin disabled since sign-in may not) */
  acceptsSession?(principal: Principal): Promise<boolean>;
  /** worker role start: recovery, repeatable schedules */
  start?(): Promise<void>;
  /** the process is closing: stop the timers `start` or the socket handlers started (before the ports close) */
  stop?(): Promise<void>;
  /** the demo catalogue, seeded once on an empty store (`SEED_DEMO`); fixed ids, so a cut-short seed resumes */
  seedDemo?(): Promise<void>;
}
