import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../platform/testing/decider-spec';
import { booth, decideFreeBooth, decideTakeBooth } from './booth';

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
    spec.given([]).when((s) => decideTakeBooth({ performerId, sessionId: first, known: { sessionId: null, active: false } }, s, now)).then([taken(first)]);
    spec.given([taken(first)]).when((s) => decideTakeBooth({ performerId, sessionId: first, known: { sessionId: first, active: true } }, s, now)).then([]);
  });
  it('refuses a second session while the first runs', () => {
    spec.given([taken(first)]).when((s) => decideTakeBooth({ performerId, sessionId: second, known: { sessionId: first, active: true } }, s, now)).thenThrows('performer_busy');
  });
  it('counts a booth held by a session that is over as free', () => {
    spec.given([taken(first)]).when((s) => decideTakeBooth({ performerId, sessionId: second, known: { sessionId: first, active: false } }, s, now)).then([freed(first), taken(second)]);
  });
  it('counts an occupant that arrived after it was read as busy', () => {
    spec.given([taken(second)]).when((s) => decideTakeBooth({ performerId, sessionId: first, known: { sessionId: null, active: false } }, s, now)).thenThrows('performer_busy');
  });
  it('is freed by its own session only', () => {
    spec.given([taken(first)]).when((s) => decideFreeBooth({ performerId, sessionId: second }, s, now)).then([]);
    spec.given([taken(first)]).when((s) => decideFreeBooth({ performerId, sessionId: first }, s, now)).then([freed(first)]);
    spec.given([taken(first), freed(first)]).when((s) => decideTakeBooth({ performerId, sessionId: second, known: { sessionId: first, active: false } }, s, now)).then([taken(second)]);
  });
});
