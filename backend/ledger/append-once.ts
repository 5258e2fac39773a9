import type { AppendResult, EventStore, EventToAppend } from '../platform/eventstore/port';

/**
 * Appends events whose ids the money they carry fixes (a sale's credit, a welcome bonus, a card
 * purchase's credit), so that asking twice stores them once. They depend on nothing in the stream
 * (a credit can never overdraw), so they go in whatever its revision.
 */
export async function appendOnce(eventStore: EventStore, streamId: string, events: EventToAppend[]): Promise<AppendResult> {
  return eventStore.appendToStream(streamId, events, { expectedRevision: 'any' });
}
