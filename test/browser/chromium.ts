import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { sandboxAgeProof, servedFrontends, startTestApp, type TestApp } from '../../backend/test/app-harness';
import { CHROMIUM, chromiumArgs, WS_ENDPOINT_VARIABLE } from './chromium-server.cjs';

export { CHROMIUM };

/**
 * What the app remembers in localStorage once a visitor answered the 18+ gate and read the cookie
 * notice (frontend/src/features/consent/hooks/use-remembered.ts). Every browser test's pages start
 * with it (see `launchChromium`), so the gate does not stand in front of what they test.
 */
export const REMEMBERED_CONSENT: Record<string, string> = { 'aura.ageConfirmed': 'yes', 'aura.cookieNotice': 'yes' };

/** Pre-sets the remembered 18+ answer and cookie notice in every page of `context`, before the app's scripts run. */
export async function rememberConsent(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript((items: Record<string, string>) => {
    try {
      for (const [key, value] of Object.entries(items))
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
          key,
          value,
        );
    } catch {
      // about:blank and opaque origins have no storage
    }
  }, REMEMBERED_CONSENT);
  await presentAgeProof(context);
  return context;
}

/**
 * A proof of age (issue 39) in the context for each app this file serves, earned through the
 * sandbox's check as a person earns it, so adult pages open as after the check (a first visit's
 * context, `firstVisitContext`, has none and is sent to the check).
 */
export async function presentAgeProof(context: BrowserContext): Promise<void> {
  for (const url of servedFrontends) {
    const proof = await sandboxAgeProof(url);
    if (!proof) continue;
    const [name, ...value] = proof.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url, httpOnly: true, sameSite: 'Lax' }]);
  }
}

const firstVisitContexts = new WeakMap<Browser, Browser['newContext']>();

/** A context as a first visitor's browser: nothing remembered, so the 18+ gate and the cookie notice show (the age gate's own test). */
export function firstVisitContext(
  browser: Browser,
  options?: Parameters<Browser['newContext']>[0],
): Promise<BrowserContext> {
  const plain = firstVisitContexts.get(browser);
  if (!plain) throw new Error('firstVisitContext needs a browser from launchChromium');
  return plain(options);
}

/**
 * The tier's shared Chromium (global-setup.mjs starts it once; `close()` disconnects this file and
 * closes the contexts it made), or a Chromium of its own when none is shared. Debian's headless shell or Chromium,
 * headless, with the flags in chromium-server.cjs. Its contexts (and `newPage`'s) carry the remembered
 * consent (`rememberConsent`); `firstVisitContext` makes one without. With `cameraFps` (a benchmark's
 * first frames), a Chromium of its own whose fake camera runs at that rate.
 */
export async function launchChromium(options: { cameraFps?: number } = {}): Promise<Browser> {
  const browser = await launchBare(options.cameraFps);
  const plain = browser.newContext.bind(browser);
  firstVisitContexts.set(browser, plain);
  browser.newContext = async (options) => rememberConsent(await plain(options));
  return browser;
}

function launchBare(cameraFps: number | undefined): Promise<Browser> {
  const shared = process.env[WS_ENDPOINT_VARIABLE];
  if (shared && cameraFps === undefined) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(cameraFps) });
}

/** `describe` when Chromium is installed, else skipped with a printed notice. */
export function describeWithChromium(title: string, body: () => void) {
  if (existsSync(CHROMIUM)) {
    describe(title, body);
    return;
  }
  process.stdout.write(`\n[skip] ${title}: no Chromium at ${CHROMIUM} (apt-get install chromium)\n`);
  describe.skip(title, body);
}

/**
 * For a file's tests: the whole app serving the built frontend (after `prepare`, e.g. seeding, and
 * its read models settled) and Chromium, started before the first test and closed after the last.
 * Read `app` and `browser` inside the tests (they are set once `beforeAll` ran).
 */
export function browserApp(
  prepare: (app: TestApp) => Promise<unknown> = async () => undefined,
  env: Record<string, string> = {},
) {
  const started = {} as { app: TestApp; browser: Browser };
  beforeAll(async () => {
    started.app = await startTestApp(env, { serveFrontend: true });
    await prepare(started.app);
    await started.app.settled();
    started.browser = await launchChromium();
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.app?.close();
  });
  return started;
}
