import { performerStreams, streams } from '@aura/contracts';
import { decideReviewPortrait, handlePerformer } from './performer';
import { rateLimiterOf } from '../../platform/http/rate-limit';
import { newId } from '../../platform/ids';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { demoPortraits, seedDemoPerformers } from './demo-seed';
import { followPresence } from './presence';
import { performersRouter, type PerformersDeps as RouterDeps } from './routes';
import { onCamera } from './co-performer-routes';
import type { IssueStatementFn } from '../../platform/statement-of-reasons';

/** An identity document as the performers read side lists it: whose, and its file. */
export interface IdentityDocument {
  performerId: string;
  fileId: string;
  contentType: string;
  fileName: string;
}

export interface PerformersDeps {
  /** what her routes and presence read of the performers read side (entry hands it over) */
  performers: {
    loginOf: RouterDeps['findLogin'];
    credentialsOf: RouterDeps['credentialsOf'];
    viewAfter: RouterDeps['performerViewAfter'];
    documentOf(documentId: string): Promise<IdentityDocument | null>;
    onlineCount(): Promise<number>;
    isOnline(performerId: string): Promise<boolean | null>;
  };
  /** a rejection states its reasons (the moderation module's one path) */
  issueStatement: IssueStatementFn;
}

/** Performers: registration and verification, profiles, presence, geoblocking, blocking. */
export function performersCommands(ports: ModulePorts, deps: PerformersDeps) {
  const { performers } = deps;
  const { presence } = ports;
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
        findLogin: performers.loginOf,
        credentialsOf: performers.credentialsOf,
        performerViewAfter: performers.viewAfter,
        issueStatement: deps.issueStatement,
      }),
    ],
    seedDemo: () => seedDemoPerformers(ports.eventStore, ports.clock.now, ports.passwords),
    /** the demo performers' portraits, which the demo photos reuse */
    demoPortraits,
    /** who is on camera in her show: approved co-performers only, and their appearance records */
    onCamera: onCamera({ eventStore: ports.eventStore, now: ports.clock.now }),
    /** her portrait in review, as the moderation module reviews it (issue 39 item 5) */
    portraits: {
      async review(
        performerId: string,
        review: { portraitId: string; decision: 'approve' | 'reject'; adminId: string; statementId: string | null },
        metadata: Record<string, unknown>,
      ) {
        await handlePerformer(
          ports.eventStore,
          streams.performer(performerId),
          (state) => decideReviewPortrait(review, state, ports.clock.now()),
          { metadata },
        );
      },
    },
    /** identity documents, for the files module's downloads */
    documents: {
      byId: performers.documentOf,
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
