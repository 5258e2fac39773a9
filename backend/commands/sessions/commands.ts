/**
 * The session's commands, each a short sequence of single-stream decisions (every append with its
 * expected revision; fixed event ids where a repeat must be a no-op), ordered so that a crash
 * between two steps leaves a state the next tick of the session heals:
 *
 * - request: hold the minimum on the wallet (the user's one-session guard), then `SessionRequested`;
 * - accept: take the performer's booth, then `SessionStarted`; the tick bills minute 1 at once;
 * - end: settle on the wallet (minutes due, the rest of the minimum, release), then `SessionEnded`
 *   with the settlement's figures, then free the booth;
 * - decline / expire / withdraw: record it on the session, then release the hold.
 */
import {
  minimumHoldUnits,
  minuteStartsAt,
  SESSION_MINIMUM_MINUTES,
  sessionStreams,
  type DomainEvent,
  type SessionParty,
} from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import {
  assertPriceSeen,
  dueMinutes,
  sessionWallet,
  type BillOutcome,
  type SessionMoney,
  type UnstartedOutcome,
} from '../../ledger';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { newId } from '../../platform/ids';
import { settlementEnd } from './money';
import { booth, decideFreeBooth, decideReleaseBooth, decideTakeBooth, handleBooth, type Booth } from './booth';
import {
  assertAskable,
  decideAccept,
  decideCancel,
  decideDecline,
  decideExpire,
  decidePartyLeft,
  decidePartyReturned,
  decideRate,
  decideRecordEnd,
  decideRequest,
  graceExpired,
  handleSession,
  session,
  type Closing,
  type OpenSession,
  type PerformerAvailability,
  type Session,
} from './session';

/**
 * The job id reason of a session's next minute tick. Node's timers fire up to a millisecond early
 * by Date.now, so the tick of a minute may run just before it, find nothing due, and ask for that
 * same minute again: under the same job id the queue drops it (that job is the one running) and the
 * minute waits for the sweep, seconds late. Asked again by the job that was meant for it, the
 * minute gets a new id; billing still happens only at or after the minute's start.
 */
export function minuteTickReason(minute: number, nextAt: number, dueAt: number | undefined, now: number): string {
  return dueAt !== undefined && nextAt <= dueAt ? `minute:${minute}:again:${now}` : `minute:${minute}`;
}

/** A minute the clock billed, and how late after its start (ms): what the worker's lateness metric observes. */
export type BilledMinute = { minute: number; lateMs: number };

/** The minutes among `events` billed, each with its lateness (`billedAt` − `minuteStartedAt`). */
export function billedMinutes(events: DomainEvent[]): BilledMinute[] {
  return events.flatMap((event) =>
    event.type === 'SessionMinuteBilled'
      ? [
          {
            minute: event.data.minute,
            lateMs: Math.max(0, Date.parse(event.data.billedAt) - Date.parse(event.data.minuteStartedAt)),
          },
        ]
      : [],
  );
}

export interface SessionClock {
  billingMinuteMs: number;
  graceMs: number;
  requestTimeoutMs: number;
}

/** What the commands ask of the world beyond the log: media presence and the job queue. */
export interface SessionEffects {
  /** is this party's session page connected right now (any api node)? */
  isPresent(sessionId: string, party: SessionParty): Promise<boolean>;
  /** this party's page vouches for the media now (the performer accepting from her dashboard) */
  vouch(sessionId: string, party: SessionParty): Promise<void>;
  /** run the session's tick at `atMs` (or now); `reason` makes the job id distinct per trigger */
  scheduleTick(sessionId: string, atMs: number, reason: string): Promise<void>;
}

export interface SessionCommandsDeps {
  eventStore: EventStore;
  now: () => Date;
  clock: SessionClock;
  effects: SessionEffects;
}

export interface RequestInput {
  userId: string;
  identity: { aliasId: string | null; identityId: string; displayName: string };
  performerId: string;
  performer: PerformerAvailability | null;
  /** the per-minute rate he saw, auracoin (docs/product.md#price-seen) */
  expectedPrice?: number | undefined;
}

