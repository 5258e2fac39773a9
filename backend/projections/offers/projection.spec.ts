import type { DomainEvent } from '@aura/contracts';
import { evolveOffer, isRunning, type OfferDoc } from './projection';

const offerId = '2d9e6f3a-0b9c-4a85-9c73-7c6e3d4f5a61';
const created: DomainEvent = {
  type: 'OfferCreated',
  data: {
    offerId,
    bonusPercent: 20,
    startsAt: '2026-11-20T10:00:00.000Z',
    endsAt: '2026-11-20T12:00:00.000Z',
    createdBy: 'a',
    createdAt: '2026-11-20T10:00:00.000Z',
  },
};
const ended: DomainEvent = { type: 'OfferEnded', data: { offerId, endedBy: 'a', endedAt: '2026-11-20T11:00:00.000Z' } };
const replay = (events: DomainEvent[]) => events.reduce<OfferDoc | null>(evolveOffer, null);

describe('offers read model', () => {
  it('runs between its start and its end', () => {
    const doc = replay([created])!;
    expect(isRunning(doc, new Date('2026-11-20T09:59:59.000Z'))).toBe(false);
    expect(isRunning(doc, new Date('2026-11-20T10:30:00.000Z'))).toBe(true);
    expect(isRunning(doc, new Date('2026-11-20T12:00:00.000Z'))).toBe(false);
  });

  it('stops running when ended early', () => {
    const doc = replay([created, ended])!;
    expect(doc.endedAt).toBe('2026-11-20T11:00:00.000Z');
    expect(isRunning(doc, new Date('2026-11-20T11:30:00.000Z'))).toBe(false);
  });
});
