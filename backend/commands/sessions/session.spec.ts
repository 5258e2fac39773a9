import { errorMessages, type DomainEvent, type EventDataOf } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { expectOnlyKind, principal } from '../../test/doubles/principals';
import { joinAs, mayAccept, mayDecline, mayRate, mayRequest, partyIn } from './policy';
import {
  assertAskable,
  assertRunning,
  awaySince,
  closingOf,
  decideAccept,
  decideCancel,
  decideDecline,
  decideExpire,
  decidePartyLeft,
  decidePartyReturned,
  decideRate,
  firstAway,
  decideRecordEnd,
  decideRequest,
  graceExpired,
  session,
  type OpenSession,
  type PerformerAvailability,
} from './session';

const t0 = new Date('2026-11-20T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();
const sessionId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const otherPerformer = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';

const terms: EventDataOf<'SessionRequested'> = {
  sessionId,
  userId,
  aliasId,
  identityId: aliasId,
  displayName: 'Zorro',
  performerId,
  rateUnits: 250,
  minimumMinutes: 5,
  holdUnits: 1250,
  billingMinuteMs: 60_000,
  requestedAt: iso(0),
  expiresAt: iso(60_000),
};
const requested: DomainEvent = { type: 'SessionRequested', data: terms };
const started: DomainEvent = { type: 'SessionStarted', data: { sessionId, performerId, startedAt: iso(10_000) } };
const userLeft: DomainEvent = {
  type: 'SessionPartyLeft',
  data: { sessionId, party: 'user', at: iso(70_000), cause: 'disconnected' },
};
const performerLeft: DomainEvent = {
  type: 'SessionPartyLeft',
  data: { sessionId, party: 'performer', at: iso(80_000), cause: 'disconnected' },
};
const fold = (events: DomainEvent[]) => events.reduce(session.evolve, session.initialState()) as OpenSession;

describe('session decider', () => {
  const spec = deciderSpec(session);

  it('records a request with the rate and the minute fixed, expiring after the timeout', () => {
    const { requestedAt: _r, expiresAt: _e, ...command } = terms;
    spec
      .given([])
      .when((s) => decideRequest({ ...command, timeoutMs: 60_000 }, s, t0))
      .then([requested]);
    spec
      .given([requested])
      .when((s) => decideRequest({ ...command, timeoutMs: 60_000 }, s, t0))
      .thenThrows('conflict');
  });

  it('lets only the asked performer accept, before the request expires, once', () => {
    spec
      .given([requested])
      .when((s) => decideAccept({ performerId }, s, at(10_000)))
      .then([started]);
    spec
      .given([requested])
      .when((s) => decideAccept({ performerId: otherPerformer }, s, at(10_000)))
      .thenThrows('not_found');
    spec
      .given([requested])
      .when((s) => decideAccept({ performerId }, s, at(60_000)))
      .thenThrows('session_request_expired');
    spec
      .given([requested, started])
      .when((s) => decideAccept({ performerId }, s, at(20_000)))
      .thenThrows('session_request_answered');
  });

  it('declines a waiting request; after a decline nothing can be accepted (one of accept and decline wins)', () => {
    const declined: DomainEvent = {
      type: 'SessionDeclined',
      data: { sessionId, performerId, reason: 'declined', declinedAt: iso(5_000) },
    };
    spec
      .given([requested])
      .when((s) => decideDecline({ performerId, reason: 'declined' }, s, at(5_000)))
      .then([declined]);
    spec
      .given([requested, declined])
      .when((s) => decideAccept({ performerId }, s, at(6_000)))
      .thenThrows('session_request_answered');
    spec
      .given([requested, started])
      .when((s) => decideDecline({ performerId, reason: 'declined' }, s, at(6_000)))
      .thenThrows('session_request_answered');
    spec
      .given([requested])
      .when((s) => decideDecline({ performerId: otherPerformer, reason: 'declined' }, s, at(5_000)))
      .thenThrows('not_found');
  });

  it('expires an unanswered request at its time, not before, and only a waiting one', () => {
    spec
      .given([requested])
      .when((s) => decideExpire(s, at(59_999)))
      .then([]);
    spec
      .given([requested])
      .when((s) => decideExpire(s, at(60_000)))
      .then([{ type: 'SessionExpired', data: { sessionId, expiredAt: iso(60_000) } }]);
    spec
      .given([requested, started])
      .when((s) => decideExpire(s, at(90_000)))
      .then([]);
  });

  it('lets the user withdraw a waiting request at no cost', () => {
    spec
      .given([requested])
      .when((s) => decideCancel(s, at(3_000)))
      .then([
        {
          type: 'SessionEnded',
          data: {
            sessionId,
            performerId,
            endedBy: 'user',
            reason: 'cancelled',
            endedAt: iso(3_000),
            minutesBilled: 0,
            costUnits: 0,
          },
        },
      ]);
    spec
      .given([requested, started])
      .when((s) => decideCancel(s, at(3_000)))
      .thenThrows('session_request_answered');
  });

  it('marks a party away once, never before the start, and back once', () => {
    spec
      .given([requested, started])
      .when((s) => decidePartyLeft({ party: 'user', at: at(70_000), cause: 'disconnected' }, s))
      .then([userLeft]);
    spec
      .given([requested, started, userLeft])
      .when((s) => decidePartyLeft({ party: 'user', at: at(75_000), cause: 'disconnected' }, s))
      .then([]);
    spec
      .given([requested, started])
      .when((s) => decidePartyLeft({ party: 'performer', at: at(0), cause: 'unconfirmed' }, s))
      .then([
        { type: 'SessionPartyLeft', data: { sessionId, party: 'performer', at: iso(10_000), cause: 'unconfirmed' } },
      ]);
    spec
      .given([requested])
      .when((s) => decidePartyLeft({ party: 'user', at: at(1), cause: 'disconnected' }, s))
      .then([]);
    spec
      .given([requested, started, userLeft])
      .when((s) => decidePartyReturned({ party: 'user' }, s, at(80_000)))
      .then([{ type: 'SessionPartyReturned', data: { sessionId, party: 'user', at: iso(80_000) } }]);
    spec
      .given([requested, started])
      .when((s) => decidePartyReturned({ party: 'user' }, s, at(80_000)))
      .then([]);
  });

  it('ends a session when the grace period of an away party runs out, at the time it left', () => {
    const state = fold([requested, started, userLeft]);
    expect(graceExpired(state, 'user', iso(70_000), 30_000, at(99_999))).toBeUndefined();
    expect(graceExpired(state, 'user', iso(70_000), 30_000, at(100_000))).toEqual({
      endedBy: 'system',
      reason: 'user_disconnected',
      endedAt: at(70_000),
    });
    // it came back and left again: the old grace period no longer counts
    expect(graceExpired(state, 'user', iso(60_000), 30_000, at(100_000))).toBeUndefined();
    expect(
      graceExpired(fold([requested, started, performerLeft]), 'performer', iso(80_000), 30_000, at(110_000)),
    ).toMatchObject({ reason: 'performer_disconnected' });
  });

  it('after a restart, a party found gone stops the minutes where media could last be vouched for, and its grace period runs from the restart', () => {
    // the process died at 100 s and was up again at 160 s: the clock finds the user's page gone, minute 3 (from 130 s) waits
    const found: DomainEvent = {
      type: 'SessionPartyLeft',
      data: { sessionId, party: 'user', at: iso(130_000), cause: 'unconfirmed', noticedAt: iso(160_000) },
    };
    spec
      .given([requested, started])
      .when((s) => decidePartyLeft({ party: 'user', at: at(130_000), cause: 'unconfirmed', noticedAt: at(160_000) }, s))
      .then([found]);
    // noticed at once (the usual case): no separate time
    spec
      .given([requested, started])
      .when((s) => decidePartyLeft({ party: 'user', at: at(70_000), cause: 'unconfirmed', noticedAt: at(70_000) }, s))
      .then([{ type: 'SessionPartyLeft', data: { sessionId, party: 'user', at: iso(70_000), cause: 'unconfirmed' } }]);
    const state = fold([requested, started, found]);
    // 30 s after the crash's minute is not enough: the page had no server to come back to
    expect(graceExpired(state, 'user', iso(130_000), 30_000, at(170_000))).toBeUndefined();
    expect(graceExpired(state, 'user', iso(130_000), 30_000, at(189_999))).toBeUndefined();
    // 30 s after the restart it ends, at the time media could last be vouched for
    expect(graceExpired(state, 'user', iso(130_000), 30_000, at(190_000))).toEqual({
      endedBy: 'system',
      reason: 'user_disconnected',
      endedAt: at(130_000),
    });
    // back in time: nothing to end
    const back: DomainEvent = { type: 'SessionPartyReturned', data: { sessionId, party: 'user', at: iso(165_000) } };
    expect(
      graceExpired(fold([requested, started, found, back]), 'user', iso(130_000), 30_000, at(200_000)),
    ).toBeUndefined();
  });

  it('closes at the time media stopped; a user ending while she is away owes no minimum', () => {
    const request = { endedBy: 'user' as const, reason: 'user_ended' as const, endedAt: at(95_000) };
    expect(closingOf(fold([requested, started]), request)).toEqual(request);
    expect(closingOf(fold([requested, started, userLeft]), request)).toEqual({ ...request, endedAt: at(70_000) });
    expect(closingOf(fold([requested, started, performerLeft]), request)).toEqual({
      endedBy: 'user',
      reason: 'performer_disconnected',
      endedAt: at(80_000),
    });
    expect(
      closingOf(fold([requested, started, performerLeft]), {
        endedBy: 'performer',
        reason: 'performer_ended',
        endedAt: at(95_000),
      }),
    ).toEqual({
      endedBy: 'performer',
      reason: 'performer_ended',
      endedAt: at(80_000),
    });
  });

  it('records the settlement on the session once', () => {
    const settled: EventDataOf<'SessionSettled'> = {
      sessionId,
      walletId: userId,
      performerId,
      endedBy: 'performer',
      reason: 'performer_ended',
      endedAt: iso(130_000),
      minutesBilled: 3,
      costUnits: 750,
      settledAt: iso(130_001),
    };
    const ended: DomainEvent = {
      type: 'SessionEnded',
      data: {
        sessionId,
        performerId,
        endedBy: 'performer',
        reason: 'performer_ended',
        endedAt: iso(130_000),
        minutesBilled: 3,
        costUnits: 750,
      },
    };
    spec
      .given([requested, started])
      .when((s) => decideRecordEnd(settled, s))
      .then([ended]);
    spec
      .given([requested, started, ended])
      .when((s) => decideRecordEnd(settled, s))
      .then([]);
  });
});

describe('rating a session (docs/product.md#ratings)', () => {
  const spec = deciderSpec(session);
  const endedPaid: DomainEvent = {
    type: 'SessionEnded',
    data: {
      sessionId,
      performerId,
      endedBy: 'user',
      reason: 'user_ended',
      endedAt: iso(130_000),
      minutesBilled: 3,
      costUnits: 750,
    },
  };
  /** 750 units of purchased auracoin spent in it (his wallet's stream: the session's purchased part) */
  const rating = { userId, stars: 4, comment: 'Gentile', purchasedUnits: 750 };
  const rated: DomainEvent = {
    type: 'SessionRated',
    data: { sessionId, performerId, userId, stars: 4, comment: 'Gentile', ratedAt: iso(200_000) },
  };

  it('the user of a paid session that is over rates it', () => {
    spec
      .given([requested, started, endedPaid])
      .when((s) => decideRate(rating, s, at(200_000)))
      .then([rated]);
  });

  it('a session is rated once', () => {
    spec
      .given([requested, started, endedPaid, rated])
      .when((s) => decideRate(rating, s, at(210_000)))
      .thenThrows('session_rated');
  });

  it('only its own user may rate it: to anyone else it is not found', () => {
    spec
      .given([requested, started, endedPaid])
      .when((s) => decideRate({ ...rating, userId: otherPerformer }, s, at(200_000)))
      .thenThrows('not_found');
    spec
      .given([])
      .when((s) => decideRate(rating, s, at(200_000)))
      .thenThrows('not_found');
  });

  it('a session still running, never started or that cost nothing cannot be rated', () => {
    const refusal = errorMessages.rating_not_allowed;
    spec
      .given([requested, started])
      .when((s) => decideRate(rating, s, at(200_000)))
      .thenThrows('rating_not_allowed', refusal);
    const cancelled: DomainEvent = {
      type: 'SessionEnded',
      data: {
        sessionId,
        performerId,
        endedBy: 'user',
        reason: 'cancelled',
        endedAt: iso(3_000),
        minutesBilled: 0,
        costUnits: 0,
      },
    };
    spec
      .given([requested, cancelled])
      .when((s) => decideRate(rating, s, at(200_000)))
      .thenThrows('rating_not_allowed', refusal);
    spec
      .given([requested, started, { ...endedPaid, data: { ...endedPaid.data, costUnits: 0 } } as DomainEvent])
      .when((s) => decideRate({ ...rating, purchasedUnits: 0 }, s, at(200_000)))
      .thenThrows('rating_not_allowed', refusal);
  });

  it('a session paid only with welcome (promotional) coins cannot be rated: no purchased auracoin were spent', () => {
    spec
      .given([requested, started, endedPaid])
      .when((s) => decideRate({ ...rating, purchasedUnits: 0 }, s, at(200_000)))
      .thenThrows('rating_not_allowed', errorMessages.rating_not_allowed);
    // one purchased unit spent in it is enough
    spec
      .given([requested, started, endedPaid])
      .when((s) => decideRate({ ...rating, purchasedUnits: 1 }, s, at(200_000)))
      .then([rated]);
  });
});

describe('the session as its events give it', () => {
  it('an expired request is over at its expiry: it can no longer be accepted nor declined', () => {
    const expired: DomainEvent = { type: 'SessionExpired', data: { sessionId, expiredAt: iso(60_000) } };
    expect(fold([requested, expired])).toMatchObject({ status: 'expired', endedAt: iso(60_000) });
    expect(fold([requested, started, expired])).toMatchObject({ status: 'active', endedAt: null });
    expect(() => decideAccept({ performerId }, fold([requested, expired]), at(30_000))).toThrow(
      'La richiesta non è più in attesa',
    );
  });

  it('a decline or a start comes only to a waiting request; a second request changes nothing', () => {
    const declined: DomainEvent = {
      type: 'SessionDeclined',
      data: { sessionId, performerId, reason: 'busy', declinedAt: iso(5_000) },
    };
    expect(fold([requested, started, declined])).toMatchObject({ status: 'active', endedAt: null });
    expect(fold([requested, declined, started])).toMatchObject({
      status: 'declined',
      startedAt: null,
      endedAt: iso(5_000),
    });
    expect(fold([requested, { ...requested, data: { ...terms, rateUnits: 1 } } as DomainEvent])).toMatchObject({
      terms: { rateUnits: 250 },
    });
  });

  it('an event that is no session’s changes an open session in nothing', () => {
    const state = fold([requested, started]);
    expect(
      session.evolve(state, {
        type: 'AuracoinCredited',
        data: { walletId: userId, amount: 1, reason: 'welcome', creditedAt: iso(0) },
      }),
    ).toEqual(state);
  });

  it('events of a session that was never requested change nothing', () => {
    expect(fold([started, userLeft])).toEqual({ status: 'none' });
  });

  it('the end clears who was away and keeps what it cost', () => {
    const ended: DomainEvent = {
      type: 'SessionEnded',
      data: {
        sessionId,
        performerId,
        endedBy: 'system',
        reason: 'user_disconnected',
        endedAt: iso(70_000),
        minutesBilled: 2,
        costUnits: 500,
      },
    };
    expect(fold([requested, started, userLeft, ended])).toMatchObject({
      status: 'ended',
      endedAt: iso(70_000),
      away: {},
      graceFrom: {},
      costUnits: 500,
    });
  });

  it('a party back is no longer away, and its grace period no longer runs', () => {
    const back: DomainEvent = { type: 'SessionPartyReturned', data: { sessionId, party: 'user', at: iso(75_000) } };
    expect(fold([requested, started, userLeft, performerLeft, back])).toMatchObject({
      away: { performer: iso(80_000) },
      graceFrom: { performer: iso(80_000) },
    });
    expect(fold([requested, started, userLeft, performerLeft, back]).away).not.toHaveProperty('user');
  });
});

describe('who left first, and how a session closes for it', () => {
  const leftAt = (party: 'user' | 'performer', ms: number): DomainEvent => ({
    type: 'SessionPartyLeft',
    data: { sessionId, party, at: iso(ms), cause: 'disconnected' },
  });

  it('of the parties away, the one that left first; both at once is neither alone; nobody away is nobody', () => {
    expect(firstAway(fold([requested, started]))).toBeUndefined();
    expect(firstAway(fold([requested, started, leftAt('performer', 80_000)]))).toBe('performer');
    expect(firstAway(fold([requested, started, leftAt('user', 70_000)]))).toBe('user');
    expect(firstAway(fold([requested, started, leftAt('user', 70_000), leftAt('performer', 80_000)]))).toBe('user');
    expect(firstAway(fold([requested, started, leftAt('user', 90_000), leftAt('performer', 80_000)]))).toBe(
      'performer',
    );
    expect(firstAway(fold([requested, started, leftAt('user', 80_000), leftAt('performer', 80_000)]))).toBe('both');
  });

  it('an end asked exactly when a party dropped is that drop only for a grace period’s closing', () => {
    const state = fold([requested, started, leftAt('performer', 80_000)]);
    const userEnds = { endedBy: 'user' as const, reason: 'user_ended' as const, endedAt: at(80_000) };
    expect(closingOf(state, userEnds)).toEqual(userEnds);
    const userGrace = { endedBy: 'system' as const, reason: 'user_disconnected' as const, endedAt: at(80_000) };
    expect(closingOf(state, userGrace)).toEqual({
      endedBy: 'system',
      reason: 'performer_disconnected',
      endedAt: at(80_000),
    });
    const performerGrace = {
      endedBy: 'system' as const,
      reason: 'performer_disconnected' as const,
      endedAt: at(80_000),
    };
    expect(closingOf(fold([requested, started, leftAt('user', 80_000)]), performerGrace)).toEqual({
      endedBy: 'system',
      reason: 'user_disconnected',
      endedAt: at(80_000),
    });
    // an end asked before the drop is the end asked
    expect(closingOf(state, { ...userEnds, endedAt: at(79_999) })).toEqual({ ...userEnds, endedAt: at(79_999) });
  });

  it('a party back from a drop leaves nobody away, and a return of a party not away changes nothing', () => {
    const back: DomainEvent = { type: 'SessionPartyReturned', data: { sessionId, party: 'user', at: iso(75_000) } };
    expect(awaySince(fold([requested, started, leftAt('user', 70_000), back]))).toBeUndefined();
    expect(awaySince(fold([requested, started, leftAt('user', 70_000)]))).toBe(at(70_000).getTime());
    expect(
      decidePartyReturned({ party: 'performer' }, fold([requested, started, leftAt('user', 70_000)]), at(75_000)),
    ).toEqual([]);
    expect(decidePartyReturned({ party: 'user' }, fold([requested]), at(75_000))).toEqual([]);
  });

  it('a settlement without who ended it, or of a session not running, records no end', () => {
    const settled: EventDataOf<'SessionSettled'> = {
      sessionId,
      walletId: userId,
      performerId,
      endedBy: null,
      reason: 'settled',
      endedAt: iso(130_000),
      minutesBilled: 3,
      costUnits: 750,
      settledAt: iso(130_001),
    } as never;
    expect(decideRecordEnd(settled, fold([requested, started]))).toEqual([]);
    expect(decideRecordEnd({ ...settled, endedBy: 'user' }, fold([requested]))).toEqual([]);
  });

  it('a grace period of a party not away, or of a session not running, ends nothing', () => {
    expect(graceExpired(fold([requested, started]), 'user', iso(70_000), 30_000, at(200_000))).toBeUndefined();
    expect(
      graceExpired(fold([requested, leftAt('user', 70_000)]), 'user', iso(70_000), 30_000, at(200_000)),
    ).toBeUndefined();
  });
});

describe('each refusal says why, in Italian', () => {
  const spec = deciderSpec(session);
  const refusal = (performer: PerformerAvailability | null) => {
    try {
      assertAskable(performer);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };
  const ok: PerformerAvailability = { askable: true, online: true, blocked: false, busy: false, rateUnits: 250 };

  it('who may not be asked', () => {
    expect(refusal(null)).toBe(errorMessages.not_found);
    expect(refusal({ ...ok, blocked: true })).toBe(errorMessages.blocked);
    expect(refusal({ ...ok, online: false })).toBe(errorMessages.performer_offline);
    expect(refusal({ ...ok, busy: true })).toBe(errorMessages.performer_busy);
    expect(refusal(ok)).toBeUndefined();
  });

  it('a request twice, a request not found or no longer waiting', () => {
    const { requestedAt: _r, expiresAt: _e, ...command } = terms;
    spec
      .given([requested])
      .when((s) => decideRequest({ ...command, timeoutMs: 60_000 }, s, t0))
      .thenThrows('conflict');
    spec
      .given([])
      .when((s) => decideAccept({ performerId }, s, at(1)))
      .thenThrows('not_found');
    spec
      .given([requested, started])
      .when((s) => decideDecline({ performerId, reason: 'declined' }, s, at(1)))
      .thenThrows('session_request_answered');
    spec
      .given([requested, started])
      .when((s) => decideCancel(s, at(1)))
      .thenThrows('session_request_answered');
  });
});

describe('who may be asked', () => {
  const available: PerformerAvailability = { askable: true, online: true, blocked: false, busy: false, rateUnits: 250 };
  const refusal = (performer: PerformerAvailability | null) => {
    try {
      assertAskable(performer);
      return 'ok';
    } catch (error) {
      return (error as { code: string }).code;
    }
  };
  it('refuses unknown, unapproved or geoblocked (not found), blocked, offline and busy performers', () => {
    expect(refusal(available)).toBe('ok');
    expect(refusal(null)).toBe('not_found');
    expect(refusal({ ...available, askable: false })).toBe('not_found');
    expect(refusal({ ...available, blocked: true })).toBe('blocked');
    expect(refusal({ ...available, online: false })).toBe('performer_offline');
    expect(refusal({ ...available, busy: true })).toBe('performer_busy');
  });
});

describe('a session running', () => {
  it('given it was accepted and is not settled, then its media connect', () => {
    expect(() => assertRunning(fold([requested, started]))).not.toThrow();
    expect(() => assertRunning(fold([requested, started]), false)).not.toThrow();
  });

  it('given a request, an unknown session, or money the ledger settled, then it is refused as not running', () => {
    for (const [state, settled] of [
      [fold([requested]), false],
      [session.initialState(), false],
      [fold([requested, started]), true],
    ] as const)
      expect(() => assertRunning(state, settled)).toThrow(expect.objectContaining({ code: 'session_not_active' }));
  });
});

describe('sessions policy', () => {
  const asked = fold([requested]);

  it('only a user asks for a session or rates one', () => {
    expectOnlyKind(mayRequest, 'user', userId);
    expectOnlyKind(mayRate, 'user', userId);
  });

  it('its two parties see it; anyone else is refused, and an unknown one is not found', () => {
    expect(partyIn(asked, principal('user', userId))).toBe('user');
    expect(partyIn(asked, principal('performer', performerId))).toBe('performer');
    for (const stranger of [principal('performer', otherPerformer), principal('admin', userId)])
      expect(() => partyIn(asked, stranger)).toThrow(expect.objectContaining({ status: 403, code: 'forbidden' }));
    expect(() => partyIn(session.initialState(), principal('user', userId))).toThrow(
      expect.objectContaining({ status: 404, code: 'not_found' }),
    );
  });

  it('its page is joined by a party while it runs, and by the user while his request waits', () => {
    const active = fold([requested, started]);
    const user = principal('user', userId);
    const her = principal('performer', performerId);
    expect(joinAs(active, user)).toEqual({ party: 'user', state: active });
    expect(joinAs(active, her)).toEqual({ party: 'performer', state: active });
    expect(joinAs(asked, user)).toEqual({ party: 'user', state: asked });
    expect(joinAs(asked, her)).toEqual({ error: 'not_running' });
    expect(
      joinAs(fold([requested, { type: 'SessionExpired', data: { sessionId, expiredAt: iso(60_000) } }]), user),
    ).toEqual({
      error: 'not_running',
    });
    expect(joinAs(active, principal('performer', otherPerformer))).toEqual({ error: 'forbidden' });
    expect(joinAs(session.initialState(), user)).toEqual({ error: 'forbidden' });
  });

  it('only the performer accepts or declines', () => {
    expect(() => mayAccept('performer')).not.toThrow();
    expect(() => mayDecline('performer')).not.toThrow();
    expect(() => mayAccept('user')).toThrow(expect.objectContaining({ status: 403, code: 'forbidden' }));
    expect(() => mayDecline('user')).toThrow(expect.objectContaining({ status: 403, code: 'forbidden' }));
  });
});
