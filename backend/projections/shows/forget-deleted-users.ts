import { DELETED_USER_DISPLAY_NAME } from '@aura/contracts';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import type { Filter, ReadModelStore } from '../../platform/readmodels/port';
import type { RecordedEvent } from '../../platform/recorded-event';

type UserDeleted = Extract<RecordedEvent, { type: 'UserDeleted' }>;

/**
 * A show read model that also forgets a deleted user (GDPR Art. 17): the name he wrote or tipped
 * with in her rooms becomes 'Utente eliminato' in every document `filtersOf` finds. In the same
 * projection as the documents, so the deletion is applied after every line and tip of his before it.
 * Each document is written once per deletion (`_pos` guards it), so a replay changes nothing.
 */
export function forgettingDeletedUsers(
  definition: ProjectionDefinition,
  collection: string,
  filtersOf: (userId: string) => Filter[],
): ProjectionDefinition {
  async function forget(event: UserDeleted, store: ReadModelStore) {
    const documents = store.collection(collection);
    for (const filter of filtersOf(event.data.userId))
      await documents.updateMany(
        { ...filter, _pos: { $lt: event.position } },
        { $set: { displayName: DELETED_USER_DISPLAY_NAME, _pos: event.position } },
      );
  }
  return {
    ...definition,
    eventTypes: [...definition.eventTypes, 'UserDeleted'],
    async apply(event, store) {
      if (event.type === 'UserDeleted') return forget(event, store);
      return definition.apply(event, store);
    },
    /** runs of the module's own events go in one batch; a deletion is applied alone, in its place */
    async applyBatch(events, store) {
      let run: RecordedEvent[] = [];
      const flush = async () => {
        if (run.length === 0) return;
        if (definition.applyBatch) await definition.applyBatch(run, store);
        else for (const event of run) await definition.apply(event, store);
        run = [];
      };
      for (const event of events) {
        if (event.type !== 'UserDeleted') {
          run.push(event);
          continue;
        }
        await flush();
        await forget(event, store);
      }
      await flush();
    },
  };
}
