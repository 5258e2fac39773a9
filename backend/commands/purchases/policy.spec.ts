import { principal } from '../../test/doubles/principals';
import { mayBuy } from './policy';

const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const as = (kind: 'user' | 'performer' | 'admin') => principal(kind, userId);

describe('purchases policy', () => {
  const active = async (id: string) => id === userId;
  const gone = async () => false;

  it('only a user whose account is still there buys', async () => {
    await expect(mayBuy(as('user'), active)).resolves.toBeUndefined();
    for (const kind of ['performer', 'admin'] as const)
      await expect(mayBuy(as(kind), active)).rejects.toMatchObject({
        code: 'forbidden',
      });
    await expect(mayBuy(as('user'), gone)).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});
