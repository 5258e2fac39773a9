import { earningsCreditReaction } from '../../ledger';
import type { EventStore } from '../../platform/eventstore/port';

/** Every paid message credits the performer's 55% of its price, exactly once. */
export const messageEarningsReaction = (eventStore: EventStore) =>
  earningsCreditReaction('reaction:message-earnings', ['MessageSent'], eventStore);
