import type { BrowserContext } from 'playwright-core';
import { deterministicId } from '../../backend/platform/ids';
import { fund } from '../../backend/test/admin-session';
import { browserApp, describeWithChromium } from './chromium';
import { performerOnline, registeredUser } from './steps';
import { decodesFrames } from './video-steps';

/**
 * A spy watches a private and is billed (issue 40 item 3): Giulia allows spies, Mario asks her for a
 * private (told that spies may watch) and turns his camera on; Anna confirms the spy price and her
 * page decodes Giulia's camera through the SFU, and nothing else (one video, one video track: never
 * Mario's camera, never their chat); her first minute is billed once the free start (1 s here) is
 * over; Giulia ends the private and Anna's watch ends with it.
 */
describeWithChromium('spying on a private in the browser', () => {
  const started = browserApp(
    async (app) => {
      await app.seedDemo();
    },
    { SPY_FREE_MS: '1000' },
  );

  it('a spy sees her video only, is billed after the free start, and leaves when the private ends', async () => {
    const { app, browser } = started;
    const contexts: BrowserContext[] = [];
    const giuliaId = deterministicId('demo-performer:giulia.rossi');
    try {
      const her = await performerOnline(browser, app.url);
      contexts.push(her.context);
      const allowed = await her.page.request.patch(`${app.url}/api/performers/${giuliaId}`, {
        data: { spyPrice: 0.5 },
      });
      expect(allowed.status()).toBe(200);

      const mario = await registeredUser(browser, app.url, 'mario', { landing: null });
      const anna = await registeredUser(browser, app.url, 'anna', { landing: null });
      contexts.push(mario.context, anna.context);
      await fund(app, mario.userId, 100);
      await fund(app, anna.userId, 20);

      // Mario asks her for a private from her card; his page says spies may watch
      await mario.page.goto(`${app.url}/#performers`);
      const card = mario.page.locator(
        `[data-testid="performer-card"][data-performer-id="${giuliaId}"][data-online="true"]`,
      );
      await card.getByRole('button', { name: 'Videochat', exact: true }).click();
      await mario.page
        .getByTestId('alias-chooser')
        .getByRole('button', { name: `Continua con ${mario.username}` })
        .click();
      await mario.page.getByTestId('spies-allowed').filter({ hasText: 'consente spettatori spia' }).waitFor();
      const dialog = her.page.getByTestId('session-request');
      await dialog.getByRole('button', { name: 'Accetta' }).click();
      await her.page.getByTestId('spy-room-status').filter({ hasText: 'vedono solo la tua fotocamera' }).waitFor();
      await mario.page.getByRole('button', { name: 'Attiva fotocamera' }).click();

      // while his camera reaches her, Anna confirms the price and watches her camera through the SFU
      const annaWatches = async () => {
        await anna.page.goto(`${app.url}/spy?performerId=${giuliaId}&name=Giulia`);
        await anna.page.getByRole('button', { name: /Conferma e spia/ }).click();
        await decodesFrames(anna.page, 'spy-video');
      };
      await Promise.all([decodesFrames(her.page, 'user-video'), annaWatches()]);
      const seen = await anna.page.evaluate(() => ({
        videos: document.querySelectorAll('video').length,
        tracks: (document.querySelector<HTMLVideoElement>('[data-testid="spy-video"]')!.srcObject as MediaStream)
          .getTracks()
          .map((track) => track.kind),
      }));
      expect(seen).toEqual({ videos: 1, tracks: ['video'] });
      for (const theirs of ['user-video', 'remote-video', 'local-video', 'session-talk'])
        expect(await anna.page.getByTestId(theirs).count()).toBe(0);

      // the free second over, her first minute is billed
      await anna.page.getByTestId('spy-cost').filter({ hasText: 'Costo: 0,5 auracoin' }).waitFor({ timeout: 10_000 });

      // Giulia ends the private: Anna's watch ends with it
      await her.page.getByTestId('performer-end-session').click();
      await anna.page.getByTestId('spy-ended').filter({ hasText: 'Lo show privato è terminato' }).waitFor();
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
