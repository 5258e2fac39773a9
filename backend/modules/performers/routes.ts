import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { readFile, rm } from 'node:fs/promises';
import type { Context, Middleware } from 'koa';
import {
  AdminPerformerBody,
  MAX_UPLOAD_BYTES,
  PASSWORD_MIN,
  PerformerRegistrationBody,
  USERNAME_MIN,
  apiRoutes,
  auracoinToUnits,
  documentContentTypes,
  registrationProblem,
  streams,
  performerStreams,
  uploadMessages,
  type PerformerView,
} from '@aura/contracts';
import { z } from 'zod';
import { DomainError } from '../../platform/domain-error';
import { handleCommand } from '../../platform/eventstore/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { FileRejectedError, type FileStorage } from '../../platform/files/storage';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/http/errors';
import { hashPassword, verifyPassword } from '../../platform/http/password';
import { zodFieldErrors } from '../../platform/http/problem';
import { loginRateLimit, rateLimit } from '../../platform/http/rate-limit';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import type { KeyValueStore } from '../../platform/kv/port';
import { newId } from '../../platform/ids';
import { claimAll, releaseAll, type Claim } from '../../platform/unique-values';
import {
  decideAddDocument,
  decideBlockUser,
  decideCreateByAdmin,
  decideDeletePerformer,
  decideRegisterPerformer,
  decideRejectPerformer,
  decideSetGeoblock,
  decideSetOnline,
  decideUpdateProfile,
  decideVerifyPerformer,
  performer,
  type ProfileChanges,
  type StoredDocument,
} from './performer';

export interface PerformersDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  kv: KeyValueStore;
  files: FileStorage;
  now: () => Date;
  /** sign-in record from the performers read model */
  findLogin: (identifier: string) => Promise<{ id: string; passwordHash: string } | null>;
  /** username and email of a performer (to free them on deletion) */
  credentialsOf: (performerId: string) => Promise<{ username: string | null; email: string | null } | null>;
  /** a performer's full view once the read model has applied `position` */
  performerViewAfter: (performerId: string, position: number | undefined) => Promise<PerformerView>;
  /** a recorded identity document */
  documentById: (documentId: string) => Promise<{ performerId: string; fileId: string; contentType: string; fileName: string } | null>;
}

/** `/private/<fileId>`: what POST /api/upload answers as `url`. */
export const privateFileUrl = (fileId: string) => `/private/${fileId}`;
const PRIVATE_URL = /^\/private\/([0-9a-f-]{36})$/;

const metadataOf = (ctx: Context, caller?: Principal) => ({ correlationId: ctx.state.requestId, ...(caller ? { by: caller.sub, byKind: caller.kind } : {}) });

function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const errors = zodFieldErrors(parsed.error).map((e) => ({ ...e, path: `body.${e.path}`.replace(/\.\(root\)$/, '') }));
  throw badRequest(`Invalid fields: ${errors.map((e) => e.path).join(', ')}`, errors);
}

/** Reads the multipart upload (formidable enabled on this route only), with the 10 MB limit. */
const multipart = koaBody({
  multipart: true,
  json: false,
  urlencoded: false,
  text: false,
  formidable: { maxFileSize: MAX_UPLOAD_BYTES, maxTotalFileSize: MAX_UPLOAD_BYTES, maxFiles: 1, maxFields: 10, maxFieldsSize: 64 * 1024, allowEmptyFiles: false },
  onError(error) {
    const code = (error as { code?: number }).code;
    const httpCode = (error as { httpCode?: number }).httpCode;
    // formidable: 1009 file too big, 1016 total too big
    if (code === 1009 || code === 1016 || httpCode === 413) throw new HttpError(413, 'payload_too_large', uploadMessages.tooLarge.message);
    throw badRequest('Caricamento non valido');
  },
});

interface UploadedFile {
  filepath: string;
  originalFilename?: string | null;
  size: number;
}

