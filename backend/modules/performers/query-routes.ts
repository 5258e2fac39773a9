import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import type { FileStorage } from '../../platform/files/storage';
import { requestCountry } from '../../platform/http/country';
import { badRequest, notFound } from '../../platform/http/errors';
import { zodFieldErrors } from '../../platform/http/problem';
import { assertOwnerOrAdmin, mountRoute, toRouterPath } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { sightOf, toPerformerView, toPublicPerformerView, type PerformerQueries } from './queries';

/** How long an admin's link to an identity document works. */
export const DOCUMENT_LINK_TTL_MS = 5 * 60_000;

export function performersQueryRouter(deps: {
  sessions: SessionManager;
  performers: PerformerQueries;
  files: FileStorage;
  onlineUsers: () => number;
}): Router {
  const router = new Router();
  const { performers } = deps;

  // The hottest public read: validated like every route, answered from a memo of the serialized
  // page (checked against the response schema once per read-model checkpoint, not per request).
  const gallery = apiRoutes.gallery;
  router.get(toRouterPath(gallery.path), async (ctx) => {
    const parsed = gallery.query.safeParse(ctx.query);
    if (!parsed.success) {
      const errors = zodFieldErrors(parsed.error).map((e) => ({ ...e, path: `query.${e.path}`.replace(/\.\(root\)$/, '') }));
      throw badRequest(`Invalid fields: ${errors.map((e) => e.path).join(', ')}`, errors);
    }
    ctx.type = 'application/json';
    ctx.body = await performers.galleryJson(parsed.data, requestCountry(ctx), (page) => gallery.response.parse(page));
  });

  mountRoute(router, deps.sessions, apiRoutes.getPerformer, async (ctx, { params }, caller) => {
    const doc = await performers.byId(params.id);
    const sight = doc ? sightOf(doc, caller, requestCountry(ctx)) : 'none';
    if (!doc || sight === 'none') throw notFound('Performer non trovata');
    return sight === 'full' ? toPerformerView(doc, performers.live) : toPublicPerformerView(doc, performers.live);
  });

  mountRoute(router, deps.sessions, apiRoutes.performerMe, async (_ctx, _input, caller) => {
    const doc = caller.kind === 'performer' ? await performers.byId(caller.sub) : null;
    if (!doc) throw notFound('Performer non trovata');
    return toPerformerView(doc, performers.live);
  });

  mountRoute(router, deps.sessions, apiRoutes.adminListPerformers, async () =>
    (await performers.all()).map((doc) => toPerformerView(doc, performers.live)),
  );

  mountRoute(router, deps.sessions, apiRoutes.pendingPerformers, async () =>
    (await performers.pending()).map((doc) => toPerformerView(doc, performers.live)),
  );

  mountRoute(router, deps.sessions, apiRoutes.listDocuments, async (_ctx, { params }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    const doc = await performers.byId(params.id);
    if (!doc) throw notFound('Performer non trovata');
    return doc.documents.map((document) => {
      const link = deps.files.sign({ documentId: document.id, adminId: caller.sub }, DOCUMENT_LINK_TTL_MS);
      return {
        id: document.id,
        performerId: doc._id,
        documentType: document.documentType,
        documentUrl: `/api/documents/${document.id}/file?token=${encodeURIComponent(link.token)}`,
        fileName: document.fileName,
        fileSize: document.fileSize,
        contentType: document.contentType,
        uploadedAt: document.addedAt,
        linkExpiresAt: new Date(link.expiresAt).toISOString(),
      };
    });
  });

  mountRoute(router, deps.sessions, apiRoutes.presence, async () => ({
    onlineUsers: deps.onlineUsers(),
    performersOnline: await performers.onlineCount(),
  }));

  return router;
}
