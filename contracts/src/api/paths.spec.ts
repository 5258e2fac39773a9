import { describe, expect, it } from '@jest/globals';
import { apiPaths } from './paths';
import { apiRoutes } from './routes';

describe('apiPaths', () => {
  it("is every route contract's method, path and auth, and no other route", () => {
    const declared = Object.fromEntries(
      Object.entries(apiRoutes).map(([name, { method, path, auth }]) => [name, { method, path, auth }]),
    );
    expect(apiPaths).toEqual(declared);
  });

  it('names each method and path once', () => {
    const places = Object.values(apiPaths).map(({ method, path }) => `${method} ${path}`);
    expect(places.length).toBeGreaterThan(100);
    expect(new Set(places).size).toBe(places.length);
  });
});
