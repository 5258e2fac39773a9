import type { DomainEvent } from '@aura/contracts';
import { newId } from '../platform/ids';
import type { EventStore, StoredEvent } from '../platform/eventstore/port';
import { retryOnConflict } from '../platform/eventstore/retry-on-conflict';

export interface Aggregate<State> {
  initialState: () => State;
  evolve: (state: State, event: DomainEvent) => State;
}

export interface CommandResult<State> {
  events: DomainEvent[];
  state: State;
  /** revision of the stream after the append (-1 when the stream is still empty) */
  revision: number;
  /** global position of the last event appended, or undefined when nothing was appended */
  position: number | undefined;
}

export interface HandleOptions {
  metadata?: Record<string, unknown>;
  /** ids for the appended events (default random); deterministic ids make a repeated command idempotent */
  eventId?: (event: DomainEvent, index: number) => string;
}

/** Folds a stream's stored events into the aggregate's state. */
export function foldStream<State>(aggregate: Aggregate<State>, stored: StoredEvent[]): State {
  return stored.reduce(
    (state, event) => aggregate.evolve(state, { type: event.type, data: event.data } as DomainEvent),
    aggregate.initialState(),
  );
}

/**
 * Load, decide, append with the expected revision: the write side of every command.
 * `decide` is pure; it throws a domain error to refuse the command.
 */
export async function handleCommand<State>(
  store: EventStore,
  streamId: string,
  aggregate: Aggregate<State>,
  decide: (state: State) => DomainEvent[],
  options: HandleOptions = {},
): Promise<CommandResult<State>> {
  return retryOnConflict(async () => {
    const stored = await store.readStream(streamId);
    const state = foldStream(aggregate, stored);
    const revision = stored.length - 1;
    const events = decide(state);
    if (events.length === 0) return { events, state, revision, position: undefined };
    const result = await store.appendToStream(
      streamId,
      events.map((event, index) => ({
        id: options.eventId?.(event, index) ?? newId(),
        type: event.type,
        data: event.data,
        metadata: options.metadata,
      })),
      { expectedRevision: revision < 0 ? 'no_stream' : revision },
    );
    return {
      events,
      state: events.reduce(aggregate.evolve, state),
      revision: result.nextExpectedRevision,
      position: result.position,
    };
  });
}

export type CommandHandler<State> = (
  store: EventStore,
  streamId: string,
  decide: (state: State) => DomainEvent[],
  options?: HandleOptions,
) => Promise<CommandResult<State>>;

/**
 * A command handler bound once to its aggregate (as Emmett's `CommandHandler`): every command of
 * the aggregate goes through it, with the one retry policy.
 *
 *     export const handlePackage = commandHandler(auracoinPackage);
 *     await handlePackage(eventStore, streams.package(id), (state) => decideDeletePackage(command, state, now()), { metadata });
 */
export function commandHandler<State>(aggregate: Aggregate<State>): CommandHandler<State> {
  return (store, streamId, decide, options) => handleCommand(store, streamId, aggregate, decide, options);
}
