/**
 * The steps every session command is made of, each one single-stream decision (docs/architecture.md#sessions):
 * reading the session and its money, appending to the session or her booth, settling on the wallet,
 * and the two moves that end or pause a session (finish, markLeft).
 */
import { sessionStreams, type DomainEvent, type SessionParty } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { sessionWallet, type SessionMoney, type UnstartedOutcome } from '../../ledger';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { settlementEnd } from './money';
import { decideFreeBooth, handleBooth, type Booth } from './booth';
import {
  decidePartyLeft,
  decidePartyReturned,
  decideRecordEnd,
  handleSession,
  session,
  type Closing,
  type OpenSession,
  type Session,
} from './session';

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

export type SessionSteps = ReturnType<typeof sessionSteps>;

export function sessionSteps(deps: SessionCommandsDeps) {
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
    ...deps,
    wallet,
    loadSession,
    loadMoney,
    onSession,
    onBooth,
    freeBooth,
    settleUnstarted,
    finish,
    markLeft,
    backIfPresent,
  };
}
