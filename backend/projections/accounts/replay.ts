import type { StoredEvent } from '../../platform/eventstore/port';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import { recordedEvents } from '../../platform/recorded-event';
import { USERS, usersProjection, type UserDoc } from './projection';

/** The users read model as a replay of the log builds it (in memory, nothing stored): what the auditor compares with. */
export async function replayUsers(events: readonly StoredEvent[]): Promise<UserDoc[]> {
  const memory = createMingoReadModelStore();
  const types = new Set(usersProjection.eventTypes);
  for (const event of recordedEvents(events)) if (types.has(event.type)) await usersProjection.apply(event, memory);
  return memory.collection<UserDoc>(USERS).find({});
}
