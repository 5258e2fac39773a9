import type { DomainEvent } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import { auditSessions } from './sessions';

const t0 = Date.parse('2026-11-20T10:00:00.000Z');
const iso = (ms: number) => new Date(t0 + ms).toISOString();
const MINUTE = 60_000;
const sessionId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const RATE = 250;

/** Events as the store holds them: [stream, event] in global order. */
function log(entries: [string, DomainEvent][]): StoredEvent[] {
  const revisions = new Map<string, number>();
  return entries.map(([streamId, event], index) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    return {
      id: `e${index}`,
      streamId,
      revision,
      position: index + 1,
      type: event.type,
      data: event.data,
      metadata: {},
      createdAt: new Date(t0),
    };
  });
}

const W = `wallet-${userId}`;
const S = `session-${sessionId}`;
const E = `earnings-${performerId}`;
const minute = (k: number, costBefore: number): [string, DomainEvent][] => [
  [
    W,
    {
      type: 'SessionMinuteBilled',
      data: {
        sessionId,
        walletId: userId,
        performerId,
        minute: k,
        amount: RATE,
        minuteStartedAt: iso((k - 1) * MINUTE),
        sessionCostUnits: costBefore + RATE,
        lastMinute: false,
        billedAt: iso((k - 1) * MINUTE),
      },
    },
  ],
  [
    W,
    {
      type: 'AuracoinDebited',
      data: {
        walletId: userId,
        amount: RATE,
        reason: 'session',
        reference: sessionId,
        holdId: sessionId,
        debitedAt: iso(0),
      },
    },
  ],
];
const credit = (part: string, gross: number, share: number): [string, DomainEvent] => [
  E,
  {
    type: 'PerformerEarningsCredited',
    data: {
      performerId,
      source: 'session',
      sourceId: `${sessionId}:${part}`,
      grossUnits: gross,
      shareCents: share,
      creditedAt: iso(0),
    },
  },
];

/** A session the performer ended 90 seconds in: two minutes billed, the hold released. */
function honest(): [string, DomainEvent][] {
  return [
    [W, { type: 'AuracoinCredited', data: { walletId: userId, amount: 5000, reason: 'purchase', creditedAt: iso(0) } }],
    [
      W,
      {
        type: 'AuracoinHeld',
        data: { walletId: userId, holdId: sessionId, amount: 5 * RATE, reason: 'session', heldAt: iso(0) },
      },
    ],
    [
      S,
      {
        type: 'SessionRequested',
        data: {
          sessionId,
          userId,
          aliasId: null,
          identityId: userId,
          displayName: 'mario',
          performerId,
          rateUnits: RATE,
          minimumMinutes: 5,
          holdUnits: 5 * RATE,
          billingMinuteMs: MINUTE,
          requestedAt: iso(0),
          expiresAt: iso(MINUTE),
        },
      },
    ],
    [S, { type: 'SessionStarted', data: { sessionId, performerId, startedAt: iso(0) } }],
    ...minute(1, 0),
    credit('minute-1', RATE, 137),
    ...minute(2, RATE),
    credit('minute-2', RATE, 138),
    [
      W,
      {
        type: 'SessionSettled',
        data: {
          sessionId,
          walletId: userId,
          performerId,
          endedBy: 'performer',
          reason: 'performer_ended',
          endedAt: iso(90_000),
          minutesBilled: 2,
          costUnits: 2 * RATE,
          settledAt: iso(90_000),
        },
      },
    ],
    [
      W,
      {
        type: 'AuracoinReleased',
        data: { walletId: userId, holdId: sessionId, amount: 3 * RATE, releasedAt: iso(90_000) },
      },
    ],
    [
      S,
      {
        type: 'SessionEnded',
        data: {
          sessionId,
          performerId,
          endedBy: 'performer',
          reason: 'performer_ended',
          endedAt: iso(90_000),
          minutesBilled: 2,
          costUnits: 2 * RATE,
        },
      },
    ],
  ];
}

describe('the sessions audit', () => {
  it('passes a session billed minute by minute, settled, recorded and credited once', () => {
    const audit = auditSessions(log(honest()));
    expect(audit.problems).toEqual([]);
    expect(audit).toMatchObject({ sessions: 1, minutes: 2, grossUnits: 500, shareCents: 275 });
  });

  it('finds a minute billed twice', () => {
    const entries = honest();
    entries.splice(7, 0, ...minute(1, 0));
    expect(
      auditSessions(log(entries))
        .problems.map((p) => p.problem)
        .join('\n'),
    ).toContain('billed minute 1 after 1 minutes');
  });

  it('finds more minutes billed than the session was open', () => {
    const entries = honest().map(([stream, event]): [string, DomainEvent] =>
      event.type === 'SessionEnded' || event.type === 'SessionSettled'
        ? [stream, { ...event, data: { ...event.data, endedAt: iso(50_000) } } as DomainEvent]
        : [stream, event],
    );
    expect(auditSessions(log(entries)).problems.map((p) => p.problem)).toContain('billed 2 minutes for 1 minutes open');
  });

  it('finds a charge without its debit, a share credited twice or at the wrong share, and a hold never released', () => {
    const withoutDebit = honest().filter((_, index) => index !== 5);
    expect(auditSessions(log(withoutDebit)).problems.some((p) => p.problem.includes('not followed by the debit'))).toBe(
      true,
    );
    const twice = [...honest(), credit('minute-1', RATE, 137)];
    expect(
      auditSessions(log(twice)).problems.some((p) => p.problem.includes('credited to the performer 2 times')),
    ).toBe(true);
    const wrong = honest().map(([stream, event]): [string, DomainEvent] =>
      event.type === 'PerformerEarningsCredited' && event.data.sourceId.endsWith('minute-2')
        ? credit('minute-2', RATE, 137)
        : [stream, event],
    );
    expect(auditSessions(log(wrong)).problems.some((p) => p.problem.includes('the charge gives 138'))).toBe(true);
    const kept = honest().filter(([, event]) => event.type !== 'AuracoinReleased');
    expect(auditSessions(log(kept)).problems.map((p) => p.problem)).toContain(
      'the session is over but its hold was never released',
    );
  });

  it('finds the rest of a minimum charged for a session her ending waived it for', () => {
    const entries = honest();
    const settledAt = entries.findIndex(([, event]) => event.type === 'SessionSettled');
    entries.splice(
      settledAt,
      0,
      [
        W,
        {
          type: 'SessionMinimumCharged',
          data: {
            sessionId,
            walletId: userId,
            performerId,
            minutes: 3,
            amount: 3 * RATE,
            sessionCostUnits: 5 * RATE,
            chargedAt: iso(90_000),
          },
        },
      ],
      [
        W,
        {
          type: 'AuracoinDebited',
          data: {
            walletId: userId,
            amount: 3 * RATE,
            reason: 'session',
            reference: sessionId,
            holdId: sessionId,
            debitedAt: iso(90_000),
          },
        },
      ],
    );
    expect(auditSessions(log(entries)).problems.map((p) => p.problem)).toContain(
      `session ${sessionId} charged its minimum, but it ended for 'performer_ended', which waives it`,
    );
  });
});
