import type { EventDataOf } from '@aura/contracts';
import { spyMediaRole } from './policy';
import type { Session } from './session';

const SESSION = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const LUNA = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const BOB = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const ALICE = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const CARLO = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const SPY = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';

const terms = (spyPriceUnits?: number): EventDataOf<'SessionRequested'> => ({
  sessionId: SESSION,
  userId: BOB,
  aliasId: null,
  identityId: BOB,
  displayName: 'bob',
  performerId: LUNA,
  rateUnits: 400,
  minimumMinutes: 5,
  holdUnits: 2_000,
  billingMinuteMs: 60_000,
  ...(spyPriceUnits ? { spyPriceUnits } : {}),
  requestedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-20T10:01:00.000Z',
});
const privateIn = (status: 'requested' | 'active' | 'ended', spyPriceUnits?: number): Session => ({
  status,
  terms: terms(spyPriceUnits),
  startedAt: status === 'requested' ? null : '2026-11-20T10:00:10.000Z',
  endedAt: status === 'ended' ? '2026-11-20T10:05:00.000Z' : null,
  away: {},
  graceFrom: {},
});
const luna = { kind: 'performer', sub: LUNA };
const bob = { kind: 'user', sub: BOB };
const alice = { kind: 'user', sub: ALICE };
/** Alice watches (her watch runs); Carlo does not */
const watching = { [ALICE]: SPY };

describe("a private's spy room at the SFU", () => {
  it('given a running private that allows spies, when she asks, then she publishes her camera', () => {
    expect(spyMediaRole(privateIn('active', 200), watching, luna)).toBe('publisher');
  });

  it('given a spy whose watch runs, when he asks, then he subscribes', () => {
    expect(spyMediaRole(privateIn('active', 200), watching, alice)).toBe('viewer');
  });

  it("given the private's own user, when he asks, then he is refused: his media stays peer-to-peer", () => {
    expect(spyMediaRole(privateIn('active', 200), { ...watching, [BOB]: SPY }, bob)).toEqual({ refused: 'forbidden' });
  });

  it('given a user without a running watch, a visitor or another performer, when they ask, then they are refused', () => {
    const running = privateIn('active', 200);
    expect(spyMediaRole(running, watching, { kind: 'user', sub: CARLO })).toEqual({ refused: 'forbidden' });
    expect(spyMediaRole(running, watching, undefined)).toEqual({ refused: 'forbidden' });
    expect(spyMediaRole(running, watching, { kind: 'performer', sub: CARLO })).toEqual({ refused: 'forbidden' });
    expect(spyMediaRole(running, watching, { kind: 'admin', sub: ALICE })).toEqual({ refused: 'forbidden' });
  });

  it('given a private that allows no spies, when anyone asks, then there is no room (her media stays peer-to-peer)', () => {
    expect(spyMediaRole(privateIn('active'), watching, luna)).toEqual({ refused: 'forbidden' });
    expect(spyMediaRole(privateIn('active'), watching, alice)).toEqual({ refused: 'forbidden' });
    expect(spyMediaRole({ status: 'none' }, watching, luna)).toEqual({ refused: 'forbidden' });
  });

  it('given a private not running yet or over, when she or a spy asks, then the room is not live', () => {
    for (const status of ['requested', 'ended'] as const) {
      expect(spyMediaRole(privateIn(status, 200), watching, luna)).toEqual({ refused: 'not_live' });
      expect(spyMediaRole(privateIn(status, 200), watching, alice)).toEqual({ refused: 'not_live' });
    }
  });
});
