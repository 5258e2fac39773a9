import { describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { readModelNames } from '@aura/contracts';
import { keysToRefetch, queryKeys, type AppQueryKey } from './query-keys';

const performerId = 'p-1';
const other = 'p-2';

function seeded() {
  const client = new QueryClient();
  const keys: Record<string, AppQueryKey> = {
    detail: queryKeys.performers.detail(performerId),
    otherDetail: queryKeys.performers.detail(other),
    adminList: queryKeys.performers.list,
    pending: queryKeys.performersPending.list,
    earnings: queryKeys.earnings.ofPerformer(performerId),
    packages: queryKeys.packages.list,
  };
  for (const key of Object.values(keys)) client.setQueryData(key, { seeded: true });
  return { client, keys };
}

async function staleAfter(model: Parameters<typeof keysToRefetch>[0], id?: string) {
  const { client, keys } = seeded();
  for (const queryKey of keysToRefetch(model, id)) await client.invalidateQueries({ queryKey });
  return Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('query keys and readmodel:changed', () => {
  it('starts every key with a read model the server may name', () => {
    const roots = Object.values(queryKeys).flatMap((group) =>
      Object.values(group).map((key) => (typeof key === 'function' ? key('x' as never)[0] : key[0])),
    );
    for (const root of roots) expect(readModelNames).toContain(root);
  });

  it('refetches one document and the lists of its model, not the other documents', async () => {
    expect(await staleAfter('performers', performerId)).toEqual(['adminList', 'detail']);
  });

  it('refetches every query of a model when no id is named', async () => {
    expect(await staleAfter('performers')).toEqual(['adminList', 'detail', 'otherDetail']);
  });

  it("reaches a performer's earnings and the pending list through their own models", async () => {
    expect(await staleAfter('earnings', performerId)).toEqual(['earnings']);
    expect(await staleAfter('performers-pending', performerId)).toEqual(['pending']);
  });
});
