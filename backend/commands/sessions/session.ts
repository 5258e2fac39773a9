import { type DomainEvent, type EventDataOf, type SessionEndReason, type SessionParty } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/** A private session (stream `session-<id>`): its status, terms and who is away. */
export type Session =
  | { status: 'none' }
  | {
      status: 'requested' | 'active' | 'ended' | 'declined' | 'expired';
      terms: EventDataOf<'SessionRequested'>;
      startedAt: string | null;
      endedAt: string | null;
      /** since when each party's connection is gone (absent: present) */
      away: Partial<Record<SessionParty, string>>;
      /** from when each away party's grace period runs (its `noticedAt`, else the time it left) */
      graceFrom: Partial<Record<SessionParty, string>>;
      /** what the ended session cost the user, minor units */
      costUnits?: number;
      /** the user rated it */
      rated?: boolean;
    };

export type OpenSession = Extract<Session, { terms: unknown }>;

/**
 * Its media connect only while it runs (TURN credentials, docs/architecture.md): a request, a
 * declined, expired or ended session gets none, nor one whose money the ledger has settled.
 */
export function assertRunning(state: Session, settled = false): asserts state is OpenSession {
  if (state.status !== 'active' || settled) throw new DomainError('session_not_active');
}

export const session: Aggregate<Session> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'SessionRequested')
      return state.status === 'none'
        ? { status: 'requested', terms: event.data, startedAt: null, endedAt: null, away: {}, graceFrom: {} }
        : state;
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'SessionStarted':
        return state.status === 'requested' ? { ...state, status: 'active', startedAt: event.data.startedAt } : state;
      case 'SessionDeclined':
        return state.status === 'requested' ? { ...state, status: 'declined', endedAt: event.data.declinedAt } : state;
      case 'SessionExpired':
        return state.status === 'requested' ? { ...state, status: 'expired', endedAt: event.data.expiredAt } : state;
      case 'SessionPartyLeft':
        return {
          ...state,
          away: { ...state.away, [event.data.party]: event.data.at },
          graceFrom: { ...state.graceFrom, [event.data.party]: event.data.noticedAt ?? event.data.at },
        };
      case 'SessionPartyReturned': {
        const { [event.data.party]: _back, ...away } = state.away;
        const { [event.data.party]: _from, ...graceFrom } = state.graceFrom;
        return { ...state, away, graceFrom };
      }
      case 'SessionEnded':
        return {
          ...state,
          status: 'ended',
          endedAt: event.data.endedAt,
          away: {},
          graceFrom: {},
          costUnits: event.data.costUnits,
        };
      case 'SessionRated':
        return { ...state, rated: true };
      default:
        return state;
    }
  },
};

export const handleSession = commandHandler(session);

/** What the request needs to know about the performer, read before deciding. */
export interface PerformerAvailability {
  /** exists, approved and visible to this user (not geoblocked) */
  askable: boolean;
  online: boolean;
  /** she blocked the identity the user chose */
  blocked: boolean;
  /** in a private session right now */
  busy: boolean;
  rateUnits: number;
  /** spies may watch her privates at this price a minute (absent or null: none) */
  spyPriceUnits?: number | null;
}

/** The one rule for who may be asked: unknown, unapproved or geoblocked is not found; blocked, offline and busy are refused. */
export function assertAskable(performer: PerformerAvailability | null): asserts performer is PerformerAvailability {
  if (!performer?.askable) throw new DomainError('not_found');
  if (performer.blocked) throw new DomainError('blocked');
  if (!performer.online) throw new DomainError('performer_offline');
  if (performer.busy) throw new DomainError('performer_busy');
}

export type RequestSession = Omit<EventDataOf<'SessionRequested'>, 'requestedAt' | 'expiresAt'> & { timeoutMs: number };

