import { describe, expect, it } from '@jest/globals';
import { profileSchema } from './profile-schema';

const valid = {
  name: 'Giulia',
  age: 25,
  creditsPerMinute: 2.5,
  messagePrice: 1,
  image: 'https://example.com/a.jpg',
  category: 'VIP',
  languages: ['Italiano'],
};

async function errorsOf(values: Record<string, unknown>): Promise<string[]> {
  try {
    await profileSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('own profile form rules', () => {
  it('accepts a valid profile, a site path as photo included', async () => {
    expect(await errorsOf(valid)).toEqual([]);
    expect(await errorsOf({ ...valid, image: '/demo/performers/1.svg' })).toEqual([]);
  });

  it('refuses an age outside 18–99, a rate under 0.5 or off the 0.5 step, a missing name or photo', async () => {
    expect(await errorsOf({ ...valid, age: 17 })).toEqual(['Età minima 18 anni']);
    expect(await errorsOf({ ...valid, age: 100 })).toEqual(['Età massima 99 anni']);
    expect(await errorsOf({ ...valid, creditsPerMinute: 0 })).toContain('Tariffa minima 0,5');
    expect(await errorsOf({ ...valid, creditsPerMinute: 1.3 })).toEqual(['La tariffa va a passi di 0,5']);
    expect(await errorsOf({ ...valid, name: '  ' })).toEqual(['Il nome è obbligatorio']);
    expect(await errorsOf({ ...valid, image: 'not a url' })).toEqual(['Inserisci un URL valido']);
    expect(await errorsOf({ ...valid, category: 'Gold' })).toEqual(['Categoria non valida']);
  });

  it('refuses a rate or a message price above its ceiling with the message the server uses (docs/product.md#price-ceilings)', async () => {
    expect(await errorsOf({ ...valid, creditsPerMinute: 100, messagePrice: 50 })).toEqual([]);
    expect(await errorsOf({ ...valid, creditsPerMinute: 100.5 })).toEqual(['Tariffa massima 100 auracoin/min']);
    expect(await errorsOf({ ...valid, messagePrice: 50.5 })).toEqual(['Prezzo massimo 50 auracoin a messaggio']);
  });

  it('takes a message price from 0 (free) in steps of 0.5', async () => {
    expect(await errorsOf({ ...valid, messagePrice: 0 })).toEqual([]);
    expect(await errorsOf({ ...valid, messagePrice: 2.5 })).toEqual([]);
    expect(await errorsOf({ ...valid, messagePrice: -0.5 })).toEqual(['Il prezzo non può essere negativo']);
    expect(await errorsOf({ ...valid, messagePrice: 0.3 })).toEqual(['Il prezzo va a passi di 0,5']);
    expect(await errorsOf({ ...valid, messagePrice: '' })).toEqual(['Inserisci il prezzo del messaggio']);
  });
});
