import Router from '@koa/router';
import { refuseBannedTerms } from '../../platform/http/banned-terms';
import type { Middleware } from 'koa';
import { apiRoutes, auracoinToUnits, streams } from '@aura/contracts';
import { imageField } from '../../platform/files/remote-image';
import { deterministicId, newId } from '../../platform/ids';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import { releaseAll, type Claim } from '../../kernel/unique-values';
import {
  decideAddDocument,
  decideBlockUser,
  decideDeletePerformer,
  decideRejectPerformer,
  decideSetGeoblock,
  decideSetOnline,
  decideSetSchedule,
  decideUpdateProfile,
  decideVerifyPerformer,
  handlePerformer,
  performer,
  type ProfileChanges,
} from './performer';
import { managesProfile, mayChangeRating } from './policy';
import { createByAdmin, register, resolveDocuments, type PerformersDeps } from './registration';
import { mountCoPerformerRoutes } from './co-performer-routes';

export type { PerformersDeps } from './registration';

const stream = streams.performer;

export function performersRouter(deps: PerformersDeps): Router {
  const router = new Router();
  mountAccountRoutes(router, deps);
  mountProfileRoutes(router, deps);
  mountRecordRoutes(router, deps);
  mountCoPerformerRoutes(router, deps);
  return router;
}

