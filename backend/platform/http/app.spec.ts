import path from 'node:path';
import { frontendCacheControl } from './app';

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
