/**
 * Accept → the user's first decoded frame, through the product's own pages: the user on
 * `/video-session` (as the alias chooser leaves him), the performer on her dashboard.
 *
 * The real app (embedded, demo seeded, the built frontend served as `npm start` serves it) and
 * Debian's Chromium with the fake camera, one browser context per party. Per run, a demo performer
 * signs in and goes online, a new user registers and gets auracoin, opens
 * `/video-session?performerId&displayName` (the page asks her by itself), her request dialog
 * appears; timed from her click on 'Accetta' until the user's `remote-video` has a size and a
 * playing time (polled at each animation frame, so the figure is up to one frame late).
 */
import { buildFrontendIfStale } from '../../scripts/frontend-build.mjs';
import { deterministicId } from '../../backend/platform/ids';
import { fund } from '../../backend/test/admin-session';
import { startTestApp } from '../../backend/test/app-harness';
import { launchChromium } from '../../test/browser/chromium';
import { fillRegistration, performerOnline } from '../../test/browser/steps';
import type { FrameRun } from './first-frame';

/** what the page functions touch (this bench is type-checked without the DOM's types) */
interface Browser {
  localStorage: { getItem(key: string): string | null };
  document: { querySelector(selector: string): { videoWidth: number; currentTime: number } | null };
}

const DEMO_PERFORMERS = [
  'giulia.rossi',
  'sofia.marino',
  'valentina.greco',
  'chiara.conti',
  'elena.ferrari',
  'aiko.tanaka',
  'camila.lopez',
  'isabela.santos',
  'lucia.bianchi',
  'mei.lin',
  'nadia.petrova',
  'amara.diallo',
];

/** Chromium is the browser tests' own (CHROMIUM_PATH), with their flags but a camera at Chromium's default 20 frames a second (the tests' runs at 5). */
export async function measureFirstFrameOnPages(options: { runs: number }): Promise<FrameRun[]> {
  buildFrontendIfStale();
  const app = await startTestApp({}, { serveFrontend: true });
  const browser = await launchChromium({ cameraFps: 20 });
  try {
    await app.seedDemo();
    await app.settled();
    const results: FrameRun[] = [];
    for (let run = 0; run < options.runs; run++) {
      const username = DEMO_PERFORMERS[run % DEMO_PERFORMERS.length]!;
      const performerId = deterministicId(`demo-performer:${username}`);
      const { context: herContext, page: her } = await performerOnline(browser, app.url, {
        username,
        password: 'demo-performer',
      });

      const userContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const user = await userContext.newPage();
      const viewer = `frame${Date.now().toString(36)}${run}`;
      await fillRegistration(user, app.url, { username: viewer });
      await user.waitForURL(`${app.url}/user`);
      const userId = (await user.evaluate(() => (globalThis as unknown as Browser).localStorage.getItem('userId')))!;
      await fund(app, userId, 200);
      await user.goto(`${app.url}/video-session?performerId=${performerId}&displayName=${viewer}`);

      const dialog = her.getByTestId('session-request');
      await dialog.getByTestId('request-identity').filter({ hasText: viewer }).waitFor({ timeout: 30_000 });
      const accept = dialog.getByRole('button', { name: 'Accetta' });
      await accept.waitFor();
      const acceptedAt = await her.evaluate(() => Date.now());
      await accept.click();
      const frameAt = await user.waitForFunction(
        () => {
          const video = (globalThis as unknown as Browser).document.querySelector('[data-testid="remote-video"]');
          return video && video.videoWidth > 0 && video.currentTime > 0
            ? { at: Date.now(), width: video.videoWidth }
            : false;
        },
        undefined,
        { timeout: 30_000, polling: 'raf' },
      );
      const frame = (await frameAt.jsonValue()) as { at: number; width: number };
      results.push({ ms: frame.at - acceptedAt, width: frame.width });

      await user.getByRole('button', { name: 'Termina' }).click();
      await user.waitForURL(`${app.url}/user`);
      await userContext.close();
      await herContext.close();
    }
    return results;
  } finally {
    await browser.close();
    await app.close();
  }
}
