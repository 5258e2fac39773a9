import type { AliasView, DomainEvent } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';
import { dataField } from '../../platform/recorded-event';

export const ALIASES = 'aliases';

export type AliasDoc = {
  _id: string;
  userId: string;
  aliasName: string;
  createdAt: string;
  deleted: boolean;
};

export function evolveAlias(doc: AliasDoc | null, event: DomainEvent): AliasDoc | null {
  switch (event.type) {
    case 'AliasPurchased':
      return {
        _id: event.data.aliasId,
        userId: event.data.userId,
        aliasName: event.data.aliasName,
        createdAt: event.data.purchasedAt,
        deleted: doc?.deleted ?? false,
      };
    case 'AliasDeleted':
      return {
        ...(doc ?? {
          _id: event.data.aliasId,
          userId: event.data.userId,
          aliasName: '',
          createdAt: event.data.deletedAt,
        }),
        deleted: true,
      };
    default:
      return doc;
  }
}

export const aliasesProjection = docProjection<AliasDoc>({
  name: ALIASES,
  collection: ALIASES,
  eventTypes: ['AliasPurchased', 'AliasDeleted'],
  documentId: (event) => dataField(event, 'aliasId'),
  evolve: evolveAlias,
  indexes: [{ keys: { userId: 1, createdAt: 1 }, options: { name: 'by_user' } }],
});

export const toAliasView = (doc: AliasDoc): AliasView => ({
  id: doc._id,
  aliasName: doc.aliasName,
  createdAt: doc.createdAt,
  isActive: !doc.deleted,
});