export function performersRouter(deps: PerformersDeps): Router {
  const router = new Router();
  const performerStream = streams.performer;

  async function resolveDocuments(documents: { documentType: StoredDocument['documentType']; documentUrl: string; fileName: string }[], owner: string | undefined) {
    const resolved: StoredDocument[] = [];
    for (const [index, document] of documents.entries()) {
      const fileId = PRIVATE_URL.exec(document.documentUrl)?.[1];
      const meta = fileId ? await deps.files.meta('private', fileId) : undefined;
      if (!meta) throw badRequest('Documento non trovato: caricalo di nuovo', [{ path: `body.documents.${index}.documentUrl`, message: 'Documento non trovato' }]);
      if (owner !== undefined && meta.owner !== 'anonymous' && meta.owner !== owner) throw forbidden('Documento di un altro account');
      resolved.push({ documentId: newId(), documentType: document.documentType, fileId: meta.fileId, fileName: document.fileName, fileSize: meta.size, contentType: meta.contentType });
    }
    return resolved;
  }

  async function register(ctx: Context, raw: unknown) {
    const body = parseBody(PerformerRegistrationBody, raw);
    const now = deps.now();
    const problem = registrationProblem({ ...body, documentCount: body.documents.length }, now);
    if (problem) throw badRequest(problem.message, [{ path: `body.${problem.field}`, message: problem.message }]);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.dateOfBirth!.slice(0, 10)) || Number.isNaN(Date.parse(body.dateOfBirth!))) {
      throw badRequest('Data di nascita non valida', [{ path: 'body.dateOfBirth', message: 'Data di nascita non valida' }]);
    }
    const username = body.username!.trim();
    const email = body.email!.trim().toLowerCase();
    if (username.length < USERNAME_MIN) throw badRequest("L'username deve avere almeno 3 caratteri", [{ path: 'body.username', message: "L'username deve avere almeno 3 caratteri" }]);
    if (!z.string().email().safeParse(email).success) throw badRequest("Inserisci un'email valida", [{ path: 'body.email', message: "Inserisci un'email valida" }]);
    if (body.password!.length < PASSWORD_MIN) throw badRequest('La password deve avere almeno 6 caratteri', [{ path: 'body.password', message: 'La password deve avere almeno 6 caratteri' }]);
    const documents = await resolveDocuments(body.documents, undefined);
    const performerId = newId();
    const passwordHash = await hashPassword(body.password!);
    const metadata = metadataOf(ctx);
    const claims: Claim[] = [
      { kind: 'performer-username', value: username, ownerId: performerId },
      { kind: 'performer-email', value: email, ownerId: performerId },
    ];
    await claimAll(deps.eventStore, claims, deps.now, metadata);
    let position: number | undefined;
    try {
      const result = await handleCommand(deps.eventStore, performerStream(performerId), performer, (state) =>
        decideRegisterPerformer(
          {
            performerId, username, email, passwordHash, name: body.name!.trim(), dateOfBirth: body.dateOfBirth!.slice(0, 10), bio: body.bio,
            rateUnits: auracoinToUnits(body.creditsPerMinute), languages: body.languages, category: body.category,
            hairColor: body.hairColor, eyeColor: body.eyeColor, bodyType: body.bodyType, ethnicity: body.ethnicity, height: body.height,
            specialFeatures: body.specialFeatures, image: body.image || '/demo/performers/1.svg', rating: null,
            signedContractAt: deps.now().toISOString(), digitalSignature: body.digitalSignature!, documents,
          },
          state,
          deps.now(),
        ), { metadata });
      position = result.position;
    } catch (error) {
      await releaseAll(deps.eventStore, claims, deps.now, metadata);
      throw error;
    }
    deps.sessions.start(ctx, { sub: performerId, kind: 'performer' });
    return deps.performerViewAfter(performerId, position);
  }

  async function createByAdmin(ctx: Context, raw: unknown, caller: Principal) {
    const body = parseBody(AdminPerformerBody, raw);
    const performerId = newId();
    const metadata = metadataOf(ctx, caller);
    const claims: Claim[] = [
      ...(body.username ? [{ kind: 'performer-username' as const, value: body.username, ownerId: performerId }] : []),
      ...(body.email ? [{ kind: 'performer-email' as const, value: body.email, ownerId: performerId }] : []),
    ];
    const passwordHash = body.password && body.username ? await hashPassword(body.password) : null;
    await claimAll(deps.eventStore, claims, deps.now, metadata);
    try {
      const result = await handleCommand(deps.eventStore, performerStream(performerId), performer, (state) =>
        decideCreateByAdmin(
          {
            performerId, adminId: caller.sub, username: body.username ?? null, email: body.email ?? null, passwordHash,
            name: body.name, age: body.age, image: body.image, rating: body.rating, rateUnits: auracoinToUnits(body.creditsPerMinute),
            languages: body.languages, category: body.category, bio: body.bio,
          },
          state,
          deps.now(),
          body.isOnline,
        ), { metadata });
      return await deps.performerViewAfter(performerId, result.position);
    } catch (error) {
      await releaseAll(deps.eventStore, claims, deps.now, metadata);
      throw error;
    }
  }

  const uploadLimit = rateLimit(deps.kv, 'upload-ip', { keyOf: (ctx) => ctx.ip, max: 60, windowMs: 15 * 60_000 });
  const registrationIpLimit = rateLimit(deps.kv, 'performer-register-ip', { keyOf: (ctx) => ctx.ip, max: 60, windowMs: 15 * 60_000 });
  /** registrations hash a password: limited per address (admins creating performers are not) */
  const registrationLimit: Middleware = async (ctx, next) => {
    const caller = await deps.sessions.fromContext(ctx);
    if (caller?.kind === 'admin') return next();
    return registrationIpLimit(ctx, next);
  };

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.uploadDocument,
    async (ctx, _input, caller) => {
      if (!ctx.is('multipart/form-data')) throw new HttpError(415, 'unsupported_media_type', 'Invia il file come multipart/form-data');
      const files = (ctx.request as unknown as { files?: Record<string, UploadedFile | UploadedFile[]> }).files ?? {};
      const entry = files.file;
      const file = Array.isArray(entry) ? entry[0] : entry;
      if (!file) throw badRequest('Nessun file ricevuto', [{ path: 'body.file', message: 'Nessun file ricevuto' }]);
      try {
        const fields = (ctx.request.body ?? {}) as { fileName?: unknown };
        const originalName = typeof fields.fileName === 'string' ? fields.fileName : (file.originalFilename ?? 'documento');
        const stored = await deps.files.save('private', await readFile(file.filepath), {
          allowed: documentContentTypes, maxBytes: MAX_UPLOAD_BYTES, originalName, owner: caller?.sub ?? 'anonymous',
        });
        return { url: privateFileUrl(stored.fileId), fileId: stored.fileId, fileName: stored.originalName, fileSize: stored.size, contentType: stored.contentType };
      } catch (error) {
        if (error instanceof FileRejectedError) {
          if (error.reason === 'too_large') throw new HttpError(413, 'payload_too_large', uploadMessages.tooLarge.message);
          throw new HttpError(415, 'unsupported_media_type', uploadMessages.badType.message);
        }
        throw error;
      } finally {
        await rm(file.filepath, { force: true });
      }
    },
    uploadLimit,
    multipart,
  );

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.performerLogin,
    async (ctx, { body }) => {
      const login = await deps.findLogin(body.username);
      decoyHash ??= hashPassword('decoy-password-for-timing');
      const valid = await verifyPassword(body.password, login?.passwordHash ?? (await decoyHash));
      if (!login || !valid) throw new DomainError('invalid_credentials', 'Credenziali non valide');
      deps.sessions.start(ctx, { sub: login.id, kind: 'performer' });
      return deps.performerViewAfter(login.id, undefined);
    },
    ...loginRateLimit(deps.kv),
  );

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.createPerformer,
    async (ctx, { body }, caller) => {
      if (caller?.kind === 'admin') return createByAdmin(ctx, body, caller);
      return register(ctx, body);
    },
    registrationLimit,
  );

  mountRoute(router, deps.sessions, apiRoutes.updatePerformer, async (ctx, { params, body }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    const by = caller.kind === 'admin' ? 'admin' : 'performer';
    if (by === 'performer' && body.rating !== undefined) throw forbidden('Il rating può cambiarlo solo un admin');
    const changes: ProfileChanges = {
      name: body.name, age: body.age, image: body.image, rating: body.rating,
      rateUnits: body.creditsPerMinute === undefined ? undefined : auracoinToUnits(body.creditsPerMinute),
      languages: body.languages, category: body.category, bio: body.bio,
    };
    const result = await handleCommand(deps.eventStore, performerStream(params.id), performer, (state) => {
      const updated = decideUpdateProfile({ changes, by, byId: caller.sub }, state, deps.now());
      const next = updated.reduce(performer.evolve, state);
      const presence = body.isOnline === undefined ? [] : decideSetOnline({ isOnline: body.isOnline, by }, next, deps.now());
      return [...updated, ...presence];
    }, { metadata: metadataOf(ctx, caller), retriesOnConflict: 2 });
    return deps.performerViewAfter(params.id, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.deletePerformer, async (ctx, { params }, caller) => {
    const credentials = await deps.credentialsOf(params.id);
    await handleCommand(deps.eventStore, performerStream(params.id), performer, (state) => decideDeletePerformer({ adminId: caller.sub }, state, deps.now()), {
      metadata: metadataOf(ctx, caller), retriesOnConflict: 2,
    });
    const claims: Claim[] = [
      ...(credentials?.username ? [{ kind: 'performer-username' as const, value: credentials.username, ownerId: params.id }] : []),
      ...(credentials?.email ? [{ kind: 'performer-email' as const, value: credentials.email, ownerId: params.id }] : []),
    ];
    await releaseAll(deps.eventStore, claims, deps.now, metadataOf(ctx, caller));
    return { ok: true as const };
  });

  mountRoute(router, deps.sessions, apiRoutes.verifyPerformer, async (ctx, { params, body }, caller) => {
    const result = await handleCommand(deps.eventStore, performerStream(params.id), performer, (state) =>
      body.status === 'approved'
        ? decideVerifyPerformer({ adminId: caller.sub }, state, deps.now())
        : decideRejectPerformer({ adminId: caller.sub, reason: body.rejectionReason ?? '' }, state, deps.now()),
    { metadata: metadataOf(ctx, caller) });
    return deps.performerViewAfter(params.id, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.addDocument, async (ctx, { params, body }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    const [document] = await resolveDocuments([body], caller.kind === 'admin' ? undefined : caller.sub);
    const result = await handleCommand(deps.eventStore, performerStream(params.id), performer, (state) => decideAddDocument(document!, state, deps.now()), {
      metadata: metadataOf(ctx, caller), retriesOnConflict: 2,
    });
    const added = result.events[0]!;
    if (added.type !== 'PerformerDocumentAdded') throw new Error('unexpected event');
    const d = added.data;
    return { id: d.documentId, performerId: d.performerId, documentType: d.documentType, fileName: d.fileName, fileSize: d.fileSize, contentType: d.contentType, uploadedAt: d.addedAt };
  });

  mountRoute(router, deps.sessions, apiRoutes.setGeoblock, async (ctx, { params, body }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    const result = await handleCommand(deps.eventStore, performerStream(params.id), performer, (state) => decideSetGeoblock(body, state, deps.now()), {
      metadata: metadataOf(ctx, caller), retriesOnConflict: 2,
    });
    return deps.performerViewAfter(params.id, result.position);
  });

  for (const [contract, block] of [[apiRoutes.blockUser, true], [apiRoutes.unblockUser, false]] as const) {
    mountRoute(router, deps.sessions, contract, async (ctx, { params }, caller) => {
      assertOwnerOrAdmin(caller, params.id);
      const result = await handleCommand(deps.eventStore, performerStream(params.id), performer, (state) => decideBlockUser({ userId: params.userId, block }, state, deps.now()), {
        metadata: metadataOf(ctx, caller), retriesOnConflict: 2,
      });
      return deps.performerViewAfter(params.id, result.position);
    });
  }

  /**
   * An identity document's bytes, through the short-lived link GET /api/performers/{id}/documents
   * gave an admin: the token must be valid, unexpired and for this admin's session. Every open
   * appends DocumentViewed with the admin's id.
   */
  router.get('/api/documents/:documentId/file', async (ctx) => {
    const caller = await deps.sessions.fromContext(ctx);
    if (!caller) throw new HttpError(401, 'unauthorized', 'Authentication required');
    if (caller.kind !== 'admin') throw forbidden();
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const payload = deps.files.verify(token);
    if (!payload || payload.documentId !== ctx.params.documentId || payload.adminId !== caller.sub) throw forbidden('Link scaduto o non valido');
    const document = await deps.documentById(ctx.params.documentId!);
    if (!document) throw notFound('Documento non trovato');
    const file = await deps.files.read('private', document.fileId);
    if (!file) throw notFound('Documento non trovato');
    const viewedAt = deps.now().toISOString();
    await deps.eventStore.appendToStream(
      performerStreams.documentViews(ctx.params.documentId!),
      [{ id: newId(), type: 'DocumentViewed', data: { documentId: ctx.params.documentId, performerId: document.performerId, adminId: caller.sub, viewedAt }, metadata: metadataOf(ctx, caller) }],
      { expectedRevision: 'any' },
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `inline; filename="${document.fileName.replace(/[^\w.-]/g, '_')}"`);
    ctx.type = file.meta.contentType;
    ctx.body = file.bytes;
  });

  return router;
}

/** A hash to verify against when the account does not exist, so timing does not tell. */
let decoyHash: Promise<string> | undefined;
