import { describe, expect, it } from '@jest/globals';
import { ApiError } from './api-client';
import { showRefusedFields } from './form-errors';

describe('server field errors in a formik form', () => {
  it("puts the form's messages under the fields the server refused, touched", () => {
    const errors: Record<string, string | undefined> = {};
    const touched: Record<string, boolean> = {};
    const helpers = {
      setFieldError: (field: string, message: string | undefined) => void (errors[field] = message),
      setFieldTouched: async (field: string, value?: boolean) => void (touched[field] = value ?? true),
    };
    const refused = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({
        code: 'validation_failed',
        error: 'Invalid fields: body.username',
        errors: [{ path: 'body.username', message: 'Too big' }],
      }),
    );
    showRefusedFields(helpers, refused, { username: 'Username non valido', email: "Inserisci un'email valida" });
    expect(errors).toEqual({ username: 'Username non valido' });
    expect(touched).toEqual({ username: true });

    showRefusedFields(
      helpers,
      new ApiError(409, 'Conflict', JSON.stringify({ code: 'username_taken', error: 'Username già in uso' })),
      {
        username: 'x',
      },
    );
    expect(errors).toEqual({ username: 'Username non valido' });
  });
});
