import { describe, expect, it } from '@jest/globals';
import { emptyPackage, packageSchema, toPackageBody } from './package-schema';

const errorsOf = async (values: object) => {
  try {
    await packageSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries(
      (error as { inner: { path: string; message: string }[] }).inner.map((e) => [e.path, e.message]),
    );
  }
};

describe('package form rules', () => {
  it('requires credits and price, and bonus defaults to 0', async () => {
    expect(Object.keys(await errorsOf(emptyPackage)).sort()).toEqual(['credits', 'price']);
    expect(toPackageBody({ credits: '100', bonus: '', price: '10', popular: true })).toEqual({
      credits: 100,
      bonus: 0,
      price: 10,
      popular: true,
    });
  });
  it('accepts whole numbers only', async () => {
    expect(await errorsOf({ credits: '10.5', bonus: '-1', price: '9.99', popular: false })).toMatchObject({
      credits: 'Inserisci un numero intero',
      bonus: 'Inserisci un numero intero',
      price: 'Inserisci un prezzo intero in euro',
    });
    expect(await errorsOf({ credits: '100', bonus: '20', price: '9', popular: false })).toEqual({});
  });
});
