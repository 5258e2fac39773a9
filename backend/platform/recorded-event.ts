import { isKnownEventType, type DomainEvent } from '@aura/contracts';
import type { StoredEvent } from './eventstore/port';

/** A stored event of a known type: switching on `type` narrows `data` to that event's schema. */
export type RecordedEvent = StoredEvent & DomainEvent;

/** The one place stored events become typed: events of unknown types (newer code's) are left out. */
export function recorded(event: StoredEvent): RecordedEvent | undefined {
  return isKnownEventType(event.type) ? (event as RecordedEvent) : undefined;
}

export function recordedEvents(events: readonly StoredEvent[]): RecordedEvent[] {
  return events.flatMap((event) => recorded(event) ?? []);
}
