/**
 * The smallest module that uses every hook a module has, its three sides in one object (an
 * `AuraModule`): registered only by its test (`backend/test/module-shape.int.ts`), the way
 * `backend/entry/read-sides.ts`, `command-sides.ts` and `worker-sides.ts` register a product
 * module's sides, one line each. It reads an event the accounts module records (UserRegistered):
 *
 * - a read model (sign-ups per day) and a route that answers it,
 * - a reaction that enqueues a delayed job per sign-up; the job (worker role) checks a query of
 *   another module, handed over as a declared dependency, and pushes to the admins,
 * - a repeatable job scheduled by `start()`,
 * - pushes (typed events after each projected batch) and a per-connection socket handler.
 *
 * docs/building-a-module.md walks through it.
 */
import Router from '@koa/router';
import { z } from 'zod';
import type { RouteContract } from '@aura/contracts';
import { mountRoute } from '../../platform/http/routes';
import { jobProcessor, type AuraModule, type ModulePorts } from '../../kernel/module';
import { docProjection } from '../../kernel/projections/doc-projection';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import type { RecordedEvent } from '../../platform/recorded-event';

/** A module's route contracts live in contracts/src/api/<module>.ts; this one is private to its test. */
export const exampleRoutes = {
  exampleStatus: {
    method: 'get',
    path: '/api/example/status',
    summary: 'What the example module has seen',
    tag: 'example',
    auth: 'admin',
    refusals: [],
    response: z.object({
      signupsToday: z.number(),
      greeted: z.number(),
      sweeps: z.number(),
      pushedSignups: z.number(),
      connections: z.number(),
    }),
  },
} as const satisfies Record<string, RouteContract>;

const SIGNUPS = 'example_signups';
const GREET_JOB = 'example.greet';
const SWEEP_JOB = 'example.sweep';

type SignupsDoc = { _id: string; count: number };

/** Sign-ups per UTC day: one document per day, counted once per event even when a crash replays it. */
const signupsProjection = docProjection<SignupsDoc>({
  name: SIGNUPS,
  collection: SIGNUPS,
  eventTypes: ['UserRegistered'],
  documentId: (event) => (event.type === 'UserRegistered' ? event.data.registeredAt.slice(0, 10) : undefined),
  evolve: (doc, event) =>
    event.type === 'UserRegistered' ? { _id: event.data.registeredAt.slice(0, 10), count: (doc?.count ?? 0) + 1 } : doc,
});

export interface ExampleDeps {
  /** a query of the accounts module, declared here and handed over by the composition */
  users: { exists(userId: string): Promise<boolean> };
}

export function exampleModule(ports: ModulePorts, deps: ExampleDeps) {
  const seen = { greeted: 0, sweeps: 0, pushedSignups: 0, connections: 0 };

  /** A reaction: a projection without collections that enqueues (idempotent job id: a replay enqueues nothing new). */
  const greetOnSignup: ProjectionDefinition = {
    name: 'reaction:example-greet',
    collections: [],
    eventTypes: ['UserRegistered'],
    async apply(event) {
      if (event.type !== 'UserRegistered') return;
      await ports.jobs.enqueue(
        GREET_JOB,
        { userId: event.data.userId },
        {
          jobId: `example-greet-${event.data.userId}`,
          delayMs: 50,
          attempts: 3,
          backoff: { type: 'exponential', delayMs: 100 },
        },
      );
    },
  };

  const router = new Router();
  mountRoute(router, ports.sessions, exampleRoutes.exampleStatus, async () => {
    const today = await ports.readModels
      .collection<SignupsDoc>(SIGNUPS)
      .findOne({ _id: ports.clock.now().toISOString().slice(0, 10) });
    return { signupsToday: today?.count ?? 0, ...seen };
  });

  return {
    name: 'example',
    projections: [signupsProjection, greetOnSignup],
    routers: [router],
    jobs: [
      // delayed: runs in the worker role; it may push, like any process holding the realtime port
      jobProcessor<{ userId: string }>(GREET_JOB, async ({ userId }) => {
        if (!(await deps.users.exists(userId))) return;
        seen.greeted += 1;
        // an id of its own: the accounts module pushes { model: 'users', id } for every registration too
        ports.realtime.toAdmins('readmodel:changed', { model: 'users', id: `greeted:${userId}` });
      }),
      // repeatable: scheduled once by start(); registering the schedule again replaces it
      jobProcessor(SWEEP_JOB, async () => {
        seen.sweeps += 1;
      }),
    ],
    async start() {
      await ports.jobs.repeat(SWEEP_JOB, {}, { scheduleId: 'example-sweep', everyMs: 100 });
    },
    async pushes(events: RecordedEvent[]) {
      seen.pushedSignups += events.filter((event) => event.type === 'UserRegistered').length;
    },
    sockets(socket) {
      seen.connections += 1;
      socket.on('disconnect', () => (seen.connections -= 1));
    },
  } satisfies AuraModule;
}