export function createSessionCommands(deps: SessionCommandsDeps) {
  const { eventStore, now, clock, effects } = deps;

  const loadSession = async (sessionId: string): Promise<Session> =>
    foldStream(session, await eventStore.readStream(sessionStreams.session(sessionId)));
  const wallet = sessionWallet(eventStore);
  const loadMoney = (walletId: string, sessionId: string): Promise<SessionMoney> => wallet.money(walletId, sessionId);

  const onSession = (
    sessionId: string,
    decide: (state: Session) => DomainEvent[],
    metadata?: Record<string, unknown>,
  ) => handleSession(eventStore, sessionStreams.session(sessionId), decide, { metadata });

  const onBooth = (performerId: string, decide: (state: Booth) => DomainEvent[]) =>
    handleBooth(eventStore, sessionStreams.booth(performerId), decide);

  async function freeBooth(performerId: string, sessionId: string) {
    await onBooth(performerId, (state) => decideFreeBooth({ performerId, sessionId }, state, now()));
  }

  /** Releases a hold that never became a running session. */
  async function settleUnstarted(
    state: OpenSession | null,
    sessionId: string,
    walletId: string,
    outcome: Omit<UnstartedOutcome, 'unstarted'>,
  ) {
    return wallet.settle(state, { sessionId, walletId }, { unstarted: true, ...outcome }, now);
  }

  /** Makes an active session's money final, then records the end on the session and frees her booth. */
  async function finish(sessionId: string, requested: Closing, metadata?: Record<string, unknown>) {
    const state = await loadSession(sessionId);
    if (state.status === 'none') throw new DomainError('not_found');
    const { userId, performerId } = state.terms;
    const end = settlementEnd(state, requested);
    const settled = await wallet.settle(state, { sessionId, walletId: userId }, end, now, metadata);
    const figures = settled.state.settled;
    let position = settled.position;
    if (figures) {
      const recorded = await onSession(sessionId, (current) => decideRecordEnd(figures, current), metadata);
      position = recorded.position ?? position;
    }
    await freeBooth(performerId, sessionId);
    /** false: it was already settled (by the clock, the other party, or an earlier attempt) */
    return { position, settledNow: settled.events.length > 0 };
  }

  async function markLeft(
    sessionId: string,
    party: SessionParty,
    at: Date,
    cause: 'disconnected' | 'unconfirmed',
    noticedAt?: Date,
  ) {
    const result = await onSession(sessionId, (state) => decidePartyLeft({ party, at, cause, noticedAt }, state));
    const left = result.events[0];
    if (left?.type === 'SessionPartyLeft') {
      await effects.scheduleTick(
        sessionId,
        Date.parse(left.data.noticedAt ?? left.data.at) + clock.graceMs,
        `grace:${party}:${Date.parse(left.data.at)}`,
      );
    }
    return result;
  }

  /** A party marked away whose page vouches for the media now is back. */
  async function backIfPresent(sessionId: string, party: SessionParty, state: Session, at: Date): Promise<Session> {
    if (state.status !== 'active' || !state.away[party] || !(await effects.isPresent(sessionId, party))) return state;
    return (await onSession(sessionId, (latest) => decidePartyReturned({ party }, latest, at))).state;
  }

  return {
    loadSession,
    loadMoney,

    /** The user asks: hold the minimum, then record the request; its expiry is scheduled. */
    async request(input: RequestInput, metadata?: Record<string, unknown>) {
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
      };
      const at = now();
      const requested = decideRequest({ ...terms, timeoutMs: clock.requestTimeoutMs }, { status: 'none' }, at)[0]!;
      if (requested.type !== 'SessionRequested') throw new Error('unreachable');
      await wallet.hold(requested.data, at, metadata);
      const result = await onSession(
        sessionId,
        (state) => decideRequest({ ...terms, timeoutMs: clock.requestTimeoutMs }, state, at),
        metadata,
      );
      await effects.scheduleTick(sessionId, Date.parse(requested.data.expiresAt), 'expiry');
      return { sessionId, position: result.position };
    },

    /** She accepts: her booth first (one session at a time), then the start; minute 1 is billed right away. */
    async accept(sessionId: string, performerId: string, metadata?: Record<string, unknown>) {
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
        await onBooth(performerId, (state) =>
          decideReleaseBooth({ performerId, sessionId, took, status }, state, now()),
        );
        throw error;
      }
      await effects.vouch(sessionId, 'performer');
      await effects.scheduleTick(sessionId, now().getTime(), 'start');
      return { position: started.position };
    },

    /** The user rates the paid session he had, once: purchased auracoin were spent in it (his wallet's stream says). */
    async rate(
      sessionId: string,
      rating: { userId: string; stars: number; comment: string | null },
      metadata?: Record<string, unknown>,
    ) {
      const { purchasedCostUnits } = await loadMoney(rating.userId, sessionId);
      return onSession(
        sessionId,
        (state) => decideRate({ ...rating, purchasedUnits: purchasedCostUnits }, state, now()),
        metadata,
      );
    },

    async decline(
      sessionId: string,
      performerId: string,
      reason: 'declined' | 'busy',
      metadata?: Record<string, unknown>,
    ) {
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
    },

    /** Either party ends it; the user may also withdraw a request nobody answered yet. */
    async end(sessionId: string, party: SessionParty, metadata?: Record<string, unknown>) {
      const state = await loadSession(sessionId);
      if (state.status === 'requested' && party === 'user') {
        const result = await onSession(sessionId, (current) => decideCancel(current, now()), metadata);
        const released = await settleUnstarted(state, sessionId, state.terms.userId, {
          reason: 'cancelled',
          endedBy: 'user',
          endedAt: now(),
        });
        return { position: released.position ?? result.position };
      }
      if (state.status !== 'active') throw new DomainError('session_not_active');
      const result = await finish(
        sessionId,
        { endedBy: party, reason: party === 'user' ? 'user_ended' : 'performer_ended', endedAt: now() },
        metadata,
      );
      // ended meanwhile (both at once, or the clock): the end is recorded, and this request did not end it
      if (!result.settledNow) throw new DomainError('session_not_active');
      return result;
    },

    /** A card dispute froze the user's wallet: a running session ends now, as when his balance runs out (docs/architecture.md#disputes). */
    async endFrozen(sessionId: string, metadata?: Record<string, unknown>) {
      const state = await loadSession(sessionId);
      if (state.status === 'requested') {
        await onSession(sessionId, (current) => decideCancel(current, now()), metadata);
        return settleUnstarted(state, sessionId, state.terms.userId, {
          reason: 'cancelled',
          endedBy: null,
          endedAt: now(),
        });
      }
      if (state.status !== 'active') return undefined;
      return finish(sessionId, { endedBy: 'system', reason: 'balance_exhausted', endedAt: now() }, metadata);
    },

    /** A party's page connected again: it is back, and minutes that waited for it are billed. */
    async partyReturned(sessionId: string, party: SessionParty) {
      const result = await onSession(sessionId, (state) => decidePartyReturned({ party }, state, now()));
      if (result.events.length > 0)
        await effects.scheduleTick(sessionId, now().getTime(), `return:${party}:${now().getTime()}`);
      return result;
    },

    /** A party's page disconnected: minutes from now wait for it, for the grace period. */
    partyLeft: (sessionId: string, party: SessionParty) => markLeft(sessionId, party, now(), 'disconnected'),

    /**
     * Everything time does to a session, idempotent and safe to run at any moment, by any worker:
     * an unanswered request expires; a party away past the grace period ends it; due minutes are
     * billed (a minute nobody's page vouches for waits instead); a balance that cannot pay the next
     * minute ends it; and whatever a crash left half done (a hold of a session that is over, an end
     * settled but not recorded, a lost request) is completed.
     */
    async tick(sessionId: string, walletIdHint?: string, dueAt?: number): Promise<BilledMinute[]> {
      const at = now();
      const state = await loadSession(sessionId);
      if (state.status === 'none') {
        // a hold whose request never reached the log (the sweep passes its wallet once it is old enough)
        if (walletIdHint && (await loadMoney(walletIdHint, sessionId)).wallet.holds[sessionId]) {
          await settleUnstarted(null, sessionId, walletIdHint, { reason: 'abandoned', endedBy: null, endedAt: at });
        }
        return [];
      }
      const { userId, performerId } = state.terms;
      if (state.status === 'requested') {
        const expired = await onSession(sessionId, (current) => decideExpire(current, at));
        if (expired.state.status === 'expired')
          await settleUnstarted(state, sessionId, userId, { reason: 'expired', endedBy: null, endedAt: at });
        return [];
      }
      const money = await loadMoney(userId, sessionId);
      if (state.status !== 'active') {
        if (!money.settled && money.placed) {
          const reason =
            state.status === 'declined' ? 'declined' : state.status === 'expired' ? 'expired' : 'cancelled';
          await settleUnstarted(state, sessionId, userId, {
            reason,
            endedBy: reason === 'cancelled' ? 'user' : null,
            endedAt: new Date(state.endedAt ?? at),
          });
        }
        if (state.status === 'ended') await freeBooth(performerId, sessionId);
        return [];
      }
      if (money.settled) {
        // settled but the end not recorded (a crash in between): finish records the settlement's figures
        await finish(sessionId, {
          endedBy: 'system',
          reason: 'balance_exhausted',
          endedAt: new Date(money.settled.endedAt),
        });
        return [];
      }
      // a party marked away whose page vouches again is back: its presence was lost while its socket
      // stayed (Redis restarted empty, another api node's socket) and the page refreshed it since
      let present: Session = state;
      for (const party of ['user', 'performer'] as const) present = await backIfPresent(sessionId, party, present, at);
      if (present.status !== 'active') return [];
      const live = present;
      for (const party of ['user', 'performer'] as const) {
        const since = live.away[party];
        const closing = since ? graceExpired(live, party, since, clock.graceMs, at) : undefined;
        if (closing) {
          await finish(sessionId, closing);
          return [];
        }
      }
      // a minute is billed only while both pages vouch for the media at its start
      const due = dueMinutes(live, money, at);
      let current: Session = live;
      if (due.length > 0) {
        const firstStart = minuteStartsAt(Date.parse(live.startedAt!), due[0]!, live.terms.billingMinuteMs);
        for (const party of ['user', 'performer'] as const) {
          if (!live.away[party] && !(await effects.isPresent(sessionId, party))) {
            // no minute from its start on is billed; the grace period runs from now (after a restart: from the restart)
            current = (await markLeft(sessionId, party, new Date(firstStart), 'unconfirmed', at)).state;
            // its page may have joined between the look and the append (it saw no one away then): back at once
            current = await backIfPresent(sessionId, party, current, at);
          }
        }
      }
      if (current.status !== 'active') return [];
      const active = current;
      const decided: BillOutcome = await wallet.bill(active, at);
      if (decided.kind === 'exhausted') await finish(sessionId, decided.closing);
      else if (decided.kind === 'bill' || (decided.kind === 'wait' && !decided.waitingForParty)) {
        const minute = Math.round((decided.nextAt - Date.parse(active.startedAt!)) / active.terms.billingMinuteMs) + 1;
        await effects.scheduleTick(
          sessionId,
          decided.nextAt,
          minuteTickReason(minute, decided.nextAt, dueAt, at.getTime()),
        );
      }
      return decided.kind === 'bill' ? billedMinutes(decided.events) : [];
    },
  };
}

export type SessionCommands = ReturnType<typeof createSessionCommands>;
