import { earningsCreditReaction } from '../../ledger';
import type { EventStore } from '../../platform/eventstore/port';

/**
 * Every billed minute (and the rest of a minimum) credits her 55%, exactly once, rounded once over
 * the session's running total. A restart replays the minutes billed since the last checkpoint:
 * their credits are refused by their fixed ids.
 */
export const sessionEarningsReaction = (eventStore: EventStore) => earningsCreditReaction('reaction:session-earnings', ['SessionMinuteBilled', 'SessionMinimumCharged'], eventStore);
