import { earningsCreditReaction } from '../../ledger';
import type { EventStore } from '../../platform/eventstore/port';

/** Every PhotoPurchased credits the performer's 55% share, exactly once. */
export const photoEarningsReaction = (eventStore: EventStore) =>
  earningsCreditReaction('reaction:photo-earnings', ['PhotoPurchased'], eventStore);
