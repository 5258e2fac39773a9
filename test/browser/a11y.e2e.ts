import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { lastClosedPayoutWeek } from '@aura/contracts';
import { client, startTestApp, type TestApp } from '../../backend/test/app-harness';
import { fund } from '../../backend/test/admin-session';
import { deterministicId } from '../../backend/platform/ids';
import { describeWithChromium, firstVisitContext, launchChromium } from './chromium';
import { signInAdmin, fillRegistration, signInPerformer } from './steps';

/**
 * Every route (the keys of frontend/src/app/pages.ts, read from its source so a new page is covered
 * the day it is listed), for a visitor, a user, a performer and an admin, at 1366 and 390 px:
 * axe-core finds no violation on the page nor on any tab panel it shows, and no page is wider
 * than its viewport. One browser; one context per role (bypassing the CSP only so that axe's script
 * can be injected).
 */
const PAGES_SOURCE = readFileSync(path.join(__dirname, '../../frontend/src/app/pages.ts'), 'utf8');
const ROUTES = [...PAGES_SOURCE.matchAll(/^\s*'(\/[^']*)':\s*\{/gm)].map((m) => m[1]!);
const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
/** Routes whose content depends on their query: visited bare and with these queries too. */
const QUERIES: Record<string, string[]> = {
  '/performer/statement': [`?week=${lastClosedPayoutWeek(new Date()).weekStart}`],
};
const ROLES = ['visitor', 'user', 'performer', 'admin'] as const;
type Role = (typeof ROLES)[number];

const ADMIN = { username: 'admin', password: 'admin-a11y-password' };
const GIULIA = deterministicId('demo-performer:giulia.rossi');

/**
 * Every dialog of the app, opened as its role would open it: the route, the tab, the button (a
 * dialog that opens by itself has none). A new dialog gets its line here.
 */
const DIALOGS: { role: Role; route: string; tab?: string; button?: string | RegExp; name: string }[] = [
  { role: 'visitor', route: '/', button: 'Apri il profilo di Giulia', name: 'profile dialog' },
  { role: 'user', route: '/', button: 'Apri il profilo di Giulia', name: 'profile dialog (signed in, photo shop)' },
  { role: 'user', route: '/user', button: 'Nuovo alias', name: 'new alias' },
  { role: 'user', route: `/chat?performerId=${GIULIA}`, name: "alias chooser ('Chi vuoi essere oggi?')" },
  { role: 'performer', route: '/performer/dashboard', tab: 'Galleria', button: '+ Aggiungi Foto', name: 'add photo' },
  { role: 'admin', route: '/admin', tab: 'Utenti', button: /^Modifica saldo di /, name: 'edit balance' },
  { role: 'admin', route: '/admin', tab: 'Utenti', button: /^Elimina /, name: 'delete user' },
  { role: 'admin', route: '/admin', tab: 'Performer', button: '+ Nuova Performer', name: 'new performer' },
  { role: 'admin', route: '/admin', tab: 'Performer', button: 'Modifica Giulia', name: 'edit performer' },
];

