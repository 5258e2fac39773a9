import type { CommandSide, ModulePorts } from '../../kernel/module';
import { rateLimiterOf } from '../../platform/http/rate-limit';
import { createMailer } from '../../platform/mail/mailer';
import { moderationRateLimits } from './rate-limits';
import { statementIssuer, type IssueStatementFn, type Subject } from './issue';
import { moderationRouter, type ModerationRouteDeps } from './routes';

export { actStatement, type IssueStatementFn, type Subject } from './issue';

/** The one path statements of reasons take (entry hands it to every module whose admin acts need one). */
export function moderationStatements(
  ports: ModulePorts,
  emailOf: (subject: Subject) => Promise<string | null>,
): IssueStatementFn {
  return statementIssuer({
    eventStore: ports.eventStore,
    now: ports.clock.now,
    mailer: createMailer(ports.config, ports.logger),
    logger: ports.logger,
    emailOf,
  });
}

/** What the moderation routes need of other modules (entry hands it over). */
export interface ModerationDeps {
  subjects: ModerationRouteDeps['subjects'];
  emailOf: ModerationRouteDeps['emailOf'];
  apply: ModerationRouteDeps['apply'];
  photoInReview: ModerationRouteDeps['photoInReview'];
  reviewPhoto: ModerationRouteDeps['reviewPhoto'];
  portraitOwner: ModerationRouteDeps['portraitOwner'];
  reviewPortrait: ModerationRouteDeps['reviewPortrait'];
  issueStatement: IssueStatementFn;
  reportsSettled: ModerationRouteDeps['reportsSettled'];
  noticesSettled: ModerationRouteDeps['noticesSettled'];
  /** the moderation read side: a suspended performer's or banned user's account */
  isSanctioned(accountId: string): Promise<boolean>;
}

/** Reports (DSA Art. 16), decisions with a statement of reasons (Art. 17), appeals, and content reviewed before shown. */
export function moderationCommands(ports: ModulePorts, deps: ModerationDeps) {
  return {
    name: 'moderation',
    rateLimits: moderationRateLimits,
    routers: [
      moderationRouter({
        eventStore: ports.eventStore,
        sessions: ports.sessions,
        limits: rateLimiterOf(ports, moderationRateLimits),
        now: ports.clock.now,
        mailer: createMailer(ports.config, ports.logger),
        logger: ports.logger,
        subjects: deps.subjects,
        emailOf: deps.emailOf,
        apply: deps.apply,
        photoInReview: deps.photoInReview,
        reviewPhoto: deps.reviewPhoto,
        portraitOwner: deps.portraitOwner,
        reviewPortrait: deps.reviewPortrait,
        issueStatement: deps.issueStatement,
        reportsSettled: deps.reportsSettled,
        noticesSettled: deps.noticesSettled,
      }),
    ],
    /** a performer suspended or a user banned by a decision may no longer act */
    async acceptsSession(principal) {
      return principal.kind === 'admin' || !(await deps.isSanctioned(principal.sub));
    },
  } satisfies CommandSide;
}
