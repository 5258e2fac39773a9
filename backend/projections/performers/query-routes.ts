import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import type { FileStorage } from '../../platform/files/storage';
import { requestCountry } from '../../platform/http/country';
import { documentLink } from '../../platform/files/links';
import { notFound } from '../../platform/http/errors';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { blurredImageUrl } from '../../platform/age/blurred';
import { seesAllOf, toPerformerView, type PerformerQueries } from './queries';

export function performersQueryRouter(deps: {
  sessions: SessionManager;
  performers: PerformerQueries;
  files: FileStorage;
  onlineUsers: () => number;
  /** a profile hidden by a report or a moderation decision: only she and admins see it */
  isHidden?(performerId: string): Promise<boolean>;
  /** the profiles hidden so, left out of the gallery */
  hiddenIds?(): Promise<ReadonlySet<string>>;
}): Router {
  const router = new Router();
  const { performers } = deps;

  // The hottest public read: answered from a memo of the serialized page (checked against the
  // response schema once per read-model checkpoint, query and viewer count, not per request).
  // no proof of age yet (issue 39 item 2): the same page, each portrait a blurred stand-in
  mountRoute(router, deps.sessions, apiRoutes.gallery, async (ctx, { query }, caller) => {
    const veil = (await deps.sessions.ageVerified(ctx.headers.cookie, caller)) ? undefined : blurredImageUrl;
    const hidden = (await deps.hiddenIds?.()) ?? new Set<string>();
    if (hidden.size === 0)
      return performers.galleryJson(query, requestCountry(ctx), (page) => apiRoutes.gallery.response.parse(page), veil);
    // a profile hidden by a report is left out of the page (rare: the memo serves every other read)
    const page = await performers.gallery(query, requestCountry(ctx));
    const shown = page.performers.filter((view) => !hidden.has(view.id));
    return {
      ...page,
      ageVerificationRequired: veil !== undefined,
      performers: veil ? shown.map((view) => ({ ...view, image: veil(view.image) })) : shown,
    };
  });

  // herself and admins: her whole record, read afresh; anybody else: the public profile, the same
  // for every visitor from a country, encoded once per change of the read model
  mountRoute(router, deps.sessions, apiRoutes.getPerformer, async (ctx, { params }, caller) => {
    if (seesAllOf(caller, params.id)) {
      const doc = await performers.byId(params.id);
      if (!doc) throw notFound();
      return toPerformerView(doc, performers.live);
    }
    if (await deps.isHidden?.(params.id)) throw notFound();
    const profile = await performers.publicProfileJson(
      params.id,
      requestCountry(ctx),
      (view) => apiRoutes.getPerformer.response.parse(view),
      (await deps.sessions.ageVerified(ctx.headers.cookie, caller)) ? undefined : blurredImageUrl,
    );
    if (!profile) throw notFound();
    return profile;
  });

  mountRoute(router, deps.sessions, apiRoutes.performerMe, async (_ctx, _input, caller) => {
    const doc = caller.kind === 'performer' ? await performers.byId(caller.sub) : null;
    if (!doc) throw notFound();
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
    if (!doc) throw notFound();
    return doc.documents.map((document) =>
      toDocumentView(doc._id, document, documentLink(deps.files, document.id, caller.sub)),
    );
  });

  mountRoute(router, deps.sessions, apiRoutes.presence, async () => ({
    onlineUsers: deps.onlineUsers(),
    performersOnline: await performers.onlineCount(),
    performersApproved: await performers.approvedCount(),
  }));

  return router;
}

type StoredDocument = NonNullable<Awaited<ReturnType<PerformerQueries['byId']>>>['documents'][number];

/** One of her ID documents as she and admins see it: a link that expires, never the file's key. */
function toDocumentView(performerId: string, document: StoredDocument, link: { url: string; expiresAt: string }) {
  return {
    id: document.id,
    performerId,
    documentType: document.documentType,
    documentUrl: link.url,
    fileName: document.fileName,
    fileSize: document.fileSize,
    contentType: document.contentType,
    uploadedAt: document.addedAt,
    linkExpiresAt: link.expiresAt,
  };
}
