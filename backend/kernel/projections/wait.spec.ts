import { viewAfter } from './wait';

describe('viewAfter: read-your-writes of one document', () => {
  const docs = new Map([['a', { _id: 'a', name: 'Oro' }]]);

  it('finds the document only once the read model has applied the position, then shows it', async () => {
    const steps: string[] = [];
    const after = viewAfter(
      async (position) => {
        steps.push(`settled ${position}`);
      },
      async (id: string) => {
        steps.push(`find ${id}`);
        return docs.get(id) ?? null;
      },
      (doc) => ({ id: doc._id, label: doc.name.toUpperCase() }),
    );
    await expect(after('a', 7)).resolves.toEqual({ id: 'a', label: 'ORO' });
    expect(steps).toEqual(['settled 7', 'find a']);
  });

  it('answers a document still missing as not found', async () => {
    const after = viewAfter(
      async () => undefined,
      async (id: string) => docs.get(id) ?? null,
      (doc) => doc,
    );
    await expect(after('b', undefined)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
});
