import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fund } from '../../backend/test/admin-session';
import type { TestApp } from '../../backend/test/app-harness';
import { janusInstalled, JANUS_BINARY, startJanus, type JanusServer } from '../../backend/platform/sfu/janus-server';
import { browserApp, describeWithChromium, launchChromium, startBrowserApp } from './chromium';
import { axeFindings, performerLive, registeredUser } from './steps';

/**
 * A public show across four browsers: Giulia goes live from her dashboard (her fake camera through
 * the embedded SFU), a visitor who finds it from her gallery card (its live frame, 'Guarda lo show') and two users
 * (one writing as an alias) watch /show/:performerId and decode her frames, the viewer count reads 3 then 2 when one
 * leaves, her profile opened from her card on the landing plays the show inline, the title she changes in her
 * panel reaches every room, a tip moves the goal bar on every page and her earnings, a chat line reaches everyone,
 * and when she ends the show every viewer sees 'Lo show è terminato'. The whole show runs on the embedded SFU;
 * on Debian's Janus, when it is installed, its media path (docs/architecture.md#media-path): she publishes, a
 * visitor and a user decode her frames, the room counts them, and her end reaches them. The rest of the show
 * (titles, goal, tips, chat, axe) does not touch the SFU, and walking it twice took 35 s of the browser tier.
 */
describeWithChromium('public shows in the browser, embedded SFU', () => {
  const started = browserApp(async (app) => {
    await app.seedDemo();
  });
  it(
    'goes live, fills the room, moves the goal on every page, ends for everyone',
    () => showForEveryone(started),
    240_000,
  );
});

if (!janusInstalled())
  process.stdout.write(`\n[skip] public shows on Janus: ${JANUS_BINARY} is not installed (apt-get install janus)\n`);
(janusInstalled() ? describeWithChromium : describe.skip)('public shows in the browser, on Janus', () => {
  const started = {} as { app: TestApp; browser: Browser };
  let janus: JanusServer | undefined;
  beforeAll(async () => {
    janus = await startJanus();
    started.app = await startBrowserApp(
      { SFU: 'janus', JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret },
      { serveFrontend: true },
    );
    await started.app.seedDemo();
    await started.app.settled();
    started.browser = await launchChromium();
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.app?.close();
    await janus?.stop();
  });
  it(
    'goes live through Janus, a visitor and a user decode her frames and are counted, her end reaches them',
    () => mediaPathOnly(started),
    120_000,
  );
});

/** A phone watching: a visitor, or a user registered now (through the API: the form has its own tests). */
async function viewer(browser: Browser, url: string, options: { register?: string } = {}) {
  if (options.register) {
    const { context, page, userId } = await registeredUser(browser, url, options.register, { landing: null });
    return { context, page, userId };
  }
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return { context, page: await context.newPage(), userId: null };
}

/** her video plays on the page: frames decoded (a size) and its time moving on */
async function decodesFrames(page: Page) {
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="show-video"]');
      return video !== null && video.videoWidth > 0 && video.currentTime > 0;
    },
    undefined,
    { timeout: 30_000, polling: 100 },
  );
  const first = await page.$eval('[data-testid="show-video"]', (video) => (video as HTMLVideoElement).currentTime);
  await page.waitForFunction(
    (since) => (document.querySelector<HTMLVideoElement>('[data-testid="show-video"]')?.currentTime ?? 0) > since + 0.5,
    first,
    { timeout: 15_000, polling: 100 },
  );
}

const goal = (page: Page, text: string) =>
  page.getByTestId('goal-progress').filter({ hasText: text }).waitFor({ timeout: 15_000 });
const viewers = (page: Page, count: number) =>
  page
    .getByTestId('show-viewers')
    .filter({ hasText: new RegExp(`^${count} spettator`) })
    .first()
    .waitFor({ timeout: 15_000 });

type Viewer = Awaited<ReturnType<typeof viewer>>;

/**
 * Her show live ('Serata jazz'), a visitor and Mario (registered) on phones beside it; `body` walks it
 * (`join` brings another viewer), and every context opened is closed after.
 */
async function withLiveShow(
  { app, browser }: { app: TestApp; browser: Browser },
  body: (show: {
    her: Awaited<ReturnType<typeof performerLive>>;
    visitor: Viewer;
    mario: Viewer;
    join: (register: string) => Promise<Viewer>;
  }) => Promise<void>,
) {
  const contexts: BrowserContext[] = [];
  const join = async (register?: string) => {
    const joined = await viewer(browser, app.url, register ? { register } : {});
    contexts.push(joined.context);
    return joined;
  };
  try {
    const her = await performerLive(browser, app.url, 'Serata jazz');
    contexts.push(her.context);
    await body({ her, visitor: await join(), mario: await join('mario'), join });
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
  }
}

