import type { DomainEvent, GalleryQuery } from '@aura/contracts';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import type { Collection, Doc, ReadModelStore } from '../../platform/readmodels/port';
import { evolvePerformer, PERFORMERS, type PerformerDoc } from './projection';
import { createPerformerQueries } from './queries';

const performerId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const adminId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const t0 = '2026-11-20T10:00:00.000Z';
const history: DomainEvent[] = [
  {
    type: 'PerformerRegistered',
    data: {
      performerId,
      username: 'Anna.B',
      email: 'anna@example.com',
      passwordHash: 'h',
      name: 'Anna',
      dateOfBirth: '2000-05-01',
      bio: null,
      rateUnits: 250,
      languages: ['Italiano'],
      category: 'Premium',
      hairColor: 'Rossa',
      eyeColor: 'Verdi',
      bodyType: 'Snella',
      ethnicity: 'Caucasica',
      height: 170,
      specialFeatures: [],
      image: '/x.png',
      rating: 0,
      signedContractAt: t0,
      digitalSignature: 'data:image/png;base64,AAAA',
      registeredAt: t0,
    },
  },
  { type: 'PerformerVerified', data: { performerId, adminId, verifiedAt: t0 } },
  { type: 'PerformerWentOnline', data: { performerId, by: 'performer', at: t0 } },
];
const online = history.reduce<PerformerDoc | null>(evolvePerformer, null)!;
const offline = evolvePerformer(online, {
  type: 'PerformerWentOffline',
  data: { performerId, by: 'performer', at: '2026-11-20T11:00:00.000Z' },
})!;
const live = { viewersOf: () => 0, viewersVersion: () => 0, now: () => new Date('2026-11-20T12:00:00.000Z') };
const query: GalleryQuery = { tab: 'all', limit: 50 } as GalleryQuery;

/** The projection's write: her document, then its checkpoint (as a pass of the projector does). */
async function project(store: ReadModelStore, doc: PerformerDoc, position: number) {
  await store.collection<PerformerDoc>(PERFORMERS).replaceOne({ _id: doc._id }, doc, { upsert: true });
  await store
    .collection<{ _id: string; position: number }>('_checkpoints')
    .replaceOne({ _id: PERFORMERS }, { _id: PERFORMERS, position }, { upsert: true });
}

const cardOnline = async (queries: ReturnType<typeof createPerformerQueries>) =>
  (await queries.gallery(query, undefined)).performers[0]?.isOnline;

/** A store as PostgreSQL's is to the gallery: no free reads of the checkpoint; `watch` as given. */
function withoutSharedReads(store: ReadModelStore, watch: boolean): ReadModelStore {
  return {
    adapter: 'test',
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      const collection = store.collection<T>(name);
      return Object.assign(Object.create(collection) as Collection<T>, { findOneShared: undefined });
    },
    watch: watch ? store.watch?.bind(store) : undefined,
    health: () => store.health(),
    close: () => store.close(),
  };
}

describe('the gallery after a change of the performers read model', () => {
  it('in memory, shows the change at once: a page refetching right after the push never gets her card as it was', async () => {
    const store = createMingoReadModelStore();
    const queries = createPerformerQueries(store, live);
    await project(store, online, 3);
    expect(await cardOnline(queries)).toBe(true);
    await project(store, offline, 4);
    expect(await cardOnline(queries)).toBe(false);
  });

  it('does not join a load begun for an older checkpoint: the read that saw the new one answers the new card', async () => {
    const store = createMingoReadModelStore();
    const queries = createPerformerQueries(store, live);
    await project(store, online, 3);
    const before = queries.gallery(query, undefined);
    await project(store, offline, 4);
    const after = queries.gallery(query, undefined);
    expect((await after).performers[0]?.isOnline).toBe(false);
    await before;
    // a slower older load never replaces the newer snapshot
    expect(await cardOnline(queries)).toBe(false);
  });

  it('on a store that tells of its checkpoints (NOTIFY), shows the change once told', async () => {
    const memory = createMingoReadModelStore();
    const queries = createPerformerQueries(withoutSharedReads(memory, true), live);
    await project(memory, online, 3);
    expect(await cardOnline(queries)).toBe(true);
    await project(memory, offline, 4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cardOnline(queries)).toBe(false);
  });

  it('on a store that cannot tell, is at most 50 ms behind', async () => {
    const memory = createMingoReadModelStore();
    const queries = createPerformerQueries(withoutSharedReads(memory, false), live);
    let nowMs = Date.parse('2026-11-20T12:00:00.000Z');
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => nowMs);
    try {
      await project(memory, online, 3);
      expect(await cardOnline(queries)).toBe(true);
      await project(memory, offline, 4);
      nowMs += 49;
      expect(await cardOnline(queries)).toBe(true);
      nowMs += 1;
      expect(await cardOnline(queries)).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });
});