export function decideRequest(command: RequestSession, state: Session, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict');
  const { timeoutMs, ...terms } = command;
  return [
    {
      type: 'SessionRequested',
      data: { ...terms, requestedAt: now.toISOString(), expiresAt: new Date(now.getTime() + timeoutMs).toISOString() },
    },
  ];
}

function requestOf(state: Session, performerId: string): OpenSession {
  if (state.status === 'none' || state.terms.performerId !== performerId) throw new DomainError('not_found');
  if (state.status !== 'requested') throw new DomainError('session_request_answered');
  return state;
}

export function decideAccept(command: { performerId: string }, state: Session, now: Date): DomainEvent[] {
  const request = requestOf(state, command.performerId);
  if (now.getTime() >= Date.parse(request.terms.expiresAt)) throw new DomainError('session_request_expired');
  return [
    {
      type: 'SessionStarted',
      data: { sessionId: request.terms.sessionId, performerId: command.performerId, startedAt: now.toISOString() },
    },
  ];
}

export function decideDecline(
  command: { performerId: string; reason: 'declined' | 'busy' },
  state: Session,
  now: Date,
): DomainEvent[] {
  const request = requestOf(state, command.performerId);
  return [
    {
      type: 'SessionDeclined',
      data: {
        sessionId: request.terms.sessionId,
        performerId: command.performerId,
        reason: command.reason,
        declinedAt: now.toISOString(),
      },
    },
  ];
}

/** An unanswered request expires once its time is up; anything else is left alone. */
export function decideExpire(state: Session, now: Date): DomainEvent[] {
  if (state.status !== 'requested' || now.getTime() < Date.parse(state.terms.expiresAt)) return [];
  return [{ type: 'SessionExpired', data: { sessionId: state.terms.sessionId, expiredAt: now.toISOString() } }];
}

/** The user withdraws a request nobody answered yet: it ends, nothing is charged. */
export function decideCancel(state: Session, now: Date): DomainEvent[] {
  if (state.status !== 'requested') throw new DomainError('session_request_answered');
  return [
    ended(state, { endedBy: 'user', reason: 'cancelled', endedAt: now.toISOString(), minutesBilled: 0, costUnits: 0 }),
  ];
}

export function decidePartyLeft(
  command: { party: SessionParty; at: Date; cause: 'disconnected' | 'unconfirmed'; noticedAt?: Date },
  state: Session,
): DomainEvent[] {
  if (state.status !== 'active' || state.away[command.party]) return [];
  // never before the start: minutes are counted from there
  const atMs = Math.max(command.at.getTime(), Date.parse(state.startedAt!));
  const at = new Date(atMs).toISOString();
  const noticed =
    command.noticedAt && command.noticedAt.getTime() > atMs ? { noticedAt: command.noticedAt.toISOString() } : {};
  return [
    {
      type: 'SessionPartyLeft',
      data: { sessionId: state.terms.sessionId, party: command.party, at, cause: command.cause, ...noticed },
    },
  ];
}

export function decidePartyReturned(command: { party: SessionParty }, state: Session, now: Date): DomainEvent[] {
  if (state.status !== 'active' || !state.away[command.party]) return [];
  return [
    {
      type: 'SessionPartyReturned',
      data: { sessionId: state.terms.sessionId, party: command.party, at: now.toISOString() },
    },
  ];
}

/** Since when media can no longer be vouched for: the earliest time a party is away since, if any. */
export function awaySince(state: OpenSession): number | undefined {
  const times = Object.values(state.away).map((at) => Date.parse(at));
  return times.length > 0 ? Math.min(...times) : undefined;
}

export interface Closing {
  endedBy: 'user' | 'performer' | 'system';
  reason: SessionEndReason;
  endedAt: Date;
}

/** Who left first, of the parties away now (a tie, both dropped at once as after a restart: neither alone). */
export function firstAway(state: OpenSession): SessionParty | 'both' | undefined {
  const user = state.away.user === undefined ? undefined : Date.parse(state.away.user);
  const performer = state.away.performer === undefined ? undefined : Date.parse(state.away.performer);
  if (user === undefined) return performer === undefined ? undefined : 'performer';
  if (performer === undefined || user < performer) return 'user';
  return performer < user ? 'performer' : 'both';
}

