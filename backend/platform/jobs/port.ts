/**
 * The jobs port: BullMQ on Redis and an in-process runner behind one interface.
 * Both pass jobs.contract.ts.
 */
import type { AdapterHealth } from '../eventstore/port';

export interface JobContext {
  jobId: string;
  /** 1 on the first attempt */
  attempt: number;
}

export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export interface Backoff {
  type: 'fixed' | 'exponential';
  /** first retry delay in ms (exponential doubles it each attempt) */
  delayMs: number;
}

export interface EnqueueOptions {
  /** idempotent: a second enqueue with the same id while the first is known is ignored */
  jobId?: string;
  delayMs?: number;
  /** total attempts including the first (default 1) */
  attempts?: number;
  backoff?: Backoff;
}

export interface RepeatOptions {
  /** stable id of the schedule: registering it again replaces it, never duplicates it */
  scheduleId: string;
  everyMs: number;
  attempts?: number;
  backoff?: Backoff;
}

/** Where adapters report failed jobs and engine errors; `console` fits. */
export interface JobLogger {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface JobQueue {
  readonly adapter: string;
  /** register the processor of a job name; call before start() */
  register<P>(name: string, handler: JobHandler<P>): void;
  enqueue<P>(name: string, payload: P, options?: EnqueueOptions): Promise<void>;
  repeat<P>(name: string, payload: P, options: RepeatOptions): Promise<void>;
  removeRepeat(name: string, scheduleId: string): Promise<void>;
  /** start processing registered job names (the worker role); producers need not start */
  start(): Promise<void>;
  /** per job name: jobs waiting (delayed or ready, not running) and failed for good, as far as the adapter knows */
  stats?(): Promise<{ job: string; waiting: number; failed: number }[]>;
  health(): Promise<AdapterHealth>;
  close(): Promise<void>;
}
