import type { Page } from 'playwright-core';
import { WHIP_SHOW_TITLE } from '@aura/contracts';
import { superadminClient } from '../../backend/test/admin-session';
import { onlinePerformer } from '../../backend/test/session-helpers';
import { whipEncoder, type WhipEncoder } from '../../backend/platform/sfu/whip-client';
import { closeLeftoverLoopbackSockets } from '../../backend/platform/sfu/werift-peers';
import { browserApp, describeWithChromium } from './chromium';
import { signedInContext } from './steps';

/** her video plays on the page: frames decoded (a size, a frame callback) and its time moving on */
async function decodesFrames(page: Page) {
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="show-video"]');
      return video !== null && video.videoWidth > 0 && video.currentTime > 0;
    },
    undefined,
    { timeout: 15_000, polling: 100 },
  );
  const decoded = await page.$eval(
    '[data-testid="show-video"]',
    (video) =>
      new Promise<number>((resolve) =>
        (video as HTMLVideoElement).requestVideoFrameCallback((_now, frame) => resolve(frame.presentedFrames)),
      ),
  );
  expect(decoded).toBeGreaterThan(0);
  const first = await page.$eval('[data-testid="show-video"]', (video) => (video as HTMLVideoElement).currentTime);
  await page.waitForFunction(
    (since) => (document.querySelector<HTMLVideoElement>('[data-testid="show-video"]')?.currentTime ?? 0) > since + 0.5,
    first,
    { timeout: 10_000, polling: 100 },
  );
}

/**
 * Streaming from OBS: a WHIP encoder (werift in this process, sending a real VP8 clip) goes live with
 * her token from her dashboard; a visitor's browser opens her room and decodes its frames; her panel
 * says the show comes from OBS; DELETE on the stream ends the show for the visitor.
 */
describeWithChromium('streaming from OBS (WHIP) in the browser, embedded SFU', () => {
  const started = browserApp();
  let encoder: WhipEncoder | undefined;
  afterAll(async () => {
    await encoder?.close();
    closeLeftoverLoopbackSockets();
  });

  it('a WHIP client goes live and a browser viewer decodes its frames', async () => {
    const { app, browser } = started;
    const admin = await superadminClient(app);
    const her = await onlinePerformer(app.url, admin);
    const settings = (await her.http.get(`/api/performers/${her.id}/whip`)).json as { url: string; token: string };
    encoder = await whipEncoder(settings.url, settings.token);

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await visitor.newPage();
    await page.goto(`${app.url}/show/${her.id}`);
    await page.getByTestId('show-title').filter({ hasText: WHIP_SHOW_TITLE }).waitFor();
    await decodesFrames(page);

    // her dashboard: the OBS card, and the live panel says OBS streams (her camera is not asked for)
    const dashboard = await signedInContext(browser, app.url, {
      performer: { username: her.username, password: her.password },
    });
    await dashboard.page.goto(`${app.url}/performer/dashboard`);
    await dashboard.page.getByRole('tab', { name: 'Show dal vivo' }).click();
    await dashboard.page.getByTestId('obs-live').waitFor();
    await dashboard.page.getByRole('heading', { name: 'Trasmetti da OBS' }).waitFor();
    expect(await dashboard.page.getByTestId('whip-url').inputValue()).toBe(settings.url);
    await dashboard.context.close();

    expect(await encoder.end()).toBe(200);
    await page.getByText('Lo show è terminato').first().waitFor({ timeout: 10_000 });
    await visitor.close();
  }, 60_000);
});