/**
 * How an active session closes when `requested` asks it to (docs/product.md#session-minimum): if a
 * party is away, it ends when media stopped (minutes after that were never delivered), and for the
 * party that left first: the other one ending it meanwhile ends it for that drop. So a user ending
 * it while she is away owes no minimum, and her ending it after he left does not waive his. Both
 * gone at once is her drop as much as his: it ends as hers.
 */
export function closingOf(state: OpenSession, requested: Closing): Closing {
  const since = awaySince(state);
  // a grace period's closing ends at its party's drop: another party gone as early decides too
  const forDrop = requested.reason === 'user_disconnected' || requested.reason === 'performer_disconnected';
  if (since === undefined || since > requested.endedAt.getTime() || (since === requested.endedAt.getTime() && !forDrop))
    return requested;
  const endedAt = new Date(since);
  const first = firstAway(state);
  if (first === requested.endedBy) return { ...requested, endedAt };
  return { ...requested, reason: first === 'user' ? 'user_disconnected' : 'performer_disconnected', endedAt };
}

function ended(
  state: OpenSession,
  outcome: Omit<EventDataOf<'SessionEnded'>, 'sessionId' | 'performerId'>,
): DomainEvent {
  return {
    type: 'SessionEnded',
    data: { sessionId: state.terms.sessionId, performerId: state.terms.performerId, ...outcome },
  };
}

/** Records on the session what its wallet settled (who, when, minutes, cost, why); once. */
export function decideRecordEnd(settled: EventDataOf<'SessionSettled'>, state: Session): DomainEvent[] {
  if (state.status !== 'active' || settled.endedBy === null) return [];
  const reason = settled.reason as SessionEndReason;
  return [
    ended(state, {
      endedBy: settled.endedBy,
      reason,
      endedAt: settled.endedAt,
      minutesBilled: settled.minutesBilled,
      costUnits: settled.costUnits,
    }),
  ];
}

/**
 * The grace period of the party away since `since` ran out (counted from when the server noticed):
 * the session ends at `since` (when nothing changed meanwhile).
 */
export function graceExpired(
  state: Session,
  party: SessionParty,
  since: string,
  graceMs: number,
  now: Date,
): Closing | undefined {
  if (state.status !== 'active' || state.away[party] !== since) return undefined;
  if (now.getTime() < Date.parse(state.graceFrom[party] ?? since) + graceMs) return undefined;
  return {
    endedBy: 'system',
    reason: party === 'user' ? 'user_disconnected' : 'performer_disconnected',
    endedAt: new Date(since),
  };
}

/**
 * The user of a paid private session rates it, once, after it ended (docs/product.md#ratings): paid
 * means purchased auracoin were spent in it (`purchasedUnits`, the session's purchased part as his
 * wallet's stream holds it, `SessionMoney.purchasedCostUnits`); one paid with welcome or other
 * promotional coins only, or still running, or never started cannot be rated (403 `rating_not_allowed`).
 */
export function decideRate(
  command: { userId: string; stars: number; comment: string | null; purchasedUnits: number },
  state: Session,
  now: Date,
): DomainEvent[] {
  if (state.status === 'none' || state.terms.userId !== command.userId) throw new DomainError('not_found');
  if (state.status !== 'ended' || !state.startedAt || !(command.purchasedUnits > 0))
    throw new DomainError('rating_not_allowed');
  if (state.rated) throw new DomainError('session_rated');
  const { sessionId, performerId } = state.terms;
  return [
    {
      type: 'SessionRated',
      data: {
        sessionId,
        performerId,
        userId: command.userId,
        stars: command.stars,
        comment: command.comment,
        ratedAt: now.toISOString(),
      },
    },
  ];
}
