import type { DomainEvent, SessionParty } from '@aura/contracts';
import { saleShareCents, sessionPartSale } from '../../ledger';
import { docProjection } from '../../kernel/projections/doc-projection';

export const SESSIONS = 'sessions';

/**
 * One private session, from its own stream and the user's wallet: status and terms, minutes and
 * cost, the performer's share, who is away, and what the worker's sweep looks for (open holds,
 * the next minute). `status: 'held'` is a hold whose request never made it to the log.
 */
export type SessionDoc = {
  _id: string;
  status: 'held' | 'requested' | 'active' | 'ended' | 'declined' | 'expired';
  userId: string;
  aliasId: string | null;
  identityId: string;
  displayName: string;
  performerId: string | null;
  rateUnits: number;
  /** spies allowed at this price a minute (absent: none) */
  spyPriceUnits?: number;
  minimumMinutes: number;
  holdUnits: number;
  billingMinuteMs: number;
  requestedAt: string | null;
  expiresAt: string | null;
  /** ms, for the sweep: when an unanswered request is due to expire */
  expiresAtMs: number | null;
  startedAt: string | null;
  endedAt: string | null;
  endedBy: 'user' | 'performer' | 'system' | null;
  endReason: string | null;
  minutesBilled: number;
  /** minutes of the minimum charged without being used (the user left early) */
  minimumMinutesCharged?: number;
  costUnits: number;
  /** what he tipped her inside it, minor units (absent: none) */
  tipsUnits?: number;
  /** the performer's 55% of this session, euro cents */
  shareCents: number;
  /** purchased units the request's hold took (what the minimum earns her is her share of them) */
  purchasedHeldUnits?: number;
  /** purchased units spent in the session so far (a session with none cannot be rated) */
  purchasedCostUnits?: number;
  lastMinute: boolean;
  away: Partial<Record<SessionParty, string>>;
  /** from when each away party's grace period runs (absent in documents projected before it existed: `away`'s time) */
  graceFrom?: Partial<Record<SessionParty, string>>;
  /** ms, for the sweep: when the next unbilled minute starts (active sessions) */
  nextMinuteAtMs: number | null;
  /** the user's hold is still open */
  holdOpen: boolean;
  heldAt: string | null;
  /** the wallet settled it (money final) */
  settled: boolean;
};

const blank = (sessionId: string, userId: string): SessionDoc => ({
  _id: sessionId,
  status: 'held',
  userId,
  aliasId: null,
  identityId: userId,
  displayName: '',
  performerId: null,
  rateUnits: 0,
  minimumMinutes: 0,
  holdUnits: 0,
  billingMinuteMs: 0,
  requestedAt: null,
  expiresAt: null,
  expiresAtMs: null,
  startedAt: null,
  endedAt: null,
  endedBy: null,
  endReason: null,
  minutesBilled: 0,
  costUnits: 0,
  shareCents: 0,
  lastMinute: false,
  away: {},
  nextMinuteAtMs: null,
  holdOpen: false,
  heldAt: null,
  settled: false,
});

const nextMinute = (doc: SessionDoc): number | null =>
  doc.status === 'active' && doc.startedAt ? Date.parse(doc.startedAt) + doc.minutesBilled * doc.billingMinuteMs : null;

const withClock = (doc: SessionDoc): SessionDoc => ({
  ...doc,
  nextMinuteAtMs: nextMinute(doc),
  expiresAtMs: doc.status === 'requested' ? doc.expiresAtMs : null,
});

