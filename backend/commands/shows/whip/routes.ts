import Router from '@koa/router';
import type { Context } from 'koa';
import { apiRoutes, showStreams, WHIP_SDP_TYPE, whipStreams } from '@aura/contracts';
import { foldStream } from '../../../kernel/handle-command';
import { DomainError } from '../../../platform/domain-error';
import type { EventStore } from '../../../platform/eventstore/port';
import { HttpError, notFound, refused } from '../../../platform/http/errors';
import { commandMetadata, mountRoute } from '../../../platform/http/routes';
import type { SessionManager } from '../../../platform/http/session';
import { newId } from '../../../platform/ids';
import { ShowMediaError, type SessionDescription } from '../../../platform/sfu/port';
import { endShow } from '../end';
import { ownsWhip } from '../policy';
import { handleStage, showOnNow, stage } from '../stage';
import {
  assertCurrentToken,
  assertOffersVideo,
  decideIssueToken,
  decideRecordWhipShow,
  decideStartWhipShow,
  handleWhip,
  performerOfToken,
  streamsFromObs,
  whip,
  whipToken,
  whipTokenHash,
} from './whip';

export interface WhipRouteDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  now: () => Date;
  /** the server's secret her token is derived from (the log keeps only its hash) */
  secret: () => Promise<string>;
  /** the address browsers and encoders reach (PUBLIC_URL), else the request's own */
  publicUrl: string | undefined;
  performerApproved: (performerId: string) => Promise<boolean>;
  peakViewers: (performerId: string) => Promise<number>;
  startPeak: (performerId: string) => Promise<void>;
  /** her encoder's offer to the show's room at the SFU (the room opened, the publisher replaced) → the SFU's answer */
  publish: (showId: string, offer: SessionDescription, performerId: string) => Promise<SessionDescription>;
  /** a show is over: its media room closes */
  showStopped: (showId: string) => Promise<void>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** What the WHIP routes do besides answering: her settings, the encoder a token names, going live, publishing. */
function whipSteps(deps: WhipRouteDeps) {
  const loadWhip = async (performerId: string) =>
    foldStream(whip, await deps.eventStore.readStream(whipStreams.whip(performerId)));
  const loadStage = async (performerId: string) =>
    foldStream(stage, await deps.eventStore.readStream(showStreams.stage(performerId)));

  /** her settings, once her token is issued (a first one, or a new one with `renew`) */
  async function settings(ctx: Context, performerId: string, renew: boolean, metadata: Record<string, unknown>) {
    const secret = await deps.secret();
    const tokenId = newId();
    const command = { performerId, tokenId, tokenHash: whipTokenHash(whipToken(secret, performerId, tokenId)), renew };
    const { state } = await handleWhip(
      deps.eventStore,
      whipStreams.whip(performerId),
      (current) => decideIssueToken(command, current, deps.now()),
      { metadata },
    );
    const live = streamsFromObs(state, await loadStage(performerId));
    return {
      url: `${deps.publicUrl ?? `${ctx.protocol}://${ctx.host}`}${apiRoutes.whipPublish.path}`,
      token: whipToken(secret, performerId, state.token!.tokenId),
      showId: live ? state.lastShowId : null,
    };
  }

  /** the performer whose current token the request carries */
  async function encoderOf(ctx: Context) {
    const token = BEARER.exec(ctx.get('authorization'))?.[1];
    const performerId = performerOfToken(token);
    const state = await loadWhip(performerId);
    assertCurrentToken(state, token!);
    return { performerId, state };
  }

  /** her show starts on her stage, as from her browser, and her WHIP stream records it */
  async function goLive(ctx: Context, performerId: string) {
    const showId = newId();
    const command = { showId, performerId };
    const metadata = { correlationId: ctx.state.requestId, actorId: performerId, actorKind: 'performer' };
    await handleStage(
      deps.eventStore,
      showStreams.stage(performerId),
      (state) => decideStartWhipShow(command, state, deps.now()),
      { metadata },
    );
    await handleWhip(deps.eventStore, whipStreams.whip(performerId), (state) =>
      decideRecordWhipShow(command, state, deps.now()),
    );
    await deps.startPeak(performerId);
    return showId;
  }

  /** the SFU takes her offer; if it cannot, the show it would have carried ends at once */
  async function publishOrEnd(performerId: string, showId: string, sdp: string) {
    try {
      return await deps.publish(showId, { type: 'offer', sdp }, performerId);
    } catch (error) {
      await endShow(deps, { showId, performerId, reason: 'media_failed', peakViewers: 0 });
      await deps.showStopped(showId);
      if (error instanceof ShowMediaError && error.code === 'rejected') throw new DomainError('whip_no_video');
      throw new HttpError('service_unavailable');
    }
  }

  return { loadStage, settings, encoderOf, goLive, publishOrEnd };
}

/**
 * Streaming from OBS (WHIP, RFC 9725; docs/architecture.md#media-path): her dashboard reads the
 * address and her token (and makes a new one); her encoder POSTs its SDP offer with the token and
 * goes live as her browser would (the same stage, the same room at the SFU), DELETE on the
 * `Location` it was given ends the stream and the show.
 */
export function whipRouter(deps: WhipRouteDeps): Router {
  const router = new Router();
  const { loadStage, settings, encoderOf, goLive, publishOrEnd } = whipSteps(deps);

  mountRoute(router, deps.sessions, apiRoutes.getWhip, async (ctx, { params }, caller) => {
    ownsWhip(caller, params.id);
    return settings(ctx, params.id, false, commandMetadata(ctx, caller));
  });

  mountRoute(router, deps.sessions, apiRoutes.renewWhipToken, async (ctx, { params }, caller) => {
    ownsWhip(caller, params.id);
    return settings(ctx, params.id, true, commandMetadata(ctx, caller));
  });

  mountRoute(router, deps.sessions, apiRoutes.whipPublish, async (ctx, { upload }) => {
    if (ctx.request.type !== WHIP_SDP_TYPE) throw new HttpError('unsupported_media_type');
    const { performerId } = await encoderOf(ctx);
    if (!(await deps.performerApproved(performerId))) throw refused('show_not_approved');
    const offer = (await upload.read()).bytes.toString('utf8');
    assertOffersVideo(offer);
    const showId = await goLive(ctx, performerId);
    const answer = await publishOrEnd(performerId, showId, offer);
    ctx.set('Location', apiRoutes.whipEnd.path.replace('{id}', showId));
    return { bytes: Buffer.from(answer.sdp), contentType: WHIP_SDP_TYPE, cacheControl: 'no-store' };
  });

  mountRoute(router, deps.sessions, apiRoutes.whipEnd, async (ctx, { params }) => {
    const { performerId, state } = await encoderOf(ctx);
    if (state.lastShowId !== params.id) throw notFound();
    showOnNow(await loadStage(performerId), params.id);
    const peakViewers = await deps.peakViewers(performerId);
    const command = { showId: params.id, performerId, reason: 'performer', peakViewers } as const;
    await endShow(deps, command, { correlationId: ctx.state.requestId, actorId: performerId, actorKind: 'performer' });
    await deps.showStopped(params.id);
    return { ok: true as const };
  });

  return router;
}
