import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiRequest, ApiError, changedPrice, errorCode, errorMessage, refusedFields } from './api-client';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(status: number, body: string, init: { statusText?: string; contentType?: string } = {}) {
  const fetchMock = jest.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(status === 204 ? null : body, {
        status,
        statusText: init.statusText ?? '',
        headers: init.contentType ? { 'content-type': init.contentType } : {},
      }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('api client (docs/product.md#api)', () => {
  it('sends cookies and a JSON body with a JSON content type', async () => {
    const fetchMock = answer(200, '{"id":"1"}', { contentType: 'application/json' });
    await expect(apiRequest('POST', '/api/login', { username: 'a', password: 'b' })).resolves.toEqual({ id: '1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"username":"a","password":"b"}');
  });

  it('sends no content type without a body', async () => {
    const fetchMock = answer(200, '{}', { contentType: 'application/json' });
    await apiRequest('GET', '/api/users/1');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
  });

  it('turns a non-OK answer into "status: body"', async () => {
    const problem = JSON.stringify({ status: 409, code: 'username_taken', error: 'Username già in uso' });
    answer(409, problem, { contentType: 'application/problem+json' });
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`409: ${problem}`);
    expect((error as ApiError).status).toBe(409);
    expect(errorMessage(error)).toBe('Username già in uso');
  });

  it('uses the status text when the body is empty', async () => {
    answer(401, '', { statusText: 'Unauthorized' });
    await expect(apiRequest('GET', '/api/users/1')).rejects.toThrow('401: Unauthorized');
  });

  it('falls back to the raw message when the body is not a problem', async () => {
    answer(502, 'Bad gateway', { statusText: 'Bad Gateway' });
    const error = await apiRequest('GET', '/api/users/1').catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('502: Bad gateway');
  });

  it('reads "Errore di connessione" when the server cannot be reached', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Errore di connessione');
  });

  it('answers undefined for 204', async () => {
    answer(204, '');
    await expect(apiRequest('DELETE', '/api/aliases/1')).resolves.toBeUndefined();
  });

  it('words a refusal from its code, never from the server text', () => {
    const problem = (body: object) => new ApiError(400, 'Bad Request', JSON.stringify({ status: 400, ...body }));
    const refused = problem({
      code: 'validation_failed',
      error: 'Invalid fields: body.price',
      errors: [{ path: 'body.price', message: 'Too small' }],
    });
    expect(errorMessage(refused)).toBe('Alcuni dati non sono validi: controlla i campi e riprova.');
    expect(errorMessage(problem({ code: 'forbidden', error: 'You may not access this resource' }))).toBe(
      'Non hai i permessi per questa operazione.',
    );
    expect(errorMessage(problem({ code: 'insufficient_balance', error: 'Insufficient auracoin balance' }))).toBe(
      'Saldo auracoin insufficiente',
    );
    expect(errorCode(problem({ code: 'insufficient_balance', error: 'whatever' }))).toBe('insufficient_balance');
    expect(errorCode(problem({ code: 'not-a-code' }))).toBeUndefined();
  });

  it('words every 429 as "too many attempts", with or without our problem document', () => {
    const ours = new ApiError(
      429,
      'Too Many Requests',
      JSON.stringify({ status: 429, code: 'too_many_requests', error: 'Troppi tentativi di accesso' }),
    );
    expect(errorMessage(ours)).toBe('Troppi tentativi, riprova più tardi');
    expect(errorMessage(new ApiError(429, 'Too Many Requests', '<html>slow down</html>'))).toBe(
      'Troppi tentativi, riprova più tardi',
    );
  });

  it('words the purchase limit as its own (issue 38 item 9)', () => {
    const limit = new ApiError(
      429,
      'Too Many Requests',
      JSON.stringify({ status: 429, code: 'purchase_limit', error: 'Purchase limit 10/1h reached' }),
    );
    expect(errorMessage(limit)).toBe('Hai raggiunto il limite di acquisti consentito: riprova più tardi.');
  });

  it("words refused fields with the form's own messages", () => {
    const fields = { price: 'Prezzo minimo 0,5 auracoin, a passi di 0,5', title: 'Il titolo è obbligatorio' };
    const refused = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({
        code: 'validation_failed',
        error: 'Invalid fields: body.price, body.price, query.x, body.languages.0',
        errors: [
          { path: 'body.price', message: 'a' },
          { path: 'body.price', message: 'b' },
          { path: 'query.x', message: 'c' },
          { path: 'body.languages.0', message: 'd' },
        ],
      }),
    );
    expect(refusedFields(refused, fields)).toEqual({ price: fields.price });
    expect(errorMessage(refused, { fields })).toBe(fields.price);
    expect(errorMessage(refused, { fields: { languages: 'Lingue non valide' } })).toBe('Lingue non valide');
  });

  it('lets a call site word a code more precisely', () => {
    const badType = new ApiError(
      415,
      'Unsupported Media Type',
      JSON.stringify({ code: 'unsupported_media_type', error: 'Unsupported content type' }),
    );
    expect(errorMessage(badType)).toBe('Formato non valido');
    expect(errorMessage(badType, { codes: { unsupported_media_type: 'Sono accettate solo immagini' } })).toBe(
      'Sono accettate solo immagini',
    );
  });
});

describe('a price that changed since the user saw it (docs/product.md#price-seen)', () => {
  const changed = (currentPrice: unknown) =>
    new ApiError(
      409,
      'Conflict',
      JSON.stringify({ code: 'price_changed', error: 'The price is now 3 auracoin', currentPrice }),
    );

  it("reads 'Il prezzo è cambiato: ora N auracoin', N the Italian way, and gives the new price to confirm", () => {
    expect(errorMessage(changed(3))).toBe('Il prezzo è cambiato: ora 3 auracoin');
    expect(errorMessage(changed(2.5))).toBe('Il prezzo è cambiato: ora 2,5 auracoin');
    expect(changedPrice(changed(2.5))).toBe(2.5);
  });

  it('has no price to confirm for any other refusal, or one without a price', () => {
    expect(
      changedPrice(new ApiError(409, 'Conflict', JSON.stringify({ code: 'conflict', error: 'x', currentPrice: 3 }))),
    ).toBeUndefined();
    expect(changedPrice(changed('tre'))).toBeUndefined();
    expect(errorMessage(changed(undefined))).toBe('Il prezzo è cambiato: controlla il nuovo prezzo e conferma.');
  });
});
