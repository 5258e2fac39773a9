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

/** The string field `key` of an event's data, when it has one: what most read models key their documents by. */
export function dataField(event: RecordedEvent, key: string): string | undefined {
  const value = (event.data as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}
