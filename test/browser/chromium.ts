import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { sandboxAgeProof, servedFrontends, startTestApp, type TestApp } from '../../backend/test/app-harness';
import { scratchDatabase } from '../../backend/test/session-helpers';
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
 * consent (`rememberConsent`); `firstVisitContext` makes one without; both open the camera small and
 * the microphone plain (`testMedia`) and keep their peer connections (`recordPeerConnections`). With `cameraFps` (a benchmark's
 * first frames), a Chromium of its own whose fake camera runs at that rate.
 */
export async function launchChromium(options: { cameraFps?: number } = {}): Promise<Browser> {
  const browser = await launchBare(options.cameraFps);
  const bare = browser.newContext.bind(browser);
  const tests = options.cameraFps === undefined;
  const plain = async (contextOptions?: Parameters<Browser['newContext']>[0]) => {
    const context = await bare(contextOptions);
    if (tests) {
      await context.addInitScript(testMedia);
      await context.addInitScript(recordPeerConnections);
    }
    return context;
  };
  firstVisitContexts.set(browser, plain);
  browser.newContext = async (contextOptions) => rememberConsent(await plain(contextOptions));
  return browser;
}

/**
 * In a test's pages, the camera opens at 320x240 where the app asks for 1280x720 (`ideal`, so a
 * real camera may answer either): every frame is drawn by the fake camera, encoded, forwarded by the
 * SFU, decoded and composited by each viewer's page on the tier's two cores, and the tests need
 * frames, not a size (as they run the camera at 5 fps). Chromium has no flag for the fake camera's
 * size. The microphone opens without echo cancellation, noise suppression and gain control: Chromium
 * runs them in its audio process on every 10 ms of a fake beep nobody hears (chromium-server.cjs
 * plays no sound in tests). Benchmarks (`cameraFps`) keep the app's constraints.
 */
function testMedia() {
  // (no DOM types: bench/ type-checks this file with the backend's Node-only types)
  type Constraints = { video?: boolean | { width?: unknown; height?: unknown }; audio?: boolean | object };
  type Devices = { getUserMedia(constraints?: Constraints): Promise<unknown> };
  const devices = (globalThis as unknown as { navigator?: { mediaDevices?: Devices } }).navigator?.mediaDevices;
  if (!devices?.getUserMedia) return;
  const open = devices.getUserMedia.bind(devices);
  devices.getUserMedia = (constraints?: Constraints) => {
    const { video, audio } = constraints ?? {};
    return open({
      ...constraints,
      ...(video && typeof video === 'object' && video.width !== undefined
        ? { video: { ...video, width: { ideal: 320 }, height: { ideal: 240 } } }
        : {}),
      ...(audio
        ? {
            audio: {
              ...(typeof audio === 'object' ? audio : {}),
              echoCancellation: false,
              noiseSuppression: false,
              autoGainControl: false,
            },
          }
        : {}),
    });
  };
}

/**
 * Keeps every peer connection a test page makes in `__peerConnections`, so that a wait for video that
 * fails can say how far each connection got (`decodesFrames` in video-steps.ts).
 */
function recordPeerConnections() {
  // (no DOM types: bench/ type-checks this file with the backend's Node-only types)
  type Constructor = new (...args: unknown[]) => object;
  const scope = globalThis as unknown as { RTCPeerConnection?: Constructor; __peerConnections?: object[] };
  const Original = scope.RTCPeerConnection;
  if (!Original) return;
  const made: object[] = (scope.__peerConnections = []);
  scope.RTCPeerConnection = class extends Original {
    constructor(...args: unknown[]) {
      super(...args);
      made.push(this);
    }
  };
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
 * The app a browser file drives (startTestApp's, serving the built frontend unless told): its events in a
 * scratch database of the tier's PostgreSQL when DATABASE_URL names one (as .ci/run's does), dropped at
 * its close; else in PGlite. PGlite runs inside the test file's own process, on the core that also
 * drives the pages, and starts in seconds (its WebAssembly compiled again in every file); PostgreSQL
 * answers from processes of its own on the other core, and a database is made in a fraction of a
 * second (docs/architecture.md#tests).
 */
export async function startBrowserApp(
  env: Record<string, string> = {},
  options: Parameters<typeof startTestApp>[1] = { serveFrontend: true },
): Promise<TestApp> {
  const server = process.env.DATABASE_URL;
  if (!server || env.DATABASE_URL) return startTestApp(env, options);
  const database = await scratchDatabase(server, 'browser');
  let app: TestApp;
  try {
    app = await startTestApp({ ...env, DATABASE_URL: database.url }, options);
  } catch (error) {
    await database.drop();
    throw error;
  }
  const close = app.close.bind(app);
  app.close = async () => {
    await close();
    await database.drop();
  };
  return app;
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
    started.app = await startBrowserApp(env);
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