export function evolveSession(doc: SessionDoc | null, event: DomainEvent): SessionDoc | null {
  if (event.type === 'AuracoinHeld') {
    if (event.data.reason !== 'session') return doc;
    return {
      ...(doc ?? blank(event.data.holdId, event.data.walletId)),
      holdOpen: true,
      heldAt: event.data.heldAt,
      purchasedHeldUnits: event.data.purchasedAmount ?? 0,
    };
  }
  if (event.type === 'SessionRequested') {
    const d = event.data;
    return withClock({
      ...(doc ?? blank(d.sessionId, d.userId)),
      status: 'requested',
      userId: d.userId,
      aliasId: d.aliasId,
      identityId: d.identityId,
      displayName: d.displayName,
      performerId: d.performerId,
      rateUnits: d.rateUnits,
      ...(d.spyPriceUnits ? { spyPriceUnits: d.spyPriceUnits } : {}),
      minimumMinutes: d.minimumMinutes,
      holdUnits: d.holdUnits,
      billingMinuteMs: d.billingMinuteMs,
      requestedAt: d.requestedAt,
      expiresAt: d.expiresAt,
      expiresAtMs: Date.parse(d.expiresAt),
    });
  }
  if (!doc) return null;
  switch (event.type) {
    case 'SessionStarted':
      return withClock({ ...doc, status: 'active', startedAt: event.data.startedAt });
    case 'SessionDeclined':
      return withClock({ ...doc, status: 'declined', endedAt: event.data.declinedAt, endReason: event.data.reason });
    case 'SessionExpired':
      return withClock({ ...doc, status: 'expired', endedAt: event.data.expiredAt, endReason: 'expired' });
    case 'SessionPartyLeft':
      return {
        ...doc,
        away: { ...doc.away, [event.data.party]: event.data.at },
        graceFrom: { ...doc.graceFrom, [event.data.party]: event.data.noticedAt ?? event.data.at },
      };
    case 'SessionPartyReturned': {
      const { [event.data.party]: _back, ...away } = doc.away;
      const { [event.data.party]: _from, ...graceFrom } = doc.graceFrom ?? {};
      return { ...doc, away, graceFrom };
    }
    case 'SessionEnded':
      return withClock({
        ...doc,
        status: 'ended',
        endedAt: event.data.endedAt,
        endedBy: event.data.endedBy,
        endReason: event.data.reason,
        minutesBilled: event.data.minutesBilled,
        costUnits: event.data.costUnits,
        lastMinute: false,
        away: {},
        graceFrom: {},
      });
    case 'SessionMinuteBilled':
      return withClock({
        ...doc,
        minutesBilled: Math.max(doc.minutesBilled, event.data.minute),
        costUnits: event.data.sessionCostUnits,
        // her share by the ledger's rule: of the purchased part only
        shareCents: doc.shareCents + saleShareCents(sessionPartSale(event)),
        purchasedCostUnits: event.data.sessionPurchasedUnits ?? doc.purchasedCostUnits,
        lastMinute: event.data.lastMinute,
      });
    case 'SessionMinimumCharged':
      return {
        ...doc,
        costUnits: event.data.sessionCostUnits,
        minimumMinutesCharged: (doc.minimumMinutesCharged ?? 0) + event.data.minutes,
        shareCents: doc.shareCents + saleShareCents(sessionPartSale(event)),
        purchasedCostUnits: event.data.sessionPurchasedUnits ?? doc.purchasedCostUnits,
      };
    case 'SessionTipped':
      return { ...doc, tipsUnits: (doc.tipsUnits ?? 0) + event.data.amountUnits };
    case 'SessionSettled':
      return { ...doc, settled: true };
    case 'AuracoinReleased':
      return { ...doc, holdOpen: false };
    default:
      return doc;
  }
}

export const sessionEventTypes = [
  'AuracoinHeld',
  'AuracoinReleased',
  'SessionRequested',
  'SessionStarted',
  'SessionDeclined',
  'SessionExpired',
  'SessionPartyLeft',
  'SessionPartyReturned',
  'SessionEnded',
  'SessionMinuteBilled',
  'SessionMinimumCharged',
  'SessionSettled',
  'SessionTipped',
] as const;

/** Wallet holds are named by their session; every other event names it. */
export function sessionIdOf(event: { type: string; data: unknown }): string | undefined {
  const data = event.data as { sessionId?: unknown; holdId?: unknown };
  if (event.type === 'AuracoinHeld' || event.type === 'AuracoinReleased')
    return typeof data.holdId === 'string' ? data.holdId : undefined;
  return typeof data.sessionId === 'string' ? data.sessionId : undefined;
}

export const sessionsProjection = docProjection<SessionDoc>({
  name: SESSIONS,
  collection: SESSIONS,
  eventTypes: sessionEventTypes,
  documentId: sessionIdOf,
  evolve: evolveSession,
  indexes: [
    { keys: { userId: 1, status: 1 }, options: { name: 'by_user' } },
    { keys: { performerId: 1, status: 1 }, options: { name: 'by_performer' } },
    { keys: { status: 1, nextMinuteAtMs: 1 }, options: { name: 'by_status' } },
    { keys: { holdOpen: 1, status: 1 }, options: { name: 'open_holds' } },
  ],
});
