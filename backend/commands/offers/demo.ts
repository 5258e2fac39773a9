import { streams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import { decideCreateOffer, handleOffer } from './offer';

/** One limited offer, as an admin would define it: +20% auracoin for a week from the first start. */
export async function seedDemoOffer(eventStore: EventStore, now: () => Date) {
  const offerId = deterministicId('demo-offer');
  await handleOffer(
    eventStore,
    streams.offer(offerId),
    (state) =>
      state.status === 'none'
        ? decideCreateOffer(
            { offerId, bonusPercent: 20, durationMinutes: 7 * 24 * 60, createdBy: 'seed' },
            state,
            now(),
          )
        : [],
    { metadata: { source: 'seed' } },
  );
}