/** Sign-in, sign-up (hers, or an admin's on her behalf), verification and deletion. */
function mountAccountRoutes(router: Router, deps: PerformersDeps) {
  const registrationIpLimit = deps.limits.before('register', (ctx) => ctx.ip);
  /** registrations share users' budget per address (docs/architecture.md#rate-limits); admins creating performers are not limited */
  const registrationLimit: Middleware = async (ctx, next) => {
    const caller = await deps.sessions.fromContext(ctx);
    if (caller?.kind === 'admin') return next();
    return registrationIpLimit(ctx, next);
  };

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.performerLogin,
    async (ctx, { body }) => {
      const login = await deps.passwords.signIn(await deps.findLogin(body.username), body.password);
      deps.sessions.start(ctx, { sub: login.id, kind: 'performer' });
      return deps.performerViewAfter(login.id, undefined);
    },
    ...deps.limits.signIn(),
  );

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.createPerformer,
    async (ctx, { body }, caller) =>
      caller?.kind === 'admin' ? createByAdmin(deps, ctx, body, caller) : register(deps, ctx, body),
    registrationLimit,
  );

  mountRoute(router, deps.sessions, apiRoutes.verifyPerformer, async (ctx, { params, body }, caller) => {
    const metadata = commandMetadata(ctx, caller);
    const result = await handlePerformer(
      deps.eventStore,
      stream(params.id),
      (state) =>
        body.status === 'approved'
          ? decideVerifyPerformer({ adminId: caller.sub }, state, deps.now())
          : decideRejectPerformer({ adminId: caller.sub, reason: body.rejectionReason ?? '' }, state, deps.now()),
      { metadata },
    );
    if (body.status !== 'approved') {
      // rejected: the sessions she has end (she may sign in again to read why); the reason is her statement of reasons
      await deps.sessions.revokeAccount(params.id);
      await deps.issueStatement(
        {
          statementId: deterministicId(`statement:reject-performer:${params.id}`),
          reportId: null,
          subjectKind: 'performer',
          subjectId: params.id,
          targetKind: 'performer',
          targetId: params.id,
          action: 'reject_performer',
          ground: 'termini',
          groundDetail: 'Verifica della registrazione e dei documenti',
          statement: body.rejectionReason ?? '',
          adminId: caller.sub,
        },
        metadata,
      );
    }
    return deps.performerViewAfter(params.id, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.deletePerformer, async (ctx, { params }, caller) => {
    const credentials = await deps.credentialsOf(params.id);
    const metadata = commandMetadata(ctx, caller);
    await handlePerformer(
      deps.eventStore,
      stream(params.id),
      (state) => decideDeletePerformer({ adminId: caller.sub }, state, deps.now()),
      { metadata },
    );
    const claims: Claim[] = [
      ...(credentials?.username
        ? [{ kind: 'performer-username' as const, value: credentials.username, ownerId: params.id }]
        : []),
      ...(credentials?.email
        ? [{ kind: 'performer-email' as const, value: credentials.email, ownerId: params.id }]
        : []),
    ];
    await releaseAll(deps.eventStore, claims, deps.now, metadata);
    await deps.sessions.revokeAccount(params.id);
    return { ok: true as const };
  });
}

/** Her public profile: what it says, and whether she is online. */
function mountProfileRoutes(router: Router, deps: PerformersDeps) {
  mountRoute(router, deps.sessions, apiRoutes.updatePerformer, async (ctx, { params, body }, caller) => {
    managesProfile(caller, params.id);
    mayChangeRating(caller, body.rating);
    refuseBannedTerms(deps.config.BANNED_TERMS, { bio: body.bio });
    const by = caller.kind === 'admin' ? 'admin' : 'performer';
    const changes: ProfileChanges = {
      name: body.name,
      age: body.age,
      image:
        body.image === undefined ? undefined : await imageField(deps.remoteImages, body.image, params.id, 'body.image'),
      rating: body.rating,
      rateUnits: body.creditsPerMinute === undefined ? undefined : auracoinToUnits(body.creditsPerMinute),
      messagePriceUnits: body.messagePrice === undefined ? undefined : auracoinToUnits(body.messagePrice),
      spyPriceUnits: body.spyPrice === undefined ? undefined : body.spyPrice && auracoinToUnits(body.spyPrice),
      languages: body.languages,
      category: body.category,
      bio: body.bio,
    };
    const result = await handlePerformer(
      deps.eventStore,
      stream(params.id),
      (state) => {
        const command = { changes, by, byId: caller.sub, portraitId: newId() } as const;
        const updated = decideUpdateProfile(command, state, deps.now());
        const next = updated.reduce(performer.evolve, state);
        const presence =
          body.isOnline === undefined ? [] : decideSetOnline({ isOnline: body.isOnline, by }, next, deps.now());
        return [...updated, ...presence];
      },
      { metadata: commandMetadata(ctx, caller) },
    );
    return deps.performerViewAfter(params.id, result.position);
  });
}

/** The rest of her record: documents, geoblock, schedule and the users she blocks. */
function mountRecordRoutes(router: Router, deps: PerformersDeps) {
  mountRoute(router, deps.sessions, apiRoutes.addDocument, async (ctx, { params, body }, caller) => {
    managesProfile(caller, params.id);
    const [document] = await resolveDocuments(deps, [body], caller.kind === 'admin' ? undefined : caller.sub);
    const result = await handlePerformer(
      deps.eventStore,
      stream(params.id),
      (state) => decideAddDocument(document!, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    const added = result.events[0]!;
    if (added.type !== 'PerformerDocumentAdded') throw new Error('unexpected event');
    const d = added.data;
    return {
      id: d.documentId,
      performerId: d.performerId,
      documentType: d.documentType,
      fileName: d.fileName,
      fileSize: d.fileSize,
      contentType: d.contentType,
      uploadedAt: d.addedAt,
    };
  });

  mountRoute(router, deps.sessions, apiRoutes.setGeoblock, async (ctx, { params, body }, caller) => {
    managesProfile(caller, params.id);
    const result = await handlePerformer(
      deps.eventStore,
      stream(params.id),
      (state) => decideSetGeoblock(body, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    return deps.performerViewAfter(params.id, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.setSchedule, async (ctx, { params, body }, caller) => {
    managesProfile(caller, params.id);
    const result = await handlePerformer(
      deps.eventStore,
      stream(params.id),
      (state) => decideSetSchedule(body, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    return deps.performerViewAfter(params.id, result.position);
  });

  for (const [contract, block] of [
    [apiRoutes.blockUser, true],
    [apiRoutes.unblockUser, false],
  ] as const) {
    mountRoute(router, deps.sessions, contract, async (ctx, { params }, caller) => {
      managesProfile(caller, params.id);
      const result = await handlePerformer(
        deps.eventStore,
        stream(params.id),
        (state) => decideBlockUser({ userId: params.userId, block }, state, deps.now()),
        { metadata: commandMetadata(ctx, caller) },
      );
      return deps.performerViewAfter(params.id, result.position);
    });
  }
}
