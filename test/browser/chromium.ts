import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../../backend/test/app-harness';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network and fake media devices need. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // three fake cameras, so a session can switch from one to another: fake_device_0 (I420) and
      // fake_device_2 (MJPEG); fake_device_1 is a Y16 depth camera, which WebRTC never encodes
      '--use-fake-device-for-media-stream=device-count=3',
      '--use-fake-ui-for-media-stream',
      '--allow-loopback-in-peer-connection',
    ],
  });
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
export function browserApp(prepare: (app: TestApp) => Promise<unknown> = async () => undefined, env: Record<string, string> = {}) {
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
