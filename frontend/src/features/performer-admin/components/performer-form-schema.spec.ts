import { describe, expect, it } from '@jest/globals';
import { adminPerformerSchema, splitLanguages } from './performer-form-schema';

const valid = {
  name: 'Aurora',
  age: 25,
  image: 'https://example.com/a.jpg',
  creditsPerMinute: 3,
  languages: 'Italiano, English',
  rating: '',
  category: '',
  bio: '',
};

async function errorsOf(values: Record<string, unknown>) {
  try {
    await adminPerformerSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: { path: string }[] }).inner.map((e) => e.path);
  }
}

describe('admin performer form', () => {
  it('accepts the required fields with empty optional ones', async () => {
    expect(await errorsOf(valid)).toEqual([]);
  });

  it('names each missing required field', async () => {
    expect(
      (await errorsOf({ ...valid, name: '', age: '', image: '', creditsPerMinute: '', languages: ' , ' })).sort(),
    ).toEqual(['age', 'creditsPerMinute', 'image', 'languages', 'name']);
  });

  it('keeps rating between 0 and 5 at steps of 0.1', async () => {
    expect(await errorsOf({ ...valid, rating: 4.7 })).toEqual([]);
    expect(await errorsOf({ ...valid, rating: 5.5 })).toEqual(['rating']);
    expect(await errorsOf({ ...valid, rating: 4.75 })).toEqual(['rating']);
  });

  it('splits comma-separated languages', () => {
    expect(splitLanguages(' Italiano,English , ,Deutsch')).toEqual(['Italiano', 'English', 'Deutsch']);
  });
});
