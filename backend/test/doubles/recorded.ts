import type { DomainEvent } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import type { RecordedEvent } from '../../platform/recorded-event';

/** A domain event as the store would hand it to projections and pushes (for specs). */
export function recordedAs(
  event: DomainEvent,
  stored: Partial<Omit<StoredEvent, 'type' | 'data'>> = {},
): RecordedEvent {
  return {
    id: 'e1',
    streamId: 's',
    revision: 0,
    position: 1,
    metadata: {},
    createdAt: new Date(0),
    ...stored,
    ...event,
  } as RecordedEvent;
}
