import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { booth, decideFreeBooth, decideReleaseBooth, decideTakeBooth } from './booth';

const now = new Date('2026-11-20T10:00:00.000Z');
const at = now.toISOString();
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const first = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const second = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const taken = (sessionId: string): DomainEvent => ({ type: 'SessionBoothTaken', data: { performerId, sessionId, at } });
const freed = (sessionId: string): DomainEvent => ({ type: 'SessionBoothFreed', data: { performerId, sessionId, at } });

describe('performer booth', () => {
  const spec = deciderSpec(booth);
  it('is taken by the accepted session, once', () => {
    spec
      .given([])
      .when((s) => decideTakeBooth({ performerId, sessionId: first, known: { sessionId: null, status: null } }, s, now))
      .then([taken(first)]);
    spec
      .given([taken(first)])
      .when((s) =>
        decideTakeBooth({ performerId, sessionId: first, known: { sessionId: first, status: 'active' } }, s, now),
      )
      .then([]);
  });
  it('refuses a second session while the first runs', () => {
    spec
      .given([taken(first)])
      .when((s) =>
        decideTakeBooth({ performerId, sessionId: second, known: { sessionId: first, status: 'active' } }, s, now),
      )
      .thenThrows('performer_busy');
  });
  it('refuses a second session while the first is being accepted (taken, not started yet)', () => {
    spec
      .given([taken(first)])
      .when((s) =>
        decideTakeBooth({ performerId, sessionId: second, known: { sessionId: first, status: 'requested' } }, s, now),
      )
      .thenThrows('performer_busy');
  });
  it('counts a booth held by a session that is over as free', () => {
    spec
      .given([taken(first)])
      .when((s) =>
        decideTakeBooth({ performerId, sessionId: second, known: { sessionId: first, status: 'declined' } }, s, now),
      )
      .then([freed(first), taken(second)]);
    spec
      .given([taken(first)])
      .when((s) =>
        decideTakeBooth({ performerId, sessionId: second, known: { sessionId: first, status: 'expired' } }, s, now),
      )
      .then([freed(first), taken(second)]);
    spec
      .given([taken(first)])
      .when((s) =>
        decideTakeBooth({ performerId, sessionId: second, known: { sessionId: first, status: 'ended' } }, s, now),
      )
      .then([freed(first), taken(second)]);
  });
  it('counts an occupant that arrived after it was read as busy', () => {
    spec
      .given([taken(second)])
      .when((s) => decideTakeBooth({ performerId, sessionId: first, known: { sessionId: null, status: null } }, s, now))
      .thenThrows('performer_busy');
  });
  it('is freed by its own session only', () => {
    spec
      .given([taken(first)])
      .when((s) => decideFreeBooth({ performerId, sessionId: second }, s, now))
      .then([]);
    spec
      .given([taken(first)])
      .when((s) => decideFreeBooth({ performerId, sessionId: first }, s, now))
      .then([freed(first)]);
    spec
      .given([taken(first), freed(first)])
      .when((s) =>
        decideTakeBooth({ performerId, sessionId: second, known: { sessionId: first, status: 'ended' } }, s, now),
      )
      .then([taken(second)]);
  });
  it('is given back after a failed accept only by the call that took it, once its session can no longer start', () => {
    // a concurrent accept of the same request found it taken: it took nothing, it gives nothing back
    spec
      .given([taken(first)])
      .when((s) => decideReleaseBooth({ performerId, sessionId: first, took: false, status: 'declined' }, s, now))
      .then([]);
    // another accept started the session, or it is still asked: the booth stays with it
    spec
      .given([taken(first)])
      .when((s) => decideReleaseBooth({ performerId, sessionId: first, took: true, status: 'active' }, s, now))
      .then([]);
    spec
      .given([taken(first)])
      .when((s) => decideReleaseBooth({ performerId, sessionId: first, took: true, status: 'requested' }, s, now))
      .then([]);
    spec
      .given([taken(first)])
      .when((s) => decideReleaseBooth({ performerId, sessionId: first, took: true, status: 'declined' }, s, now))
      .then([freed(first)]);
    // never another session's booth
    spec
      .given([taken(second)])
      .when((s) => decideReleaseBooth({ performerId, sessionId: first, took: true, status: 'expired' }, s, now))
      .then([]);
  });
});
