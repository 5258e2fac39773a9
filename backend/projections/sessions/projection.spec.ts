import type { DomainEvent, EventDataOf } from '@aura/contracts';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import { recordedAs } from '../../test/doubles/recorded';
import { SESSIONS, sessionsProjection, type SessionDoc } from './projection';
import { createSessionQueries, toSessionView, type ViewedSession } from './queries';

const t0 = Date.parse('2026-11-20T10:00:00.000Z');
const iso = (ms: number) => new Date(t0 + ms).toISOString();
const sessionId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const MINUTE = 60_000;

const held: DomainEvent = {
  type: 'AuracoinHeld',
  data: { walletId: userId, holdId: sessionId, amount: 250, reason: 'session', heldAt: iso(0) },
};
const requested: DomainEvent = {
  type: 'SessionRequested',
  data: {
    sessionId,
    userId,
    aliasId,
    identityId: aliasId,
    displayName: 'Zorro',
    performerId,
    rateUnits: 50,
    minimumMinutes: 5,
    holdUnits: 250,
    billingMinuteMs: MINUTE,
    requestedAt: iso(0),
    expiresAt: iso(MINUTE),
  },
};
const started: DomainEvent = { type: 'SessionStarted', data: { sessionId, performerId, startedAt: iso(10_000) } };
const minute = (k: number, lastMinute = false): DomainEvent => ({
  type: 'SessionMinuteBilled',
  data: {
    sessionId,
    walletId: userId,
    performerId,
    minute: k,
    amount: 50,
    minuteStartedAt: iso(10_000 + (k - 1) * MINUTE),
    sessionCostUnits: 50 * k,
    lastMinute,
    billedAt: iso(10_000 + (k - 1) * MINUTE),
  },
});
const left: DomainEvent = {
  type: 'SessionPartyLeft',
  data: { sessionId, party: 'user', at: iso(70_000), cause: 'disconnected' },
};

async function project(events: DomainEvent[], replayed = false) {
  const store = createMingoReadModelStore();
  const stored = events.map((event, index) => recordedAs(event, { id: `e${index}`, position: index + 1 }));
  for (const event of stored) await sessionsProjection.apply(event, store);
  if (replayed) for (const event of stored) await sessionsProjection.apply(event, store);
  return {
    doc: await store.collection<SessionDoc>(SESSIONS).findOne({ _id: sessionId }),
    queries: createSessionQueries(store),
  };
}

