import type { DomainEvent, EventDataOf } from '@aura/contracts';
import { emptyWallet } from '../../ledger';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { assertSessionMoneyOpen, decidePostSessionMessage, decideSessionTip } from './in-session';
import { session } from './session';

const t0 = new Date('2026-11-20T10:00:00.000Z');
const iso = (ms: number) => new Date(t0.getTime() + ms).toISOString();
const sessionId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const userId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const messageId = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const tipId = '7b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';

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
const ended: DomainEvent = {
  type: 'SessionEnded',
  data: {
    sessionId,
    performerId,
    endedBy: 'user',
    reason: 'user_ended',
    endedAt: iso(400_000),
    minutesBilled: 7,
    costUnits: 1750,
  },
};
const now = new Date(t0.getTime() + 120_000);

describe('inside a private session: lines and tips', () => {
  const spec = deciderSpec(session);
  const line = (party: 'user' | 'performer', text = 'Ciao!') =>
    decidePostSessionMessage.bind(null, { messageId, party, performerName: 'Luna', text });

  it('posts his line under the alias he chose for the session, never his account', () =>
    spec
      .given([requested, started])
      .when((state) => line('user')(state, now))
      .then([
        {
          type: 'SessionMessagePosted',
          data: {
            sessionId,
            messageId,
            party: 'user',
            displayName: 'Zorro',
            text: 'Ciao!',
            postedAt: now.toISOString(),
          },
        },
      ]));

  it('posts her line under her name', () =>
    spec
      .given([requested, started])
      .when((state) => line('performer', 'Benvenuto')(state, now))
      .then([
        {
          type: 'SessionMessagePosted',
          data: {
            sessionId,
            messageId,
            party: 'performer',
            displayName: 'Luna',
            text: 'Benvenuto',
            postedAt: now.toISOString(),
          },
        },
      ]));

  it('takes no line before she accepts, nor after it ended, nor for a session that does not exist', () => {
    spec
      .given([requested])
      .when((state) => line('user')(state, now))
      .thenThrows('session_not_active');
    spec
      .given([requested, started, ended])
      .when((state) => line('performer')(state, now))
      .thenThrows('session_not_active');
    spec
      .given([])
      .when((state) => line('user')(state, now))
      .thenThrows('not_found');
  });

  it('records his tip as the sale the ledger appends: his session identity, her id, the amount', () =>
    spec
      .given([requested, started])
      .when((state) => decideSessionTip({ tipId, party: 'user', amountUnits: 500 }, state, now))
      .then([
        {
          type: 'SessionTipped',
          data: {
            sessionId,
            tipId,
            walletId: userId,
            performerId,
            identityId: aliasId,
            displayName: 'Zorro',
            amountUnits: 500,
            tippedAt: now.toISOString(),
          },
        },
      ]));

  it('takes a tip from the user only, on the shows’ amounts, while the session runs', () => {
    const tip = (party: 'user' | 'performer', amountUnits = 500) =>
      decideSessionTip.bind(null, { tipId, party, amountUnits });
    spec
      .given([requested, started])
      .when((state) => tip('performer')(state, now))
      .thenThrows('session_tip_user_only');
    spec
      .given([requested, started])
      .when((state) => tip('user', 50)(state, now))
      .thenThrows('validation_failed');
    spec
      .given([requested, started])
      .when((state) => tip('user', 100_050)(state, now))
      .thenThrows('validation_failed');
    spec
      .given([requested, started])
      .when((state) => tip('user', 125)(state, now))
      .thenThrows('validation_failed');
    spec
      .given([requested])
      .when((state) => tip('user')(state, now))
      .thenThrows('session_not_active');
    spec
      .given([requested, started, ended])
      .when((state) => tip('user')(state, now))
      .thenThrows('session_not_active');
    spec
      .given([])
      .when((state) => tip('user')(state, now))
      .thenThrows('not_found');
  });

  it("lands on the wallet only while the session's hold is open (its money not settled)", () => {
    const held = {
      ...emptyWallet(),
      balance: 5000,
      held: 1250,
      holds: { [sessionId]: { amount: 1250, reason: 'session', purchased: 1250, promotional: 0 } },
    };
    expect(() => assertSessionMoneyOpen(held, sessionId)).not.toThrow();
    expect(() => assertSessionMoneyOpen(emptyWallet(), sessionId)).toThrow(
      expect.objectContaining({ code: 'session_not_active' }),
    );
  });
});
