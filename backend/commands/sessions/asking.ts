/** A session's start: he asks (the minimum held), she accepts (her booth taken) or declines; afterwards he rates it once. */
import { minimumHoldUnits, SESSION_MINIMUM_MINUTES, sessionStreams } from '@aura/contracts';
import { assertPriceSeen } from '../../ledger';
import { foldStream } from '../../kernel/handle-command';
import { newId } from '../../platform/ids';
import { booth, decideReleaseBooth, decideTakeBooth } from './booth';
import {
  assertAskable,
  decideAccept,
  decideDecline,
  decideRate,
  decideRequest,
  type OpenSession,
  type PerformerAvailability,
} from './session';
import type { SessionSteps } from './session-steps';

export interface RequestInput {
  userId: string;
  identity: { aliasId: string | null; identityId: string; displayName: string };
  performerId: string;
  performer: PerformerAvailability | null;
  /** the per-minute rate he saw, auracoin (docs/product.md#price-seen) */
  expectedPrice?: number | undefined;
}

type Metadata = Record<string, unknown> | undefined;

/** The user asks: hold the minimum, then record the request; its expiry is scheduled. */
export function requestSession({ clock, now, wallet, onSession, effects }: SessionSteps) {
  return async (input: RequestInput, metadata?: Metadata) => {
    assertAskable(input.performer);
    assertPriceSeen(input.expectedPrice, input.performer.rateUnits); // before the hold: a refusal holds nothing
    const sessionId = newId();
    const terms = {
      sessionId,
      userId: input.userId,
      aliasId: input.identity.aliasId,
      identityId: input.identity.identityId,
      displayName: input.identity.displayName,
      performerId: input.performerId,
      rateUnits: input.performer.rateUnits,
      minimumMinutes: SESSION_MINIMUM_MINUTES,
      holdUnits: minimumHoldUnits(input.performer.rateUnits),
      billingMinuteMs: clock.billingMinuteMs,
      timeoutMs: clock.requestTimeoutMs,
      ...(input.performer.spyPriceUnits ? { spyPriceUnits: input.performer.spyPriceUnits } : {}),
    };
    const at = now();
    const requested = decideRequest(terms, { status: 'none' }, at)[0]!;
    if (requested.type !== 'SessionRequested') throw new Error('unreachable');
    await wallet.hold(requested.data, at, metadata);
    const result = await onSession(sessionId, (state) => decideRequest(terms, state, at), metadata);
    await effects.scheduleTick(sessionId, Date.parse(requested.data.expiresAt), 'expiry');
    return { sessionId, position: result.position };
  };
}

/** She accepts: her booth first (one session at a time), then the start; minute 1 is billed right away. */
export function acceptSession({ eventStore, now, loadSession, onBooth, onSession, effects }: SessionSteps) {
  return async (sessionId: string, performerId: string, metadata?: Metadata) => {
    decideAccept({ performerId }, await loadSession(sessionId), now()); // refuses early, before touching her booth
    const current = foldStream(booth, await eventStore.readStream(sessionStreams.booth(performerId)));
    const occupant =
      current.sessionId && current.sessionId !== sessionId ? await loadSession(current.sessionId) : undefined;
    const known = { sessionId: current.sessionId, status: occupant?.status ?? null };
    const taken = await onBooth(performerId, (state) =>
      decideTakeBooth({ performerId, sessionId, known }, state, now()),
    );
    const took = taken.events.some((event) => event.type === 'SessionBoothTaken');
    let started;
    try {
      started = await onSession(sessionId, (state) => decideAccept({ performerId }, state, now()), metadata);
    } catch (error) {
      // the booth goes back only from the call that took it, and only if the session can no longer start
      const { status } = await loadSession(sessionId);
      await onBooth(performerId, (state) => decideReleaseBooth({ performerId, sessionId, took, status }, state, now()));
      throw error;
    }
    await effects.vouch(sessionId, 'performer');
    await effects.scheduleTick(sessionId, now().getTime(), 'start');
    return { position: started.position };
  };
}

/** She declines (or is busy): recorded on the session, then his hold released. */
export function declineSession({ now, onSession, settleUnstarted }: SessionSteps) {
  return async (sessionId: string, performerId: string, reason: 'declined' | 'busy', metadata?: Metadata) => {
    const result = await onSession(
      sessionId,
      (state) => decideDecline({ performerId, reason }, state, now()),
      metadata,
    );
    const state = result.state as OpenSession;
    const released = await settleUnstarted(state, sessionId, state.terms.userId, {
      reason: 'declined',
      endedBy: null,
      endedAt: now(),
    });
    return { position: released.position ?? result.position };
  };
}

/** The user rates the paid session he had, once: purchased auracoin were spent in it (his wallet's stream says). */
export function rateSession({ now, loadMoney, onSession }: SessionSteps) {
  return async (
    sessionId: string,
    rating: { userId: string; stars: number; comment: string | null },
    metadata?: Metadata,
  ) => {
    const { purchasedCostUnits } = await loadMoney(rating.userId, sessionId);
    return onSession(
      sessionId,
      (state) => decideRate({ ...rating, purchasedUnits: purchasedCostUnits }, state, now()),
      metadata,
    );
  };
}
