import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { api, ApiError, errorMessage } from './api-client';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(status: number, body: string, init: { statusText?: string; contentType?: string } = {}) {
  const fetchMock = jest.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(status === 204 ? null : body, {
      status,
      statusText: init.statusText ?? '',
      headers: init.contentType ? { 'content-type': init.contentType } : {},
    }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('api client (spec §7)', () => {
  it('sends cookies and a JSON body with a JSON content type', async () => {
    const fetchMock = answer(200, '{"id":"1"}', { contentType: 'application/json' });
    await expect(api.post('/api/login', { username: 'a', password: 'b' })).resolves.toEqual({ id: '1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"username":"a","password":"b"}');
  });

  it('sends no content type without a body', async () => {
    const fetchMock = answer(200, '{}', { contentType: 'application/json' });
    await api.get('/api/users/1');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
  });

  it('turns a non-OK answer into "status: body"', async () => {
    const problem = JSON.stringify({ status: 409, code: 'username_taken', error: 'Username già in uso' });
    answer(409, problem, { contentType: 'application/problem+json' });
    const error = await api.post('/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`409: ${problem}`);
    expect((error as ApiError).status).toBe(409);
    expect(errorMessage(error)).toBe('Username già in uso');
  });

  it('uses the status text when the body is empty', async () => {
    answer(401, '', { statusText: 'Unauthorized' });
    await expect(api.get('/api/users/1')).rejects.toThrow('401: Unauthorized');
  });

  it('falls back to the raw message when the body is not a problem', async () => {
    answer(502, 'Bad gateway', { statusText: 'Bad Gateway' });
    const error = await api.get('/api/users/1').catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('502: Bad gateway');
  });

  it('reads "Errore di connessione" when the server cannot be reached', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Errore di connessione');
  });

  it('answers undefined for 204', async () => {
    answer(204, '');
    await expect(api.delete('/api/aliases/1')).resolves.toBeUndefined();
  });
});
