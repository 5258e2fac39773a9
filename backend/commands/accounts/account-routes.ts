import { createHash, randomBytes } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { ACCOUNT_TOKEN_TTL_MS, apiRoutes, streams, type AccountExport, type UserView } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import { notFound } from '../../platform/http/errors';
import type { Passwords } from '../../platform/http/password';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import type { accountRateLimits } from './rate-limits';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import type { Logger } from '../../platform/logging/logger';
import { readOutbox, type Mailer } from '../../platform/mail/mailer';
import { claimAll, releaseAll } from '../../kernel/unique-values';
import { emailChangeMail, passwordResetMail } from './mails';
import { hasOwnSettings, outboxShown } from './policy';
import {
  decideChangePassword,
  decideConfirmEmail,
  decideDeleteUser,
  decideRequestEmailChange,
  decideRequestReset,
  decideResetPassword,
  handleUser,
} from './user';

/** What the account routes read of a user: his login record. */
export interface AccountRecord {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
}

export interface AccountRoutesDeps {
  /** argon2id hashing and the password sign-in */
  passwords: Passwords;
  eventStore: EventStore;
  sessions: SessionManager;
  limits: RateLimiter<keyof typeof accountRateLimits | DoorLimit>;
  now: () => Date;
  mailer: Mailer;
  logger: Logger;
  production: boolean;
  /** where the links in mail point (config `publicUrl`: PUBLIC_URL, or http://localhost:PORT outside production); never the request's Host */
  publicUrl: string;
  byEmail(email: string): Promise<AccountRecord | null>;
  byId(userId: string): Promise<AccountRecord | null>;
  userViewAfter(userId: string, position: number | undefined): Promise<UserView>;
  settled(position: number | undefined): Promise<void>;
  /** his purchases, ledger and messages (the download of his data) */
  dataOf(userId: string): Promise<Omit<AccountExport, 'exportedAt' | 'profile'>>;
}

