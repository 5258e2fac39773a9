import type { PackageView } from '@aura/contracts';
import { JsonText } from '../../platform/http/routes';
import { checkpointMemo } from '../../kernel/projections/checkpoint-memo';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { PACKAGES, type PackageDoc } from './projection';

export function toPackageView(doc: PackageDoc): PackageView {
  return { id: doc._id, credits: doc.credits, bonus: doc.bonus, price: doc.priceCents / 100, popular: doc.popular };
}

/** Reads of the packages read model that other modules may use (injected, never imported by commands). */
export function createPackageQueries(readModels: ReadModelStore) {
  const packages = readModels.collection<PackageDoc>(PACKAGES);
  const lists = checkpointMemo<JsonText>(readModels, PACKAGES);
  return {
    async byId(id: string): Promise<PackageView | null> {
      const doc = await packages.findOne({ _id: id });
      return doc ? toPackageView(doc) : null;
    },
    /** smallest first, as the pricing section lists them */
    async list(): Promise<PackageView[]> {
      const docs = await packages.find({}, { sort: { credits: 1, priceCents: 1, _id: 1 } });
      return docs.map(toPackageView);
    },
    /** the list as JSON, checked against `check` and encoded once per change of the read model */
    async listJson(check: (list: PackageView[]) => unknown): Promise<JsonText> {
      return lists('list', async () => JsonText.of(check(await this.list())));
    },
  };
}

export type PackageQueries = ReturnType<typeof createPackageQueries>;
