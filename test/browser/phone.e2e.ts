import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { fund } from '../../backend/test/admin-session';
import { client } from '../../backend/test/app-harness';
import { deterministicId } from '../../backend/platform/ids';
import { browserApp, describeWithChromium } from './chromium';
import { adminConsole, performerOnline, registeredUser } from './steps';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const GIULIA = deterministicId('demo-performer:giulia.rossi');
const ADMIN = { username: 'admin', password: 'admin-phone-password' };

/** Where the screenshots for the eye go (SCREENSHOTS_DIR; none when unset). */
const SCREENSHOTS = process.env.SCREENSHOTS_DIR;
async function screenshot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The page is no wider than its viewport (no horizontal scroll). */
async function noHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(`${scrollWidth} px wide`).toBe(`${Math.min(scrollWidth, innerWidth)} px wide`);
}

/**
 * Once scrolled to, the element is wholly inside the viewport and nothing covers or clips it: the
 * topmost element at its centre and near each corner is the element itself or inside it.
 */
async function inView(locator: Locator, what: string) {
  await locator.scrollIntoViewIfNeeded();
  const problem = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return 'has no size';
    if (box.left < 0 || box.top < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight)
      return (
        `is at ${Math.round(box.left)},${Math.round(box.top)}-${Math.round(box.right)},${Math.round(box.bottom)} ` +
        `in a ${window.innerWidth}×${window.innerHeight} viewport`
      );
    // inside the rounded corners (a bubble's are 12 px), where the element itself is hit
    const inset = Math.min(10, box.width / 4, box.height / 4);
    const points: [number, number][] = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ];
    for (const [x, y] of points) {
      const top = document.elementFromPoint(x, y);
      if (!top || !(element === top || element.contains(top)))
        return `is covered at ${Math.round(x)},${Math.round(y)} by ${top?.outerHTML.slice(0, 120) ?? 'nothing'}`;
    }
    return null;
  });
  expect(`${what} ${problem ?? 'in view'}`).toBe(`${what} in view`);
}

/** The two elements' boxes do not overlap. */
async function apart(a: Locator, b: Locator, what: string) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error(`${what}: not both shown`);
  const overlap =
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height;
  expect(`${what}: ${overlap ? 'overlap' : 'apart'}`).toBe(`${what}: apart`);
}

/** WCAG's relative luminance of a CSS colour as getComputedStyle gives it ('rgb(r, g, b)' or 'rgba(...)'). */
function relativeLuminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  if (b === undefined) throw new Error(`not an rgb colour: ${css}`);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b;
}

/** A newly registered user on his own browser context at `viewport`, signed in on /user, with `auracoin` more. */
async function userOn(
  app: { url: string } & Parameters<typeof fund>[0],
  browser: Browser,
  prefix: string,
  auracoin: number,
) {
  const { context, page, username, userId } = await registeredUser(browser, app.url, prefix, {
    viewport: PHONE,
    landing: null,
  });
  await fund(app, userId, auracoin);
  await page.goto(`${app.url}/user`);
  return { context, page, username, userId };
}

/**
 * The screens issue 36 found wrong on a 390×844 phone, each checked there and on a 1366×768 laptop:
 * the end of a private with his camera on (every camera and microphone track ended, his self-view
 * gone from the stars and the comment box, the receipt clear of the stage's header, its buttons in
 * view) and the chat (his own bubbles, 'Invia' and 'Cambia identità' inside the screen). One app,
 * one browser.
 */
