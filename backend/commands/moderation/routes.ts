import Router from '@koa/router';
import type { Context } from 'koa';
import {
  apiRoutes,
  moderationActionLabels,
  moderationStreams,
  reportCategoryLabels,
  type ReportTargetKind,
} from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { notFound } from '../../platform/http/errors';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { deterministicId, newId } from '../../platform/ids';
import type { Logger } from '../../platform/logging/logger';
import type { Mailer } from '../../platform/mail/mailer';
import type { moderationRateLimits } from './rate-limits';
import { tell, type IssueStatementFn, type Subject } from './issue';
import { decideDecideReport, decideFileReport, handleReport, report } from './report';
import { decideDecideAppeal, decideFileAppeal, handleAppeal, statement } from './statement';

export type { Subject } from './issue';

type Metadata = Record<string, unknown>;

export interface ModerationRouteDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  limits: RateLimiter<keyof typeof moderationRateLimits | DoorLimit>;
  now: () => Date;
  mailer: Mailer;
  logger: Logger;
  /** whose content a target is, per kind of target, or null: no such target */
  subjects: Record<ReportTargetKind, (id: string) => Promise<Subject | null>>;
  /** the address a person is told at (null: none known, e.g. a deleted account) */
  emailOf: (subject: Subject) => Promise<string | null>;
  /** her new profile portrait in review (the performers module's): whose it is, and its review applied there */
  portraitOwner: (portraitId: string) => Promise<string | null>;
  reviewPortrait: (
    performerId: string,
    review: { portraitId: string; decision: 'approve' | 'reject'; adminId: string; statementId: string | null },
    metadata: Metadata,
  ) => Promise<void>;
  /** the one path every statement of reasons takes (./issue.ts) */
  issueStatement: IssueStatementFn;
  /**
   * waits until the reports' read model has applied `position`: the console reads its open reports
   * again once the decision is answered, and a read before the projector got there kept the decided
   * report among the open ones (nothing pushes that list)
   */
  reportsSettled: (position: number | undefined) => Promise<void>;
  /** the same for the notices' read model: his notices and the appeals lists are read again after an appeal */
  noticesSettled: (position: number | undefined) => Promise<void>;
  /** a decision's action, applied by the module that owns the target */
  apply: {
    removePhoto(photoId: string, metadata: Metadata): Promise<void>;
    endShow(showId: string, metadata: Metadata): Promise<void>;
  };
  /** the photo in review (the photos module's), and its review applied there */
  photoInReview: (photoId: string) => Promise<{ performerId: string } | null>;
  reviewPhoto: (
    photoId: string,
    review: { decision: 'approve' | 'reject'; adminId: string; statementId: string | null },
    metadata: Metadata,
  ) => Promise<void>;
}

function reporterOf(caller: { kind: string; sub: string } | undefined) {
  if (!caller) return { reporterKind: 'visitor' as const, reporterId: null };
  return { reporterKind: caller.kind as 'user' | 'performer' | 'admin', reporterId: caller.sub };
}

