import {
  centsToEuro,
  minimumEarningsCents,
  unitsToAuracoin,
  type SessionParty,
  type SessionView,
} from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { SESSIONS, type SessionDoc } from './projection';

export type ViewedSession = SessionDoc & { status: SessionView['status'] };

/** Her name and photo as the session page shows them. */
export interface PerformerCard {
  name: string;
  image: string;
}

/** A session as one party sees it: the performer never sees the user's id, username or email. */
export function toSessionView(doc: ViewedSession, role: 'user' | 'performer', performer: PerformerCard): SessionView {
  return {
    id: doc._id,
    status: doc.status,
    role,
    performer: { id: doc.performerId!, name: performer.name, image: performer.image },
    identity: { id: doc.identityId, displayName: doc.displayName },
    ratePerMinute: unitsToAuracoin(doc.rateUnits),
    spyPrice: doc.spyPriceUnits ? unitsToAuracoin(doc.spyPriceUnits) : null,
    minimumMinutes: doc.minimumMinutes,
    minimumAuracoin: unitsToAuracoin(doc.holdUnits),
    billingMinuteMs: doc.billingMinuteMs,
    requestedAt: doc.requestedAt!,
    expiresAt: doc.expiresAt!,
    startedAt: doc.startedAt,
    endedAt: doc.endedAt,
    minutesBilled: doc.minutesBilled,
    minutesCharged: doc.minutesBilled + (doc.minimumMinutesCharged ?? 0),
    costAuracoin: unitsToAuracoin(doc.costUnits),
    tipsAuracoin: unitsToAuracoin(doc.tipsUnits ?? 0),
    endReason: (doc.endReason as SessionView['endReason']) ?? null,
    endedBy: doc.endedBy,
    // his balance is his own: her view never hints at it
    ...(role === 'user' ? { lastMinute: doc.lastMinute } : {}),
    counterpartAway: Boolean(role === 'user' ? doc.away.performer : doc.away.user),
    performerEarnings: role === 'performer' ? centsToEuro(doc.shareCents) : null,
    performerEarningsCents: role === 'performer' ? minimumEarningsCents(doc.purchasedHeldUnits ?? 0) : null,
    // a hint for his screen (the stars): the rating's decider is the rule
    ...(role === 'user'
      ? { canRate: doc.status === 'ended' && doc.startedAt !== null && (doc.purchasedCostUnits ?? 0) > 0 }
      : {}),
  };
}

const OPEN = { $in: ['requested', 'active'] };

export function createSessionQueries(readModels: ReadModelStore) {
  const sessions = readModels.collection<SessionDoc>(SESSIONS);
  return {
    /** a session that was requested (a bare hold is not one yet) */
    async byId(sessionId: string): Promise<ViewedSession | null> {
      const doc = await sessions.findOne({ _id: sessionId });
      return doc && doc.status !== 'held' ? (doc as ViewedSession) : null;
    },
    /** every session he requested (a bare hold is not one), oldest first */
    async allOfUser(userId: string): Promise<ViewedSession[]> {
      const docs = await sessions.find({ userId }, { sort: { requestedAt: 1 } });
      return docs.filter((doc) => doc.status !== 'held') as ViewedSession[];
    },
    async openOfUser(userId: string): Promise<ViewedSession[]> {
      return (await sessions.find({ userId, status: OPEN }, { sort: { requestedAt: -1 } })) as ViewedSession[];
    },
    async openOfPerformer(performerId: string): Promise<ViewedSession[]> {
      return (await sessions.find({ performerId, status: OPEN }, { sort: { requestedAt: 1 } })) as ViewedSession[];
    },
    /** is she in a private session right now? */
    async isBusy(performerId: string): Promise<boolean> {
      return (await sessions.count({ performerId, status: 'active' })) > 0;
    },
    /** her requests still waiting for an answer */
    async waitingFor(performerId: string): Promise<ViewedSession[]> {
      return (await sessions.find({ performerId, status: 'requested' })) as ViewedSession[];
    },
    /** private sessions running now (the metrics' gauge) */
    runningCount: () => sessions.count({ status: 'active' }),
    /**
     * What the worker's sweep looks at: minutes overdue, requests past their time, parties away past
     * their grace period, holds of sessions that are over, and holds whose request never reached the
     * log. A session with a party away is not overdue for its minutes (they wait for the party): it
     * is looked at once its grace period is over, not at every sweep, so a restart that finds
     * hundreds of sessions without their pages does not tick each of them every sweep.
     */
    async needingATick(
      nowMs: number,
      slackMs: number,
      orphanAfterMs: number,
      graceMs = 0,
    ): Promise<Pick<SessionDoc, '_id' | 'userId' | 'status'>[]> {
      const due = nowMs - slackMs;
      const graceOverBefore = new Date(due - graceMs).toISOString();
      const someoneAway = (doc: SessionDoc) => Object.keys(doc.away).length > 0;
      const found = await Promise.all([
        sessions
          .find({ status: 'active', nextMinuteAtMs: { $lt: due } })
          .then((docs) => docs.filter((doc) => !someoneAway(doc))),
        sessions.find({ status: 'requested', expiresAtMs: { $lt: due } }),
        sessions
          .find({
            status: 'active',
            $or: [{ 'away.user': { $exists: true } }, { 'away.performer': { $exists: true } }],
          })
          .then((docs) =>
            docs.filter((doc) =>
              Object.entries(doc.away).some(
                ([party, since]) => (doc.graceFrom?.[party as SessionParty] ?? since)! < graceOverBefore,
              ),
            ),
          ),
        sessions.find({ holdOpen: true, status: { $in: ['ended', 'declined', 'expired'] } }),
        sessions
          .find({ holdOpen: true, status: 'held' })
          .then((docs) => docs.filter((doc) => doc.heldAt !== null && Date.parse(doc.heldAt) < nowMs - orphanAfterMs)),
      ]);
      const unique = new Map(
        found.flat().map((doc) => [doc._id, { _id: doc._id, userId: doc.userId, status: doc.status }]),
      );
      return [...unique.values()];
    },
  };
}

export type SessionQueries = ReturnType<typeof createSessionQueries>;
