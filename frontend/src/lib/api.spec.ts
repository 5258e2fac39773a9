import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiRoutes } from '@aura/contracts';
import { call, callLink, fillPath, queryString, routePath } from './api';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(status: number, body: string) {
  const fetchMock = jest.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(status === 204 ? null : body, { status, headers: { 'content-type': 'application/json' } }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const id = '3f1c2a4e-1b2c-4d5e-8f90-123456789abc';

describe('paths from the contracts', () => {
  it("sends every route to its contract's method and path", async () => {
    const fetchMock = answer(200, '{}');
    const names = Object.keys(apiRoutes) as (keyof typeof apiRoutes)[];
    for (const name of names) {
      const { method, path } = apiRoutes[name];
      const params = Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map(([, key]) => [key, `v-${key}`]));
      await (call as (name: string, input: object) => Promise<unknown>)(name, { params });
      const [url, init] = fetchMock.mock.calls.at(-1)!;
      expect([name, init?.method, url]).toEqual([name, method.toUpperCase(), fillPath(path, params)]);
    }
    expect(fetchMock).toHaveBeenCalledTimes(names.length);
  });

  it('fills path parameters, encoded', () => {
    expect(routePath('getUser', { params: { id } })).toBe(`/api/users/${id}`);
    expect(routePath('markRead', { params: { conversationId: id, userId: 'a b/c' } })).toBe(
      `/api/messages/${id}/read/a%20b%2Fc`,
    );
    expect(routePath('performerStatement', { params: { id, weekStart: '2026-11-16' } })).toBe(
      `/api/performers/${id}/statements/2026-11-16`,
    );
    expect(routePath('publicFile', { params: { fileId: 'x.png' } })).toBe('/api/files/public/x.png');
    expect(routePath('listPackages')).toBe('/api/packages');
    expect(fillPath('/api/sessions/:id/end', { id: 's?1' })).toBe('/api/sessions/s%3F1/end');
  });

  it('adds the query values that are set', () => {
    expect(routePath('listConversations', { params: { userId: id }, query: { userType: 'performer' } })).toBe(
      `/api/conversations/${id}?userType=performer`,
    );
    expect(
      routePath('gallery', { query: { tab: 'online', q: '', specialFeatures: ['Tatuaggi', 'Piercing'], limit: 48 } }),
    ).toBe('/api/performers?tab=online&specialFeatures=Tatuaggi%2CPiercing&limit=48');
    // the gallery's filters: only the chosen ones, special features comma-separated
    expect(
      queryString({
        tab: 'online',
        q: 'VIP',
        category: undefined,
        hairColor: 'Mora',
        specialFeatures: ['Tatuaggi', 'Piercing'],
      }),
    ).toBe('tab=online&q=VIP&hairColor=Mora&specialFeatures=Tatuaggi%2CPiercing');
    expect(queryString({ tab: 'all', specialFeatures: [], q: undefined })).toBe('tab=all');
  });

  it('refuses a path parameter left out', () => {
    expect(() => fillPath(apiRoutes.getUser.path, {})).toThrow('/api/users/{id}: no value for the path parameter id');
  });
});

describe('calls by route name', () => {
  it('leaves to the type check a route, a path parameter or a field the contracts do not have', () => {
    const unchecked = () => [
      // @ts-expect-error no route has that name
      call('getUsers'),
      // @ts-expect-error the path parameter is `id`
      call('getUser', { params: { userId: id } }),
      // @ts-expect-error the body is {packageId}
      call('createPurchase', { body: { package: id }, idempotencyKey: 'k' }),
      // @ts-expect-error the route requires an Idempotency-Key
      call('createPurchase', { body: { packageId: id } }),
      // @ts-expect-error the route takes no body
      call('logout', { body: {} }),
    ];
    expect(typeof unchecked).toBe('function');
  });

  it("uses the contract's method and path, a JSON body and the idempotency key", async () => {
    const fetchMock = answer(201, '{"id":"p1"}');
    await expect(call('createPurchase', { body: { packageId: id }, idempotencyKey: 'k-1' })).resolves.toEqual({
      id: 'p1',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/purchases');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    const headers = init?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('k-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ packageId: id }));
  });

  it('sends no body and no key where the route takes none', async () => {
    const fetchMock = answer(200, '{"ok":true}');
    await call('deleteAlias', { params: { id } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, init?.body]).toEqual([`/api/aliases/${id}`, 'DELETE', undefined]);
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBeUndefined();
  });

  it('sends a form as is and a file with its own content type', async () => {
    const fetchMock = answer(201, '{}');
    const form = new FormData();
    form.append('fileName', 'a.png');
    await call('uploadDocument', { body: form });
    expect(fetchMock.mock.calls[0]![1]?.body).toBe(form);
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['Content-Type']).toBeUndefined();

    const file = new Blob(['png'], { type: 'image/png' });
    await callLink('uploadPhotoFile', '/api/objects/upload/t0k3n', { body: file });
    const [url, init] = fetchMock.mock.calls[1]!;
    expect([url, init?.method, init?.body]).toEqual(['/api/objects/upload/t0k3n', 'PUT', file]);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('image/png');
  });
});

describe('an adult route refused for want of a proof of age (issue 39 item 2)', () => {
  it('sends the browser to the age check once, to come back where it was, and still rejects the call', async () => {
    const assign = jest.fn();
    const location = { pathname: '/performer/luna', search: '?tab=foto', assign };
    Object.assign(globalThis, { window: { location } });
    const refused = JSON.stringify({ code: 'age_verification_required', status: 403 });
    const fetchMock = jest.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input) === '/api/age-verification'
        ? new Response(JSON.stringify({ redirectUrl: '/api/age-verification/sandbox/check?nonce=n' }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(refused, { status: 403, headers: { 'content-type': 'application/problem+json' } }),
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      await Promise.all([
        expect(call('listPhotos', { params: { id } })).rejects.toMatchObject({ status: 403 }),
        expect(call('listMessages', { params: { conversationId: id } })).rejects.toMatchObject({ status: 403 }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      const starts = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/age-verification');
      expect(starts.map(([, init]) => [init?.method, init?.body])).toEqual([
        ['POST', JSON.stringify({ returnTo: '/performer/luna?tab=foto' })],
      ]);
      expect(assign).toHaveBeenCalledWith('/api/age-verification/sandbox/check?nonce=n');
    } finally {
      delete (globalThis as { window?: unknown }).window;
    }
  });
});