function reportRoutes(router: Router, deps: ModerationRouteDeps) {
  mountRoute(router, deps.sessions, apiRoutes.fileReport, async (ctx: Context, { body }, caller) => {
    await deps.limits.enforce(ctx, ['report', caller?.sub ?? ctx.ip]);
    const subject = await deps.subjects[body.targetKind](body.targetId);
    if (!subject) throw notFound();
    const reportId = newId();
    const reporter = reporterOf(caller);
    const command = {
      reportId,
      targetKind: body.targetKind,
      targetId: body.targetId,
      ...subject,
      category: body.category,
      description: body.description,
      ...reporter,
      email: body.email ?? null,
    };
    const result = await handleReport(
      deps.eventStore,
      moderationStreams.report(reportId),
      (state) => decideFileReport(command, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    const receivedAt = result.state.status === 'none' ? deps.now().toISOString() : result.state.filed.receivedAt;
    const to = body.email ?? (caller && caller.kind !== 'admin' ? await deps.emailOf(subjectOfCaller(caller)) : null);
    await tell(
      deps,
      to,
      'Aura: abbiamo ricevuto la tua segnalazione',
      `Segnalazione ${reportId} ricevuta il ${receivedAt} (${reportCategoryLabels[body.category]}). ` +
        "Ti diremo l'esito della nostra decisione.",
    );
    return { id: reportId, receivedAt };
  });

  mountRoute(router, deps.sessions, apiRoutes.decideReport, async (ctx, { params, body }, caller) => {
    const state = foldStream(report, await deps.eventStore.readStream(moderationStreams.report(params.id)));
    const statementId = deterministicId(`statement:report:${params.id}`);
    // the decider refuses an unknown, decided or unfitting report before anything is applied
    decideDecideReport({ action: body.action, statementId, adminId: caller.sub }, state, deps.now());
    if (state.status !== 'open') throw notFound();
    const filed = state.filed;
    const metadata = commandMetadata(ctx, caller, { reportId: params.id });
    if (body.action === 'remove_content' && filed.targetKind === 'photo')
      await deps.apply.removePhoto(filed.targetId, metadata);
    if (body.action === 'end_show') await deps.apply.endShow(filed.targetId, metadata);
    await deps.issueStatement(
      {
        statementId,
        reportId: params.id,
        subjectKind: filed.subjectKind,
        subjectId: filed.subjectId,
        targetKind: filed.targetKind,
        targetId: filed.targetId,
        action: body.action,
        ground: body.ground,
        groundDetail: body.groundDetail,
        statement: body.statement,
        adminId: caller.sub,
      },
      metadata,
    );
    const decided = await handleReport(
      deps.eventStore,
      moderationStreams.report(params.id),
      (current) => decideDecideReport({ action: body.action, statementId, adminId: caller.sub }, current, deps.now()),
      { metadata },
    );
    await deps.reportsSettled(decided.position);
    const notifier = filed.email ?? (filed.reporterId ? await deps.emailOf(reporterSubject(filed)) : null);
    await tell(
      deps,
      notifier,
      'Aura: esito della tua segnalazione',
      `Abbiamo deciso la tua segnalazione ${params.id}: ${moderationActionLabels[body.action]}.`,
    );
    return { statementId };
  });
}

const subjectOfCaller = (caller: { kind: string; sub: string }): Subject => ({
  subjectKind: caller.kind === 'performer' ? 'performer' : 'user',
  subjectId: caller.sub,
});
const reporterSubject = (filed: { reporterKind: string; reporterId: string | null }): Subject => ({
  subjectKind: filed.reporterKind === 'performer' ? 'performer' : 'user',
  subjectId: filed.reporterId ?? '',
});

/** An admin ends a running show from the live monitoring: the shows module's admin end, then her statement of reasons. */
function endShowRoute(router: Router, deps: ModerationRouteDeps) {
  mountRoute(router, deps.sessions, apiRoutes.adminEndShow, async (ctx, { params, body }, caller) => {
    const subject = await deps.subjects.show(params.id);
    if (!subject) throw notFound();
    const metadata = commandMetadata(ctx, caller, { showId: params.id });
    await deps.apply.endShow(params.id, metadata);
    const statementId = deterministicId(`statement:end-show:${params.id}`);
    await deps.issueStatement(
      {
        statementId,
        reportId: null,
        ...subject,
        targetKind: 'show',
        targetId: params.id,
        action: 'end_show',
        ground: body.ground,
        groundDetail: body.groundDetail,
        statement: body.statement,
        adminId: caller.sub,
      },
      metadata,
    );
    return { statementId };
  });
}

function appealRoutes(router: Router, deps: ModerationRouteDeps) {
  mountRoute(router, deps.sessions, apiRoutes.fileAppeal, async (ctx, { body }, caller) => {
    const issued = foldStream(
      statement,
      await deps.eventStore.readStream(moderationStreams.statement(body.statementId)),
    );
    const appealId = deterministicId(`appeal:${body.statementId}`);
    const result = await handleAppeal(
      deps.eventStore,
      moderationStreams.appeal(appealId),
      (state) => decideFileAppeal({ appealId, byId: caller.sub, text: body.text }, issued, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    await deps.noticesSettled(result.position);
    const filedAt = result.events[0]?.data as { filedAt: string } | undefined;
    return { id: appealId, filedAt: filedAt?.filedAt ?? deps.now().toISOString() };
  });

  mountRoute(router, deps.sessions, apiRoutes.decideAppeal, async (ctx, { params, body }, caller) => {
    const decided = await handleAppeal(
      deps.eventStore,
      moderationStreams.appeal(params.id),
      (state) => decideDecideAppeal({ adminId: caller.sub, ...body }, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    await deps.noticesSettled(decided.position);
    return { ok: true as const };
  });
}

/** What is in review under this id: a photo for sale, or her new profile portrait; applies the review there. */
async function itemInReview(deps: ModerationRouteDeps, id: string) {
  const photo = await deps.photoInReview(id);
  if (photo)
    return {
      kind: 'photo' as const,
      performerId: photo.performerId,
      apply: (review: Review, metadata: Metadata) => deps.reviewPhoto(id, review, metadata),
    };
  const performerId = await deps.portraitOwner(id);
  if (!performerId) throw notFound();
  return {
    kind: 'portrait' as const,
    performerId,
    apply: (review: Review, metadata: Metadata) =>
      deps.reviewPortrait(performerId, { portraitId: id, ...review }, metadata),
  };
}

type Review = { decision: 'approve' | 'reject'; adminId: string; statementId: string | null };

function reviewRoutes(router: Router, deps: ModerationRouteDeps) {
  mountRoute(router, deps.sessions, apiRoutes.decideReview, async (ctx, { params, body }, caller) => {
    const item = await itemInReview(deps, params.id);
    const metadata = commandMetadata(ctx, caller);
    const statementId = body.decision === 'reject' ? deterministicId(`statement:review:${params.id}`) : null;
    await item.apply({ decision: body.decision, adminId: caller.sub, statementId }, metadata);
    if (statementId)
      await deps.issueStatement(
        {
          statementId,
          reportId: null,
          subjectKind: 'performer',
          subjectId: item.performerId,
          targetKind: item.kind,
          targetId: params.id,
          action: 'reject_content',
          ground: 'termini',
          groundDetail: 'Revisione dei contenuti prima della pubblicazione',
          statement: body.statement ?? '',
          adminId: caller.sub,
        },
        metadata,
      );
    return { ok: true as const };
  });
}

export function moderationRouter(deps: ModerationRouteDeps): Router {
  const router = new Router();
  reportRoutes(router, deps);
  appealRoutes(router, deps);
  reviewRoutes(router, deps);
  endShowRoute(router, deps);
  return router;
}