/** A mailed link's token: the account id (so the stream is known) and 32 random bytes. Only its hash is stored. */
function newToken(userId: string) {
  const token = `${userId}.${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashOf(token) };
}
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** The account a token names (undefined: not one of ours). */
const userIdOf = (token: string) => {
  const userId = token.split('.')[0] ?? '';
  return /^[0-9a-f-]{36}$/.test(userId) ? userId : undefined;
};
const invalidToken = () => new DomainError('invalid_token');

/** What every settings route needs: his own account, his other sessions ended, where links point. */
function settingsOf(deps: AccountRoutesDeps) {
  return {
    linkBase: deps.publicUrl.replace(/\/+$/, ''),
    /** the caller's own account, a user's (./policy.ts) */
    async ownAccount(caller: Principal) {
      hasOwnSettings(caller);
      const account = await deps.byId(caller.sub);
      if (!account) throw notFound();
      return account;
    },
    /** every session of his ends; the caller's own goes on in a new cookie */
    async signOutOthers(ctx: Context, caller: Principal) {
      const revokedAt = await deps.sessions.revokeAccount(caller.sub);
      deps.sessions.start(ctx, { sub: caller.sub, kind: caller.kind }, { issuedAfter: revokedAt });
    },
  };
}

type Settings = ReturnType<typeof settingsOf>;

/**
 * His account by himself (docs/product.md#account): a forgotten password reset by a mailed link,
 * and his settings (password, email confirmed by a link, deletion, his data as JSON). Each route
 * authenticates (its contract's level and ./policy.ts), validates, calls the decider (./user.ts)
 * and maps the answer.
 */
export function accountRouter(deps: AccountRoutesDeps): Router {
  const router = new Router();
  const settings = settingsOf(deps);
  passwordRoutes(router, deps, settings);
  emailRoutes(router, deps, settings);
  deletionRoutes(router, deps, settings);
  dataRoutes(router, deps, settings);
  return router;
}

/** A forgotten password reset by a mailed link, and his password changed in his settings. */
function passwordRoutes(router: Router, deps: AccountRoutesDeps, settings: Settings) {
  // Always 202 with the same body: the lookup is one read, and the link is made and mailed after the
  // answer, so neither the answer nor its timing tells whether the address has an account.
  mountRoute(
    router,
    deps.sessions,
    apiRoutes.requestPasswordReset,
    async (ctx, { body }) => {
      const account = await deps.byEmail(body.email);
      if (account) {
        void (async () => {
          const { token, tokenHash } = newToken(account.id);
          await handleUser(
            deps.eventStore,
            streams.user(account.id),
            (state) => decideRequestReset({ tokenHash, ttlMs: ACCOUNT_TOKEN_TTL_MS }, state, deps.now()),
            { metadata: commandMetadata(ctx) },
          );
          await deps.mailer.send(passwordResetMail(account, settings.linkBase, token));
        })().catch((error: unknown) => deps.logger.error('password reset mail failed', { err: error }));
      }
      return { ok: true as const };
    },
    deps.limits.before('accountMail', (ctx) => ctx.ip),
  );

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.confirmPasswordReset,
    async (ctx, { body }) => {
      const userId = userIdOf(body.token);
      if (!userId) throw invalidToken();
      const passwordHash = await deps.passwords.hash(body.password);
      const tokenHash = hashOf(body.token);
      const result = await handleUser(
        deps.eventStore,
        streams.user(userId),
        (state) => decideResetPassword({ tokenHash, passwordHash }, state, deps.now()),
        { metadata: commandMetadata(ctx) },
      );
      await deps.sessions.revokeAccount(userId);
      await deps.settled(result.position);
      return { ok: true as const };
    },
    deps.limits.before('signIn', (ctx) => ctx.ip),
  );

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.changePassword,
    async (ctx, { body }, caller) => {
      await deps.passwords.signIn(await settings.ownAccount(caller), body.currentPassword);
      const passwordHash = await deps.passwords.hash(body.newPassword);
      const result = await handleUser(
        deps.eventStore,
        streams.user(caller.sub),
        (state) => decideChangePassword({ passwordHash }, state, deps.now()),
        { metadata: commandMetadata(ctx, caller) },
      );
      await settings.signOutOthers(ctx, caller);
      await deps.settled(result.position);
      return { ok: true as const };
    },
    ...deps.limits.signIn(),
  );
}

/** A new address: asked for with his password, confirmed by the link mailed there. */
function emailRoutes(router: Router, deps: AccountRoutesDeps, settings: Settings) {
  mountRoute(
    router,
    deps.sessions,
    apiRoutes.requestEmailChange,
    async (ctx, { body }, caller) => {
      const account = await deps.passwords.signIn(await settings.ownAccount(caller), body.password);
      const emailOwner = (await deps.byEmail(body.email))?.id ?? null;
      const { token, tokenHash } = newToken(account.id);
      const command = { email: body.email, tokenHash, ttlMs: ACCOUNT_TOKEN_TTL_MS, emailOwner };
      await handleUser(
        deps.eventStore,
        streams.user(account.id),
        (state) => decideRequestEmailChange(command, state, deps.now()),
        { metadata: commandMetadata(ctx, caller) },
      );
      await deps.mailer.send(emailChangeMail(account, body.email, settings.linkBase, token));
      return { ok: true as const };
    },
    deps.limits.before('accountMail', (ctx) => ctx.ip),
  );

  mountRoute(router, deps.sessions, apiRoutes.confirmEmailChange, async (ctx, { body }, caller) => {
    const userId = userIdOf(body.token);
    if (!userId) throw invalidToken();
    const tokenHash = hashOf(body.token);
    const metadata = commandMetadata(ctx, caller);
    // the new address is claimed first (one account per email), the old one released after
    const before = await handleUser(deps.eventStore, streams.user(userId), (state) => {
      decideConfirmEmail({ tokenHash }, state, deps.now());
      return [];
    });
    const pending = before.state.status === 'registered' ? before.state.emailChange : null;
    if (!pending) throw invalidToken();
    await claimAll(deps.eventStore, [{ kind: 'email', value: pending.email, ownerId: userId }], deps.now, metadata);
    const result = await handleUser(
      deps.eventStore,
      streams.user(userId),
      (state) => decideConfirmEmail({ tokenHash }, state, deps.now()),
      { metadata },
    );
    if (result.state.status === 'registered') {
      const previous = result.events.find((event) => event.type === 'UserEmailChanged');
      if (previous?.type === 'UserEmailChanged')
        await releaseAll(
          deps.eventStore,
          [{ kind: 'email', value: previous.data.previousEmail, ownerId: userId }],
          deps.now,
          metadata,
        );
    }
    await deps.settled(result.position);
    return { ok: true as const };
  });
}

/** His account deleted by himself: the password first, and what the deletion would lose, before he confirms. */
function deletionRoutes(router: Router, deps: AccountRoutesDeps, settings: Settings) {
  mountRoute(
    router,
    deps.sessions,
    apiRoutes.checkDeleteMe,
    async (_ctx, { body }, caller) => {
      const account = await deps.passwords.signIn(await settings.ownAccount(caller), body.password);
      const profile = await deps.userViewAfter(account.id, undefined);
      return { auracoinBalance: profile.auracoinBalance };
    },
    ...deps.limits.signIn(),
  );

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.deleteMe,
    async (ctx, { body }, caller) => {
      const account = await deps.passwords.signIn(await settings.ownAccount(caller), body.password);
      const metadata = commandMetadata(ctx, caller);
      const result = await handleUser(
        deps.eventStore,
        streams.user(account.id),
        (state) =>
          decideDeleteUser({ userId: account.id, deletedBy: account.id, reason: body.reason }, state, deps.now()),
        { metadata },
      );
      await releaseAll(
        deps.eventStore,
        [
          { kind: 'username', value: account.username, ownerId: account.id },
          { kind: 'email', value: account.email, ownerId: account.id },
        ],
        deps.now,
        metadata,
      );
      await deps.sessions.revokeAccount(account.id);
      await deps.sessions.end(ctx);
      await deps.settled(result.position);
      return { ok: true as const };
    },
    ...deps.limits.signIn(),
  );
}

/** His data as JSON, and (outside production) the mail outbox. */
function dataRoutes(router: Router, deps: AccountRoutesDeps, settings: Settings) {
  mountRoute(router, deps.sessions, apiRoutes.exportMe, async (ctx, _input, caller) => {
    await settings.ownAccount(caller);
    const profile = await deps.userViewAfter(caller.sub, undefined);
    ctx.set('Content-Disposition', 'attachment; filename="aura-dati.json"');
    return { exportedAt: deps.now().toISOString(), profile, ...(await deps.dataOf(caller.sub)) };
  });

  mountRoute(router, deps.sessions, apiRoutes.devOutbox, async () => {
    const { outboxDir } = deps.mailer;
    outboxShown(deps.production, outboxDir);
    return { messages: await readOutbox(outboxDir) };
  });
}
