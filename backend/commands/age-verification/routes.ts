import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { blurredSvg } from '../../platform/age/blurred';
import { AgeVerificationError } from '../../platform/age/port';
import type { AgeProofs } from '../../platform/age/proofs';
import { sandboxCheckPage, type createSandboxAgeVerifier } from '../../platform/age/sandbox';
import { HttpError, notFound } from '../../platform/http/errors';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';

/** A bad answer at the callback: a clear 4xx, nothing kept (a replay: 409). */
const refusal = (error: AgeVerificationError) =>
  new HttpError('age_verification_failed', { status: error.reason === 'replayed' ? 409 : 400 });

/**
 * The age check's routes (issue 39 item 1; docs/architecture.md#age-verification): start, the
 * provider's return, this browser session's status, the sandbox provider's page, and the blurred
 * stand-ins the gallery shows before the proof.
 */
export function ageVerificationRouter(deps: { sessions: SessionManager; ages: AgeProofs }): Router {
  const router = new Router();
  const { sessions, ages } = deps;

  mountRoute(router, sessions, apiRoutes.startAgeVerification, async (ctx, { body }) =>
    ages.start(ctx, body.returnTo ?? '/'),
  );

  mountRoute(router, sessions, apiRoutes.ageVerificationStatus, async (ctx, _input, caller) =>
    ages.status(ctx, caller),
  );

  mountRoute(router, sessions, apiRoutes.ageVerificationCallback, async (ctx, { query }, caller) => {
    try {
      return { location: await ages.complete(ctx, query, caller) };
    } catch (error) {
      throw error instanceof AgeVerificationError ? refusal(error) : error;
    }
  });

  // the sandbox provider's own pages: served only while it is the provider; they see the nonce, nothing else
  const sandbox =
    ages.verifier?.name === 'sandbox' ? (ages.verifier as ReturnType<typeof createSandboxAgeVerifier>) : undefined;
  mountRoute(router, sessions, apiRoutes.ageSandboxCheck, async (_ctx, { query }) => {
    if (!sandbox) throw notFound();
    return sandboxCheckPage(query.nonce);
  });
  mountRoute(router, sessions, apiRoutes.ageSandboxConfirm, async (_ctx, { query }) => {
    if (!sandbox) throw notFound();
    const assertion = sandbox.confirm(query.nonce, ages.nowMs());
    // a path, not an address: the sandbox never learns which site asked
    return { location: `/api/age-verification/callback?assertion=${encodeURIComponent(assertion)}` };
  });

  mountRoute(router, sessions, apiRoutes.blurredImage, async (_ctx, { params }) => ({
    bytes: Buffer.from(blurredSvg(params.key)),
    contentType: 'image/svg+xml',
    cacheControl: 'public, max-age=86400, immutable',
  }));

  return router;
}