function showForEveryone(started: { app: TestApp; browser: Browser }) {
  const { app, browser } = started;
  return withLiveShow(started, async ({ her, visitor, mario, join }) => {
    const { performerId } = her;
    const luca = await join('luca');
    await fund(app, mario.userId!, 100);
    await fund(app, luca.userId!, 100);
    // Luca writes as an alias he bought
    const alias = await luca.page.request.post(`${app.url}/api/users/${luca.userId}/aliases`, {
      data: { aliasName: 'Lupo', price: 50 },
    });
    expect(alias.status()).toBe(201);

    const pages = [visitor.page, mario.page, luca.page];
    // the visitor finds her show in the gallery: her card shows a frame of it, 'IN ONDA' and 'Guarda lo show'
    await visitor.page.goto(`${app.url}/`);
    const card = visitor.page.locator(`[data-testid="performer-card"][data-performer-id="${performerId}"]`);
    await card.getByTestId('live-thumbnail').waitFor({ timeout: 20_000 });
    await card
      .getByTestId('live-badge')
      .filter({ hasText: /^IN ONDA/ })
      .waitFor();
    await card.getByRole('button', { name: 'Guarda lo show' }).click();
    await visitor.page.waitForURL(`${app.url}/show/${performerId}`);
    for (const page of [mario.page, luca.page]) await page.goto(`${app.url}/show/${performerId}`);
    for (const page of pages) await page.getByTestId('show-title').filter({ hasText: 'Serata jazz' }).waitFor();
    for (const page of pages) await decodesFrames(page);
    await viewers(her.page, 3);
    await viewers(visitor.page, 3);
    expect(await visitor.page.getByTestId('show-private-rate').textContent()).toMatch(/Privato: .* auracoin\/min/);
    // the landing's live figures count her show and its real viewers; her profile, opened from her card, plays it inline
    const landing = await browser.newPage();
    await landing.goto(`${app.url}/`);
    await landing.getByTestId('hero-shows').filter({ hasText: /^1$/ }).waitFor();
    await landing.getByTestId('hero-viewers').filter({ hasText: /^3$/ }).waitFor();
    await landing
      .locator(`[data-testid="performer-card"][data-performer-id="${performerId}"]`)
      .getByRole('button', { name: /^Apri il profilo di/ })
      .click();
    await landing.getByTestId('profile-dialog').getByTestId('dialog-live-video').waitFor();
    await decodesFrames(landing);
    await landing.close();
    // she changes the title in her panel: the rooms show the new one live
    await her.page.getByTestId('show-retitle-input').fill('Serata jazz e blues');
    await her.page.getByTestId('show-retitle-submit').click();
    for (const page of pages) await page.getByTestId('show-title').filter({ hasText: 'Serata jazz e blues' }).waitFor();
    expect(await visitor.page.getByTestId('room-chat-input').count()).toBe(0);

    await luca.page.getByRole('button', { name: 'Cambia' }).click();
    const chooser = luca.page.getByTestId('alias-chooser');
    await chooser.getByText('Lupo').click();
    await chooser.getByRole('button', { name: 'Continua con Lupo' }).click();
    await luca.page.getByTestId('room-identity').filter({ hasText: 'Lupo' }).waitFor();

    // her goal reaches every page; Mario's tip moves it everywhere, and her earnings
    await her.page.getByTestId('goal-description').fill('Balla una canzone');
    await her.page.getByTestId('goal-target').fill('20');
    await her.page.getByTestId('goal-submit').click();
    for (const page of [her.page, ...pages]) await goal(page, '0 / 20');
    await mario.page.getByTestId('tip-amount').fill('10');
    await mario.page.getByTestId('tip-send').click();
    for (const page of [her.page, ...pages]) await goal(page, '10 / 20');
    await her.page.getByTestId('summary-earnings').filter({ hasText: '5,50' }).waitFor({ timeout: 15_000 });
    await visitor.page.getByTestId('show-celebration').filter({ hasText: 'ha lasciato 10' }).waitFor();
    // Mario is the room's king, by his name, on every page (hers too), live
    for (const page of [her.page, ...pages])
      await page.getByTestId('room-king').filter({ hasText: 'Re della stanza' }).filter({ hasText: 'mario' }).waitFor();

    // a line from the alias reaches everyone, under the alias
    await luca.page.getByTestId('room-chat-input').fill('Ciao a tutti');
    await luca.page.getByRole('button', { name: 'Invia' }).click();
    for (const page of [her.page, ...pages])
      await page.getByTestId('room-line').filter({ hasText: 'LupoCiao a tutti' }).waitFor();

    // axe while the show is live, the goal, a tip and a chat line on show: the room of a visitor and of a signed-in
    // viewer (his tip and his chat box) on a phone, her live panel on her laptop; nothing wrong, no contrast left for review
    expect([
      ...(await axeFindings(visitor.page, "visitor's show room, 390 px")),
      ...(await axeFindings(mario.page, "viewer's show room, 390 px")),
      ...(await axeFindings(her.page, 'her live panel, 1366 px')),
    ]).toEqual([]);

    // one leaves: 2
    await visitor.context.close();
    await viewers(her.page, 2);
    await viewers(mario.page, 2);

    await her.page.getByTestId('end-show').click();
    for (const page of [mario.page, luca.page]) await page.getByTestId('show-ended').waitFor({ timeout: 15_000 });
    await her.page.getByTestId('show-summary').waitFor();
    // three rooms and, for a moment, her profile playing the show inline on the landing
    expect(await her.page.getByTestId('summary-peak').textContent()).toBe('4');
  });
}

/** Her show's media path only: her camera published, two viewers' pages decoding it, counted, and ended. */
function mediaPathOnly(started: { app: TestApp; browser: Browser }) {
  return withLiveShow(started, async ({ her, visitor, mario }) => {
    for (const page of [visitor.page, mario.page]) await page.goto(`${started.app.url}/show/${her.performerId}`);
    for (const page of [visitor.page, mario.page]) await decodesFrames(page);
    await viewers(her.page, 2);
    await viewers(mario.page, 2);

    await her.page.getByTestId('end-show').click();
    for (const page of [visitor.page, mario.page]) await page.getByTestId('show-ended').waitFor({ timeout: 15_000 });
    await her.page.getByTestId('show-summary').waitFor();
    expect(await her.page.getByTestId('summary-peak').textContent()).toBe('2');
  });
}
