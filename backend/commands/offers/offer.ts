import { firstBelowPriceFloor, worstCaseEurPerAuracoin, type DomainEvent, type PackageTerms } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/** A limited offer (stream `offer-<offerId>`): +bonusPercent auracoin on every package while it runs. */
export type Offer =
  { status: 'none' } | { status: 'running' | 'ended'; offerId: string; bonusPercent: number; endsAt: string };

export const offer: Aggregate<Offer> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'OfferCreated') {
      return {
        status: 'running',
        offerId: event.data.offerId,
        bonusPercent: event.data.bonusPercent,
        endsAt: event.data.endsAt,
      };
    }
    if (event.type === 'OfferEnded' && state.status !== 'none') return { ...state, status: 'ended' };
    return state;
  },
};

/** Every command of an offer goes through this handler. */
export const handleOffer = commandHandler(offer);

export interface CreateOffer {
  offerId: string;
  bonusPercent: number;
  durationMinutes: number;
  createdBy: string;
  /**
   * The price floor (issue 38 item 4): with this offer's bonus on top, no package on sale may sell
   * an auracoin under `floorEur` at the top tier's discount. A route always passes it; the demo
   * seed, which is code and no one's request, does not.
   */
  floor?: { floorEur: number; packages: readonly PackageTerms[] };
}

export function decideCreateOffer(command: CreateOffer, state: Offer, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict');
  if (!Number.isInteger(command.bonusPercent) || command.bonusPercent < 1 || command.bonusPercent > 100) {
    throw new DomainError('validation_failed');
  }
  if (!Number.isInteger(command.durationMinutes) || command.durationMinutes < 1) {
    throw new DomainError('validation_failed');
  }
  const { floor } = command;
  const under = floor ? firstBelowPriceFloor(floor.packages, command.bonusPercent, floor.floorEur) : null;
  if (floor && under) {
    const worst = worstCaseEurPerAuracoin(under, command.bonusPercent);
    throw new DomainError('price_below_floor', { worstEurPerAuracoin: worst, floorEur: floor.floorEur });
  }
  const endsAt = new Date(now.getTime() + command.durationMinutes * 60_000);
  return [
    {
      type: 'OfferCreated',
      data: {
        offerId: command.offerId,
        bonusPercent: command.bonusPercent,
        startsAt: now.toISOString(),
        endsAt: endsAt.toISOString(),
        createdBy: command.createdBy,
        createdAt: now.toISOString(),
      },
    },
  ];
}

export function decideEndOffer(command: { offerId: string; endedBy: string }, state: Offer, now: Date): DomainEvent[] {
  if (state.status === 'none') throw new DomainError('not_found');
  if (state.status === 'ended' || Date.parse(state.endsAt) <= now.getTime()) throw new DomainError('offer_ended');
  return [
    { type: 'OfferEnded', data: { offerId: command.offerId, endedBy: command.endedBy, endedAt: now.toISOString() } },
  ];
}