/** Waits until the page is there, its requests have settled and its entrance animations are over. */
async function settle(page: Page) {
  // every page has its h1 once its chunk is in (a redirect, e.g. to a login page, loads another one)
  await page
    .waitForFunction(() => document.querySelector('h1') !== null, undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** axe-core's violations on the page as it stands, one line each (rule, impact, where). */
async function axeViolations(page: Page, where: string): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: require.resolve('axe-core') });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
      document,
      { resultTypes: ['violations'] },
    ),
  );
  return results.violations.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${where}: ${v.id} (${v.impact ?? '?'}) at ${node.target.join(' ')}: ` +
        `${node.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''} ${node.html.slice(0, 160)}`,
    ),
  );
}

/** Whether the page is wider than its viewport (a horizontal scroll on a phone). */
async function overflow(page: Page, where: string): Promise<string[]> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  return scrollWidth <= innerWidth ? [] : [`${where}: page is ${scrollWidth} px wide in a ${innerWidth} px viewport`];
}

/** Scans the page, then each tab of each tab list it shows (their panels are only in the DOM when chosen). */
async function scan(page: Page, where: string): Promise<string[]> {
  const found = [...(await axeViolations(page, where)), ...(await overflow(page, where))];
  const tabCount = await page.getByRole('tab').count();
  for (let i = 0; i < tabCount; i++) {
    const tab = page.getByRole('tab').nth(i);
    if (!(await tab.isVisible()) || (await tab.getAttribute('aria-selected')) === 'true' || (await tab.isDisabled()))
      continue;
    const name = ((await tab.textContent()) ?? '').trim().replace(/\s+/g, ' ');
    await tab.click();
    await settle(page);
    const here = `${where} [tab ${name}]`;
    found.push(...(await axeViolations(page, here)), ...(await overflow(page, here)));
  }
  return found;
}

async function signIn(page: Page, baseUrl: string, role: Role, app?: TestApp) {
  if (role === 'user') {
    await fillRegistration(page, baseUrl, { username: `a11y${Date.now().toString(36)}` });
    await page.waitForURL(`${baseUrl}/user`);
    if (app) {
      // enough auracoin for an alias, and a conversation with a message from her, so /chat shows its list, its box and its bubbles
      const userId = (await page.evaluate(() => localStorage.getItem('userId')))!;
      await fund(app, userId, 100);
      const conversation = await page.evaluate(async (performerId) => {
        const response = await fetch('/api/conversations', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ performerId }),
        });
        return (await response.json()) as { id: string; performer: { messagePrice: number } };
      }, GIULIA);
      await page.evaluate(
        async ([id, userId, price]) => {
          await fetch('/api/messages', {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              conversationId: id,
              senderId: userId,
              senderType: 'user',
              content: 'Ciao!',
              expectedPrice: price,
            }),
          });
        },
        [conversation.id, userId, conversation.performer.messagePrice] as const,
      );
      const giulia = client(baseUrl);
      await giulia.post('/api/performer/login', { username: 'giulia.rossi', password: 'demo-performer' });
      await giulia.post('/api/messages', {
        conversationId: conversation.id,
        senderId: GIULIA,
        senderType: 'performer',
        content: 'Ciao, come stai?',
      });
      await app.settled();
    }
  } else if (role === 'performer') {
    await signInPerformer(page, baseUrl);
  } else if (role === 'admin') {
    await signInAdmin(page, baseUrl, ADMIN);
  }
}

describeWithChromium('accessibility: every route, every role, both widths', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startTestApp({}, { serveFrontend: true });
    await app.ensureSuperadmin(ADMIN);
    await app.seedDemo();
    // a limited offer running: its banner on every page, its row in the admin's offers table
    const admin = client(app.url);
    await admin.post('/api/admin/verify', ADMIN);
    const offer = await admin.post('/api/offers', { bonusPercent: 20, durationMinutes: 120 });
    if (offer.status !== 201) throw new Error(`offer: ${offer.status} ${offer.text}`);
    await app.settled();
    browser = await launchChromium();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('reads the routes from pages.ts', () => {
    expect(ROUTES).toContain('/');
    expect(ROUTES).toContain('/performer/dashboard');
    expect(ROUTES.length).toBeGreaterThanOrEqual(12);
  });

  for (const role of ROLES) {
    it(`${role}: no axe violation and no horizontal overflow on any route at 1366 and 390 px`, async () => {
      let context: BrowserContext | undefined;
      try {
        context = await browser.newContext({ viewport: WIDTHS[0], reducedMotion: 'reduce', bypassCSP: true });
        const page = await context.newPage();
        await signIn(page, app.url, role, app);
        const found: string[] = [];
        for (const viewport of WIDTHS) {
          await page.setViewportSize(viewport);
          for (const route of ROUTES) {
            for (const query of ['', ...(QUERIES[route] ?? [])]) {
              await page.goto(`${app.url}${route}${query}`);
              await settle(page);
              found.push(...(await scan(page, `${role} ${viewport.width}px ${route}${query}`)));
            }
          }
        }
        expect(found).toEqual([]);
      } finally {
        await context?.close();
      }
    }, 600_000);
  }

  for (const role of ROLES) {
    it(`${role}: no axe violation in any dialog, open, at 1366 and 390 px`, async () => {
      let context: BrowserContext | undefined;
      try {
        context = await browser.newContext({ viewport: WIDTHS[0], reducedMotion: 'reduce', bypassCSP: true });
        const page = await context.newPage();
        await signIn(page, app.url, role, app);
        const found: string[] = [];
        const opened: string[] = [];
        for (const viewport of WIDTHS) {
          await page.setViewportSize(viewport);
          for (const dialog of DIALOGS.filter((each) => each.role === role)) {
            await page.goto(`${app.url}${dialog.route}`);
            await settle(page);
            if (dialog.tab) {
              await page.getByRole('tab', { name: dialog.tab, exact: true }).click();
              await settle(page);
            }
            if (dialog.button) await page.getByRole('button', { name: dialog.button }).first().click();
            const shown = page.locator('[role="dialog"], [role="alertdialog"]').first();
            await shown.waitFor();
            await settle(page);
            opened.push(dialog.name);
            found.push(
              ...(await axeViolations(page, `${role} ${viewport.width}px ${dialog.route} [dialog ${dialog.name}]`)),
            );
            await page.keyboard.press('Escape');
          }
          if (role === 'user') {
            // a conversation open: its bubbles (his and hers), its header, the composer
            await page.goto(`${app.url}/chat`);
            await page.getByTestId('conversation-item').first().click();
            await page.getByTestId('chat-message').nth(1).waitFor();
            await settle(page);
            found.push(...(await axeViolations(page, `${role} ${viewport.width}px /chat [conversation open]`)));
          }
        }
        expect(opened).toHaveLength(DIALOGS.filter((each) => each.role === role).length * WIDTHS.length);
        expect(found).toEqual([]);
      } finally {
        await context?.close();
      }
    }, 600_000);
  }

  it('visitor: no axe violation in the 18+ gate and the cookie notice of a first visit, at both widths', async () => {
    const context = await firstVisitContext(browser, { viewport: WIDTHS[0], reducedMotion: 'reduce', bypassCSP: true });
    try {
      const page = await context.newPage();
      const found: string[] = [];
      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport);
        await page.goto(`${app.url}/`);
        await page.getByRole('alertdialog').waitFor();
        await settle(page);
        found.push(...(await axeViolations(page, `first visit ${viewport.width}px [age gate]`)));
      }
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