describeWithChromium('phone screens (390×844) and the laptop (1366×768)', () => {
  const started = browserApp(async (app) => {
    await app.ensureSuperadmin(ADMIN);
    await app.seedDemo();
    // two admin actions for the audit log: an offer, and a payout run by hand
    const admin = client(app.url);
    await admin.post('/api/admin/verify', ADMIN);
    expect((await admin.post('/api/offers', { bonusPercent: 20, durationMinutes: 120 })).status).toBe(201);
    expect((await admin.post('/api/admin/payouts/run', {})).status).toBeLessThan(300);
  });

  it('ends a private with his camera on: every local track ended, the receipt, the stars and its buttons in view', async () => {
    const { app, browser } = started;
    const { context: herContext, page: her } = await performerOnline(browser, app.url);
    const { context, page, username } = await userOn(app, browser, 'phonecam', 100);
    try {
      // every track the page opens, to see each one ended
      await page.addInitScript(() => {
        const tracks: MediaStreamTrack[] = [];
        (window as unknown as { __tracks: MediaStreamTrack[] }).__tracks = tracks;
        const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        navigator.mediaDevices.getUserMedia = async (constraints) => {
          const stream = await original(constraints);
          tracks.push(...stream.getTracks());
          return stream;
        };
      });
      await page.goto(`${app.url}/video-session?performerId=${GIULIA}&displayName=${username}`);
      const request = her.getByTestId('session-request');
      await request.getByRole('button', { name: 'Accetta' }).click();
      await page.getByTestId('live-badge').waitFor();
      await page.getByRole('button', { name: 'Attiva fotocamera' }).click();
      await page.getByRole('button', { name: 'Attiva microfono' }).click();
      await page.getByTestId('local-video').waitFor();
      await page.waitForFunction(
        () =>
          (window as unknown as { __tracks: MediaStreamTrack[] }).__tracks.filter((t) => t.readyState === 'live')
            .length === 2,
        undefined,
        { polling: 100 },
      );
      await screenshot(page, 'session-running-390');

      // he ends before the minimum: the warning, then the receipt
      await page.getByRole('button', { name: 'Termina' }).click();
      await page.getByTestId('confirm-end-session').click();
      const receipt = page.getByTestId('session-receipt');
      await receipt.waitFor();

      // his camera and microphone are off: every track the page opened has ended, his self-view is gone
      await page.waitForFunction(
        () => (window as unknown as { __tracks: MediaStreamTrack[] }).__tracks.every((t) => t.readyState === 'ended'),
        undefined,
        { timeout: 5_000, polling: 100 },
      );
      expect(
        await page.evaluate(() =>
          (window as unknown as { __tracks: MediaStreamTrack[] }).__tracks
            .map((t) => `${t.kind} ${t.readyState}`)
            .sort(),
        ),
      ).toEqual(['audio ended', 'video ended']);
      expect(await page.getByTestId('local-video').count()).toBe(0);

      for (const viewport of [PHONE, LAPTOP]) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `session-receipt-${viewport.width}`);
        await noHorizontalOverflow(page);
        // the receipt stays clear of the stage's header (her name, the timer) and of the site's header
        const card = page.getByTestId('session-status-card');
        await apart(card, page.getByTestId('session-performer-name'), `${viewport.width}px receipt and her name`);
        await apart(card, page.getByTestId('session-timer'), `${viewport.width}px receipt and the timer`);
        await apart(card, page.getByRole('banner').first(), `${viewport.width}px receipt and the site header`);
        await inView(receipt.getByRole('heading', { name: 'Ricevuta' }), `${viewport.width}px 'Ricevuta'`);
        for (const stars of ['1 stella', '3 stelle', '5 stelle'])
          await inView(receipt.getByRole('radio', { name: stars }), `${viewport.width}px '${stars}'`);
        await inView(receipt.getByRole('textbox', { name: 'Commento (facoltativo)' }), `${viewport.width}px comment`);
        await inView(
          receipt.getByRole('button', { name: 'Invia valutazione' }),
          `${viewport.width}px 'Invia valutazione'`,
        );
        await inView(
          page.getByRole('link', { name: 'Torna alla dashboard' }),
          `${viewport.width}px 'Torna alla dashboard'`,
        );
      }

      // the stars say which is chosen, and the chosen ones stand out
      await page.setViewportSize(PHONE);
      await receipt.getByRole('radio', { name: '4 stelle' }).click();
      expect(await receipt.getByRole('radio', { checked: true }).getAttribute('aria-label')).toBe('4 stelle');
      // chosen stars brighter than the others, not dimmer (issue 36): the relative luminance of their colour
      const brightness = async (name: string) =>
        relativeLuminance(await receipt.getByRole('radio', { name }).evaluate((star) => getComputedStyle(star).color));
      // (a hovered star has the hover's colour; the colours change with a transition)
      await page.mouse.move(0, 0);
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      );
      const other = await brightness('5 stelle');
      for (const name of ['1 stella', '3 stelle', '4 stelle']) expect(await brightness(name)).toBeGreaterThan(other);
      await screenshot(page, 'session-receipt-rated-390');
      await page.getByRole('link', { name: 'Torna alla dashboard' }).click();
      await page.waitForURL(`${app.url}/user`);
    } finally {
      await context.close();
      await herContext.close();
    }
  });

  it("shows his own bubbles, 'Invia' and 'Cambia identità' inside a phone's screen", async () => {
    const { app, browser } = started;
    const { context, page, username } = await userOn(app, browser, 'phonechat', 20);
    try {
      await page.goto(`${app.url}/chat?performerId=${GIULIA}`);
      await page
        .getByTestId('alias-chooser')
        .getByRole('button', { name: `Continua con ${username}` })
        .click();
      await page.getByTestId('chat-box').waitFor();
      const input = page.getByTestId('message-input');
      const long =
        'Ciao Giulia! Volevo chiederti se stasera sei online per una videochat, e a che ora più o meno: ' +
        'https://esempio.example/un-indirizzo-lunghissimo-senza-spazi-che-non-si-spezza-da-solo-in-nessun-punto';
      await input.fill(long);
      await page.getByRole('button', { name: 'Invia', exact: true }).click();
      const own = page.locator('[data-testid="chat-message"][data-own="true"]').last();
      await own.getByText('Ciao Giulia!').waitFor();
      for (const viewport of [PHONE, LAPTOP]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `chat-${viewport.width}`);
        await noHorizontalOverflow(page);
        await inView(own.getByTestId('chat-message-text').locator('..'), `${viewport.width}px his own bubble`);
        await inView(page.getByRole('button', { name: 'Invia', exact: true }), `${viewport.width}px 'Invia'`);
        await inView(page.getByRole('button', { name: 'Cambia identità' }), `${viewport.width}px 'Cambia identità'`);
        await inView(input, `${viewport.width}px the message box`);
      }
    } finally {
      await context.close();
    }
  });

  it("names the admin console's actions, records and admins in Italian: no event type, stream or id", async () => {
    const { app, browser } = started;
    const { context, page } = await adminConsole(browser, app.url, ADMIN, PHONE);
    try {
      await page.getByRole('tab', { name: 'Gestione Admin' }).click();
      const rows = page.getByTestId('audit-row');
      await rows.filter({ hasText: 'Offerta creata' }).first().waitFor();
      // the action in Italian, the record by its kind, the admin by name
      expect(await rows.filter({ hasText: 'Offerta creata' }).first().innerText()).toMatch(
        /admin\s+Offerta creata\s+Offerta/,
      );
      const trail = await page.getByTestId('audit-row').allInnerTexts();
      expect(trail.filter((row) => /[a-z][A-Z]|[0-9a-f]{8}-[0-9a-f]{4}/.test(row))).toEqual([]);
      for (const viewport of [PHONE, LAPTOP]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `admin-audit-${viewport.width}`);
      }
      // who ran the payouts: the admin by name, never 'admin 1bee384e'
      await page.getByRole('tab', { name: 'Pagamenti' }).click();
      const run = page.getByTestId('payout-run-row').first();
      await run.filter({ hasText: `da ${ADMIN.username}` }).waitFor();
      expect(await run.innerText()).not.toMatch(/admin [0-9a-f]{8}/);
      // the period's end in Italian formats: a day as gg/mm/aaaa and a time as hh:mm
      expect(await page.getByLabel('Fine del periodo (facoltativa)').getAttribute('placeholder')).toBe('gg/mm/aaaa');
      expect(await page.getByLabel('Ora (hh:mm)').getAttribute('placeholder')).toBe('hh:mm');
      expect(await page.locator('input[type="datetime-local"], input[type="date"]').count()).toBe(0);
      for (const viewport of [PHONE, LAPTOP]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `admin-payouts-${viewport.width}`);
      }
    } finally {
      await context.close();
    }
  });
  it("keeps the app's scripts and styles: the next page loads them from the phone's cache, not again", async () => {
    const { app, browser } = started;
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const page = await context.newPage();
      const devtools = await context.newCDPSession(page);
      await devtools.send('Network.enable');
      const sent = new Map<string, string>();
      const fromCache = new Set<string>();
      const assets: { url: string; cacheControl: string | undefined }[] = [];
      devtools.on('Network.requestWillBeSent', ({ requestId, request }) => sent.set(requestId, request.url));
      devtools.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/assets/'))
          assets.push({ url: response.url(), cacheControl: response.headers()['cache-control'] });
      });

      // the first visit downloads them, to be kept for a year; the page itself is asked for every time
      const first = await page.goto(`${app.url}/`);
      expect(first?.headers()['cache-control']).toBe('no-cache');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const downloaded = new Set(assets.map((asset) => asset.url));
      expect(downloaded.size).toBeGreaterThan(3);
      expect(new Set(assets.map((asset) => asset.cacheControl))).toEqual(
        new Set(['public, max-age=31536000, immutable']),
      );

      // the next page (a whole load, as from a link in a message): what it shares with the first comes from the cache
      sent.clear();
      await page.goto(`${app.url}/login`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const again = [...sent].filter(([, url]) => downloaded.has(url));
      expect(again.length).toBeGreaterThan(3);
      expect(again.filter(([requestId]) => !fromCache.has(requestId)).map(([, url]) => url)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a tab opened before a deploy: its next page loads the new build once, and shows its error rather than reload in a loop', async () => {
    const { app, browser } = started;
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const page = await context.newPage();
      let loads = 0;
      page.on('load', () => void loads++);
      await page.goto(`${app.url}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(loads).toBe(1);
      // the build it was opened with is gone from the server: its FAQ chunk answers 404 (backend/platform/http/app.ts)
      const oldChunk = /\/assets\/faq-[^/]+\.js$/;
      await page.route(oldChunk, (route) => route.fulfill({ status: 404, body: '' }));
      await page.getByRole('link', { name: 'FAQ' }).click();
      // once: the tab reloads onto the build the server has; still failing right after, it shows the error page
      await page.getByRole('heading', { level: 1, name: 'Si è verificato un errore' }).waitFor();
      expect(loads).toBe(2);
      expect(new URL(page.url()).pathname).toBe('/faq');
      await page.unroute(oldChunk);
      await page.getByRole('button', { name: 'Ricarica la pagina' }).click();
      await page.getByRole('heading', { level: 1, name: 'Domande frequenti' }).waitFor();
      expect(loads).toBe(3);
    } finally {
      await context.close();
    }
  });
});
