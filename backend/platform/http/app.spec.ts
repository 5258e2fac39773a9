import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject, type DispatchFunc } from 'light-my-request';
import { errorMessages } from '@aura/contracts';
import { createLogger } from '../logging/logger';
import { createHttpApp, frontendCacheControl } from './app';

describe('frontendCacheControl: how long a browser keeps a file of the built frontend', () => {
  const dist = path.join(path.sep, 'srv', 'aura', 'frontend', 'dist');
  const at = (...parts: string[]) => frontendCacheControl(dist, path.join(dist, ...parts));

  it('keeps what Vite names after its content (assets/) for a year, without asking again', () => {
    expect(at('assets', 'index-DbVyQZV4.js')).toBe('public, max-age=31536000, immutable');
    expect(at('assets', 'index-Cw3mG2oh.css')).toBe('public, max-age=31536000, immutable');
  });

  it('asks again for the files whose names stay: index.html, the favicon, the demo pictures', () => {
    expect(at('index.html')).toBe('no-cache');
    expect(at('favicon.svg')).toBe('no-cache');
    expect(at('demo', 'performers', '1.svg')).toBe('no-cache');
    // a file named like the folder is not in it
    expect(at('assets')).toBe('no-cache');
    expect(at('assets.js')).toBe('no-cache');
  });
});

describe('the built frontend on the same origin', () => {
  let dist: string;
  let handler: DispatchFunc;
  beforeAll(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'aura-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Aura</title>');
    writeFileSync(path.join(dist, 'assets', 'index-DbVyQZV4.js'), 'export {};');
    const app = createHttpApp({
      logger: createLogger('silent'),
      production: true,
      bodyLimit: '1mb',
      routers: [],
      staticDir: dist,
    });
    handler = app.callback() as DispatchFunc;
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const get = (url: string) => inject(handler, { method: 'GET', url });

  it('answers a page of the app with index.html, asked again each time', async () => {
    const page = await get('/performer/dashboard');
    expect([page.statusCode, page.headers['cache-control']]).toEqual([200, 'no-cache']);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Aura</title>');
  });

  it('serves a file of this build, kept for a year', async () => {
    const script = await get('/assets/index-DbVyQZV4.js');
    expect([script.statusCode, script.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
  });

  it("answers a file of another build (a tab opened before a deploy) with a 404, not the app's page", async () => {
    const gone = await get('/assets/index-Old0Build.js');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('application/problem+json');
    expect(gone.json()).toMatchObject({ code: 'not_found', detail: errorMessages.not_found });
  });
});
