import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../../lib/api-client';
import { ALIAS_MESSAGES, createFailureToast } from './alias-messages';

describe('alias failure toasts', () => {
  it("maps the server's insufficient balance to 'Saldo auracoin insufficiente'", () => {
    const error = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({ error: 'Insufficient auracoin balance', code: 'insufficient_balance' }),
    );
    expect(createFailureToast(error)).toEqual({ title: 'Saldo auracoin insufficiente' });
  });

  it("answers 'Errore' / 'Impossibile creare l'alias' otherwise", () => {
    expect(createFailureToast(new ApiError(500, 'Internal', ''))).toEqual(ALIAS_MESSAGES.createFailed);
    expect(createFailureToast(new TypeError('network'))).toEqual({
      title: 'Errore',
      description: "Impossibile creare l'alias",
    });
  });
});