describe('sessions read model', () => {
  it('follows a session from its hold to its end, with the minutes, cost and her share', async () => {
    const { doc: waiting } = await project([held, requested]);
    expect(waiting).toMatchObject({
      status: 'requested',
      holdOpen: true,
      identityId: aliasId,
      displayName: 'Zorro',
      expiresAtMs: t0 + MINUTE,
      nextMinuteAtMs: null,
    });
    const { doc: running } = await project([held, requested, started, minute(1), minute(2, true), left]);
    expect(running).toMatchObject({
      status: 'active',
      minutesBilled: 2,
      costUnits: 100,
      shareCents: 55,
      lastMinute: true,
      nextMinuteAtMs: t0 + 10_000 + 2 * MINUTE,
      expiresAtMs: null,
      away: { user: iso(70_000) },
    });
    const ended: DomainEvent[] = [
      {
        type: 'SessionMinimumCharged',
        data: {
          sessionId,
          walletId: userId,
          performerId,
          minutes: 3,
          amount: 150,
          sessionCostUnits: 250,
          chargedAt: iso(80_000),
        },
      },
      {
        type: 'SessionSettled',
        data: {
          sessionId,
          walletId: userId,
          performerId,
          endedBy: 'user',
          reason: 'user_ended',
          endedAt: iso(70_000),
          minutesBilled: 2,
          costUnits: 250,
          settledAt: iso(80_000),
        },
      },
      { type: 'AuracoinReleased', data: { walletId: userId, holdId: sessionId, amount: 0, releasedAt: iso(80_000) } },
      {
        type: 'SessionEnded',
        data: {
          sessionId,
          performerId,
          endedBy: 'user',
          reason: 'user_ended',
          endedAt: iso(70_000),
          minutesBilled: 2,
          costUnits: 250,
        },
      },
    ];
    const { doc: over } = await project([held, requested, started, minute(1), minute(2, true), left, ...ended], true);
    expect(over).toMatchObject({
      status: 'ended',
      holdOpen: false,
      settled: true,
      costUnits: 250,
      shareCents: 137,
      lastMinute: false,
      nextMinuteAtMs: null,
      away: {},
      endReason: 'user_ended',
      endedBy: 'user',
    });
    // her toast and his receipt count the minutes the ledger charged: 2 started + 3 of the minimum, for 250 units and her 137 cents
    expect(over).toMatchObject({ minutesBilled: 2, minimumMinutesCharged: 3 });
    expect(toSessionView(over as ViewedSession, 'performer', { name: 'Giulia', image: '' })).toMatchObject({
      minutesBilled: 2,
      minutesCharged: 5,
      costAuracoin: 2.5,
      performerEarnings: 1.37,
    });
  });

  it('keeps a hold whose request never arrived as a bare hold, not a session', async () => {
    const { doc, queries } = await project([held]);
    expect(doc).toMatchObject({ status: 'held', holdOpen: true, heldAt: iso(0) });
    expect(await queries.byId(sessionId)).toBeNull();
    expect(await queries.needingATick(t0 + 10 * MINUTE, 0, MINUTE)).toEqual([
      { _id: sessionId, userId, status: 'held' },
    ]);
  });

  it('shows her the identity and her share, him the cost, and neither the other side of the money', async () => {
    const { queries } = await project([held, requested, started, minute(1)]);
    const doc = (await queries.byId(sessionId))!;
    const card = { name: 'Giulia', image: '/g.png' };
    const hers = toSessionView(doc, 'performer', card);
    expect(hers).toMatchObject({
      identity: { id: aliasId, displayName: 'Zorro' },
      performerEarnings: 0.27,
      costAuracoin: 0.5,
      ratePerMinute: 0.5,
      minimumAuracoin: 2.5,
    });
    expect(JSON.stringify(hers)).not.toContain(userId);
    expect(toSessionView(doc, 'user', card).performerEarnings).toBeNull();
  });

  it('shows her what the minimum earns her: her share of the purchased units the hold took (issue 38 item 8)', async () => {
    const card = { name: 'Giulia', image: '/g.png' };
    const bought: DomainEvent = {
      type: 'AuracoinHeld',
      data: { ...(held.data as EventDataOf<'AuracoinHeld'>), purchasedAmount: 200, promotionalAmount: 50 },
    };
    const hers = async (events: DomainEvent[]) =>
      toSessionView((await (await project(events)).queries.byId(sessionId))!, 'performer', card);
    expect((await hers([bought, requested])).performerEarningsCents).toBe(110);
    // welcome coins only: nothing
    const free: DomainEvent = {
      type: 'AuracoinHeld',
      data: { ...(held.data as EventDataOf<'AuracoinHeld'>), purchasedAmount: 0, promotionalAmount: 250 },
    };
    expect((await hers([free, requested])).performerEarningsCents).toBe(0);
    const { queries } = await project([bought, requested]);
    expect(toSessionView((await queries.byId(sessionId))!, 'user', card).performerEarningsCents).toBeNull();
  });

  it('tells his screen whether he may rate it: over, with purchased auracoin spent in it (issue 38 item 6)', async () => {
    const over = { sessionId, performerId, endedBy: 'user', reason: 'user_ended', endedAt: iso(70_000) };
    const card = { name: 'Giulia', image: '/g.png' };
    const paid = (purchased: number): DomainEvent => ({
      type: 'SessionMinuteBilled',
      data: { ...(minute(1).data as EventDataOf<'SessionMinuteBilled'>), sessionPurchasedUnits: purchased },
    });
    const endedEvent = { type: 'SessionEnded', data: { ...over, minutesBilled: 1, costUnits: 50 } } as DomainEvent;
    const his = async (events: DomainEvent[]) =>
      toSessionView((await (await project(events)).queries.byId(sessionId))!, 'user', card).canRate;
    expect(await his([held, requested, started, paid(50), endedEvent])).toBe(true);
    expect(await his([held, requested, started, paid(0), endedEvent])).toBe(false);
    expect(await his([held, requested, started, paid(50)])).toBe(false);
  });

  it('finds what the sweep must tick: overdue minutes, stale requests, parties away', async () => {
    expect(
      (await (await project([held, requested])).queries.needingATick(t0 + MINUTE + 1, 0, MINUTE)).map((s) => s._id),
    ).toEqual([sessionId]);
    expect(await (await project([held, requested])).queries.needingATick(t0 + 1, 0, MINUTE)).toEqual([]);
    const running = (await project([held, requested, started, minute(1)])).queries;
    expect(await running.needingATick(t0 + 10_000 + MINUTE - 1, 0, MINUTE)).toEqual([]);
    expect(await running.needingATick(t0 + 10_000 + MINUTE + 1, 0, MINUTE)).toHaveLength(1);
    // a party away: its minutes wait for it (not overdue); it is looked at once the grace period is over
    const away = (await project([held, requested, started, minute(1), left])).queries;
    expect(await away.needingATick(t0 + 70_000 + 29_000, 0, MINUTE, 30_000)).toEqual([]);
    expect(await away.needingATick(t0 + 70_000 + 30_000 + 1, 0, MINUTE, 30_000)).toHaveLength(1);
    expect(await away.needingATick(t0 + 70_000 + 1, 0, MINUTE)).toHaveLength(1);
    // found gone after a restart (noticed at 150 s): its grace period runs from there
    const noticed: DomainEvent = {
      type: 'SessionPartyLeft',
      data: { sessionId, party: 'user', at: iso(70_000), cause: 'unconfirmed', noticedAt: iso(150_000) },
    };
    const restarted = (await project([held, requested, started, minute(1), noticed])).queries;
    expect(await restarted.needingATick(t0 + 150_000 + 29_000, 0, MINUTE, 30_000)).toEqual([]);
    expect(await restarted.needingATick(t0 + 150_000 + 30_001, 0, MINUTE, 30_000)).toHaveLength(1);
  });
});
