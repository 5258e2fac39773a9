import type { EventStore } from '../../platform/eventstore/port';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import type { RecordedEvent } from '../../platform/recorded-event';
import { countTip, pauseForPrivate, resumeAfterPrivate } from '../../commands/shows';

/** Every tip counts towards the show's goals, exactly once (the route counts it first; this one catches a stop in between). */
export function tipGoalsReaction(eventStore: EventStore, now: () => Date): ProjectionDefinition {
  return {
    name: 'reaction:show-tip-goals',
    collections: [],
    eventTypes: ['ShowTipped'],
    async apply(event: RecordedEvent) {
      if (event.type === 'ShowTipped')
        await countTip(
          eventStore,
          { showId: event.data.showId, tipId: event.data.tipId, amountUnits: event.data.amountUnits },
          now,
        );
    },
  };
}

/** A private session pauses her live show ('In privato'); its end resumes it. */
export function showPrivateReaction(eventStore: EventStore, now: () => Date): ProjectionDefinition {
  return {
    name: 'reaction:show-private',
    collections: [],
    eventTypes: ['SessionStarted', 'SessionEnded'],
    async apply(event: RecordedEvent) {
      if (event.type === 'SessionStarted')
        await pauseForPrivate(eventStore, event.data.performerId, event.data.sessionId, now);
      if (event.type === 'SessionEnded') await resumeAfterPrivate(eventStore, event.data.performerId, now);
    },
  };
}
