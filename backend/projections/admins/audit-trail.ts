import { eventSchemas, type AdminActionView, type AuditTrailPage } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import { docProjection } from '../../kernel/projections/doc-projection';
import type { ReadModelStore } from '../../platform/readmodels/port';

export const ADMIN_ACTIONS = 'admin-actions';

type AdminActionDoc = { _id: string; position: number; at: string; adminId: string; action: string; stream: string };

/** The acting admin of an event, when an admin's command appended it (docs/architecture.md#admin-audit-trail). */
const adminOf = (event: StoredEvent) =>
  event.metadata.actorKind === 'admin' && typeof event.metadata.actorId === 'string'
    ? event.metadata.actorId
    : undefined;

/**
 * Every event an admin's command appended, one document each: the command metadata names the
 * acting admin (`commandMetadata(ctx, caller)`), the log the time. Of every type: what an admin
 * may do grows with the product, and an action left out of a list would be an action unrecorded.
 */
export const adminActionsProjection = docProjection<AdminActionDoc, StoredEvent>({
  name: ADMIN_ACTIONS,
  collection: ADMIN_ACTIONS,
  eventTypes: Object.keys(eventSchemas),
  documentId: (event) => (adminOf(event) ? event.id : undefined),
  evolve: (_doc, event) => ({
    _id: event.id,
    position: event.position,
    at: event.createdAt.toISOString(),
    adminId: adminOf(event)!,
    action: event.type,
    stream: event.streamId,
  }),
  indexes: [{ keys: { position: -1 }, options: { name: 'by_position' } }],
});

export function createAuditTrailQueries(readModels: ReadModelStore) {
  const actions = readModels.collection<AdminActionDoc & { _pos: number }>(ADMIN_ACTIONS);
  return {
    /** newest first, `limit` at a time */
    async page(query: {
      limit: number;
      before?: number | undefined;
      adminId?: string | undefined;
    }): Promise<AuditTrailPage> {
      const filter = {
        ...(query.before !== undefined ? { position: { $lt: query.before } } : {}),
        ...(query.adminId ? { adminId: query.adminId } : {}),
      };
      const docs = await actions.find(filter, { sort: { position: -1 }, limit: query.limit + 1 });
      const shown = docs.slice(0, query.limit).map(({ position, at, adminId, action, stream }): AdminActionView => ({
        position,
        at,
        adminId,
        action,
        stream,
      }));
      return { actions: shown, nextBefore: docs.length > query.limit ? shown.at(-1)!.position : null };
    },
  };
}
