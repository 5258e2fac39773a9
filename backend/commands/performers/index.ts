import { performerStreams } from '@aura/contracts';
import { notFound } from '../../platform/http/errors';
import { rateLimiterOf } from '../../platform/http/rate-limit';
import { newId } from '../../platform/ids';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { PERFORMERS } from '../../projections/performers/projection';
import { toPerformerView, type PerformerQueries } from '../../projections/performers/queries';
import { demoPortraits, seedDemoPerformers } from './demo-seed';
import { followPresence } from './presence';
import { performersRouter } from './routes';

export interface PerformersDeps {
  /** the read side's queries (one gallery snapshot per process) */
  performers: PerformerQueries;
}

/** Performers: registration and verification, profiles, presence, geoblocking, blocking. */
export function performersCommands(ports: ModulePorts, deps: PerformersDeps) {
  const { performers } = deps;
  const { presence } = ports;
  const settled = settledOn(ports.readModels, PERFORMERS);
  followPresence({
    performers,
    presence,
    realtime: ports.realtime,
    kv: ports.kv,
    jobs: ports.jobs,
    graceMs: ports.config.PRESENCE_GRACE_MS,
    now: ports.clock.now,
  });
  return {
    name: 'performers',
    routers: [
      performersRouter({
        ...ports,
        now: ports.clock.now,
        limits: rateLimiterOf(ports),
        findLogin: async (identifier) => {
          const doc = await performers.byLogin(identifier);
          return doc?.passwordHash ? { id: doc._id, passwordHash: doc.passwordHash } : null;
        },
        credentialsOf: async (performerId) => {
          const doc = await performers.byId(performerId);
          return doc ? { username: doc.username, email: doc.email } : null;
        },
        performerViewAfter: async (performerId, position) => {
          await settled(position);
          const doc = await performers.byId(performerId);
          if (!doc) throw notFound('Performer non trovata');
          return toPerformerView(doc, performers.live);
        },
      }),
    ],
    seedDemo: () => seedDemoPerformers(ports.eventStore, ports.clock.now, ports.passwords),
    /** the demo performers' portraits, which the demo photos reuse */
    demoPortraits,
    /** identity documents, for the files module's downloads */
    documents: {
      async byId(documentId: string) {
        const doc = await performers.withDocument(documentId);
        const document = doc?.documents.find((each) => each.id === documentId);
        return doc && document
          ? {
              performerId: doc._id,
              fileId: document.fileId,
              contentType: document.contentType,
              fileName: document.fileName,
            }
          : null;
      },
      /** an admin opened one: DocumentViewed, with who and when */
      async viewed(
        view: { documentId: string; performerId: string; adminId: string },
        metadata: Record<string, unknown>,
      ) {
        const event = {
          id: newId(),
          type: 'DocumentViewed',
          data: { ...view, viewedAt: ports.clock.now().toISOString() },
          metadata,
        };
        await ports.eventStore.appendToStream(performerStreams.documentViews(view.documentId), [event], {
          expectedRevision: 'any',
        });
      },
    },
  } satisfies CommandSide & Record<string, unknown>;
}
