import { PHOTO_FIELD_MESSAGES, PHOTO_PRICE_HINT } from '@aura/contracts';
import { describe, expect, it } from '@jest/globals';
import type { ValidationError } from 'yup';
import { ApiError } from '../../../lib/api-client';
import { showRefusedFields } from '../../../lib/form-errors';
import { photoSchema } from './photo-schema';

async function errorsOf(values: Record<string, unknown>): Promise<string[]> {
  try {
    await photoSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as ValidationError).errors;
  }
}

describe('the photo form (docs/product.md#validation: title required, price minimum 0.5, step 0.5)', () => {
  const valid = { title: 'Tramonto', description: '', price: 50 };

  it('accepts the defaults and any half step from 0,5', async () => {
    expect(await errorsOf(valid)).toEqual([]);
    expect(await errorsOf({ ...valid, price: 0.5 })).toEqual([]);
    expect(await errorsOf({ ...valid, price: 12.5 })).toEqual([]);
  });

  it('refuses a price under 0,5, off the step or missing, in Italian', async () => {
    expect(await errorsOf({ ...valid, price: 0.3 })).toEqual(['Prezzo minimo 0,5 auracoin']);
    expect(await errorsOf({ ...valid, price: 0.75 })).toEqual(['Il prezzo va a passi di 0,5']);
    expect(await errorsOf({ ...valid, price: '' })).toEqual(['Inserisci il prezzo']);
    expect(await errorsOf({ ...valid, title: ' ' })).toEqual(['Il titolo è obbligatorio']);
    expect(PHOTO_PRICE_HINT).toBe('Minimo 0,5, massimo 500, a passi di 0,5');
  });

  it('refuses a price above the ceiling with the message the server uses (docs/product.md#price-ceilings)', async () => {
    expect(await errorsOf({ ...valid, price: 500 })).toEqual([]);
    expect(await errorsOf({ ...valid, price: 500.5 })).toEqual(['Prezzo massimo 500 auracoin']);
  });

  it("puts the form's Italian message under a field the server refused, never 'Invalid fields: body.price'", () => {
    const errors: Record<string, string | undefined> = {};
    const helpers = {
      setFieldError: (field: string, message: string | undefined) => void (errors[field] = message),
      setFieldTouched: async () => undefined,
    };
    const refused = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({
        code: 'validation_failed',
        error: 'Invalid fields: body.price',
        errors: [{ path: 'body.price', message: 'Too small' }],
      }),
    );
    showRefusedFields(helpers, refused, PHOTO_FIELD_MESSAGES);
    expect(errors).toEqual({ price: 'Prezzo tra 0,5 e 500 auracoin, a passi di 0,5' });
  });
});
