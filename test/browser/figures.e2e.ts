/**
 * Every figure comes from a read model, and moves without a reload (issue 36, item 2): the landing's
 * 'Live adesso' only while somebody is live; the admin's statistics (the top performers' ratings are
 * the stars users gave), her dashboard (total earnings, the chart, sessions, rating), her weekly
 * statement in 'Pagamenti' (a column per source, tips included, adding up to her share), the
 * printable statement (one session counted once), and the admin's users list (a deleted user
 * leaves it). Each figure shown is compared with the API's answer for it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  formatAuracoin,
  formatEuro,
  formatEuroCents,
  formatInteger,
  formatNumber,
  ratingLabel,
  type PerformerView,
  type StatementView,
  type StatisticsView,
} from '@aura/contracts';
import { client, type TestApp } from '../../backend/test/app-harness';
import { fund } from '../../backend/test/admin-session';
import { browserApp, describeWithChromium } from './chromium';
import { adminConsole, performerOnline, registeredUser } from './steps';

const ADMIN = { username: 'admin', password: 'admin-figures-password' };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

/** The text of a locator with no-break spaces as spaces (Italian amounts carry one before '€'). */
const textOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\u00a0/g, ' ').trim();
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** Waits until the element shows exactly `expected` (a push moved it, no reload). */
async function shows(page: Page, testId: string, expected: string, timeout = 15_000) {
  const escaped = plain(expected)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/ /g, '[\\s\\u00a0]');
  await page
    .getByTestId(testId)
    .first()
    .filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) })
    .waitFor({ timeout });
}

async function adminGet<T>(app: TestApp, path: string): Promise<T> {
  const admin = client(app.url);
  expect((await admin.post('/api/admin/verify', ADMIN)).status).toBe(200);
  const answer = await admin.get(path);
  expect(answer.status).toBe(200);
  return answer.json as unknown as T;
}

describeWithChromium('every figure from a read model, live', () => {
  const started = browserApp(async (app) => {
    await app.ensureSuperadmin(ADMIN);
    await app.seedDemo();
  });
  const contexts: BrowserContext[] = [];
  const context = async (browser: Browser) => {
    const made = await browser.newContext(DESKTOP);
    contexts.push(made);
    return made;
  };
  afterAll(async () => {
    for (const made of contexts) await made.close().catch(() => undefined);
  });

  it('the landing says "Live adesso" only while somebody is live', async () => {
    const { app, browser } = started;
    const landing = await (await context(browser)).newPage();
    await landing.goto(app.url);
    await shows(landing, 'hero-online', '0');
    expect(await landing.getByTestId('hero-live').count()).toBe(0);
    expect(await landing.getByText('Live adesso').count()).toBe(0);

    // Sofia goes online: the badge shows without a reload, and goes when she leaves
    const sofia = client(app.url);
    const sofiaId = (await sofia.post('/api/performer/login', { username: 'sofia.marino', password: 'demo-performer' }))
      .json.id as string;
    expect((await sofia.send('PATCH', `/api/performers/${sofiaId}`, { isOnline: true })).status).toBe(200);
    await landing.getByTestId('hero-live').filter({ hasText: 'Live adesso' }).waitFor({ timeout: 15_000 });
    await shows(landing, 'hero-online', '1');
    expect((await sofia.send('PATCH', `/api/performers/${sofiaId}`, { isOnline: false })).status).toBe(200);
    await landing.getByTestId('hero-live').waitFor({ state: 'detached', timeout: 15_000 });
  });

  it("the admin's statistics, her dashboard, payments and statement show the API's figures, and follow a session live", async () => {
    const { app, browser } = started;

    // the admin's statistics and users list, open before anything happens
    const { context: adminContext, page: adminPage } = await adminConsole(browser, app.url, ADMIN, DESKTOP.viewport);
    contexts.push(adminContext);
    await adminPage.getByRole('tab', { name: 'Statistiche' }).click();
    const before = await adminGet<StatisticsView>(app, '/api/statistics');
    await shows(adminPage, 'stat-sessions', formatInteger(before.sessions.total));
    await shows(adminPage, 'stat-total-users', formatInteger(before.totalUsers));
    // no review yet: no rating anywhere in the top performers (the demo's profiles carry none either)
    expect(before.topPerformers.every((p) => p.rating === null)).toBe(true);
    const topTable = adminPage.getByRole('heading', { name: 'Top performer' }).locator('xpath=..').getByRole('table');
    for (const performer of before.topPerformers) {
      const row = topTable.getByRole('row').filter({ hasText: performer.name });
      await row.waitFor();
      expect(plain((await row.textContent()) ?? '')).toContain(`${formatAuracoin(performer.creditsPerMinute)}–`);
    }

    // Giulia's dashboard, open and online
    const giulia = await performerOnline(browser, app.url);
    contexts.push(giulia.context);
    const her = giulia.page;
    const giuliaId = await her.evaluate(
      async () => ((await (await fetch('/api/performer/me', { credentials: 'include' })).json()) as { id: string }).id,
    );
    const giuliaApi = client(app.url);
    expect(
      (await giuliaApi.post('/api/performer/login', { username: 'giulia.rossi', password: 'demo-performer' })).status,
    ).toBe(200);
    const herView = async () => (await giuliaApi.get(`/api/performers/${giuliaId}`)).json as unknown as PerformerView;
    const herEarnings = async () =>
      (await giuliaApi.get(`/api/performers/${giuliaId}/earnings`)).json as unknown as { totalEarnings: number };
    expect(giuliaId).toMatch(/^[0-9a-f-]{36}$/);
    await shows(her, 'total-earnings', formatEuro((await herEarnings()).totalEarnings));
    await her.getByText(ratingLabel(null)).first().waitFor();

    // a user with 30 purchased auracoin has a private session with her, ended at once (the 5-minute minimum), and rates it 5
    const {
      context: userContext,
      page: userPage,
      username,
      userId,
    } = await registeredUser(browser, app.url, 'cifre', { viewport: DESKTOP.viewport });
    contexts.push(userContext);
    await fund(app, userId, 30);
    const sessionId = await userPage.evaluate(async (performerId) => {
      const answer = await fetch('/api/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ performerId }),
      });
      return ((await answer.json()) as { id: string }).id;
    }, giuliaId);
    expect((await giuliaApi.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
    const userCalls = async (path: string, body?: unknown) =>
      userPage.evaluate(
        async ({ path, body }) =>
          (
            await fetch(path, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: body === undefined ? undefined : JSON.stringify(body),
            })
          ).status,
        { path, body },
      );
    expect(await userCalls(`/api/sessions/${sessionId}/end`)).toBe(200);
    expect(await userCalls(`/api/sessions/${sessionId}/rating`, { stars: 5 })).toBe(201);
    await app.settled();
    await app.settled();

    // the statistics moved without a reload, and say what the API says
    const after = await adminGet<StatisticsView>(app, '/api/statistics');
    expect(after.sessions.total).toBe(before.sessions.total + 1);
    await shows(adminPage, 'stat-sessions', formatInteger(after.sessions.total));
    await shows(adminPage, 'stat-session-minutes', formatInteger(after.sessions.billedMinutes));
    await shows(adminPage, 'stat-session-revenue', formatAuracoin(after.sessions.revenue));
    await shows(adminPage, 'stat-total-users', formatInteger(after.totalUsers));
    // her rating is the one review's 5 stars; nobody else has one
    expect(after.topPerformers[0]).toMatchObject({ name: 'Giulia', rating: 5 });
    await topTable
      .getByRole('row')
      .filter({ hasText: 'Giulia' })
      .filter({ hasText: formatNumber(5, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })
      .waitFor({ timeout: 15_000 });
    for (const performer of after.topPerformers.slice(1)) expect(performer.rating).toBeNull();

    // her dashboard: total earnings and the chart from one read model, sessions and rating, all live
    const earnings = await herEarnings();
    expect(earnings.totalEarnings).toBe(8.25);
    await shows(her, 'total-earnings', formatEuro(earnings.totalEarnings));
    expect(plain((await her.getByTestId('earnings-chart').getAttribute('aria-label')) ?? '')).toBe(
      plain(`Guadagni degli ultimi 30 giorni: ${formatEuro(earnings.totalEarnings)} in totale`),
    );
    const view = await herView();
    await shows(her, 'performer-total-sessions', formatInteger(view.totalSessions));
    expect(view.rating).toBe(5);
    await her.getByText(ratingLabel(view.rating)).first().waitFor({ timeout: 15_000 });
    expect(await her.getByText(ratingLabel(null)).count()).toBe(0);

    // 'Pagamenti': the week's row, a column per source (tips included) adding up to her share
    const statements = (await giuliaApi.get(`/api/performers/${giuliaId}/statements`))
      .json as unknown as StatementView[];
    const week = statements[0]!;
    await her.getByRole('tab', { name: 'Pagamenti' }).click();
    const row = her.getByTestId('statement-row').first();
    await row.waitFor();
    const headers = (await her.getByRole('columnheader').allTextContents()).map((text) => text.trim());
    const cells = (await row.getByRole('cell').allTextContents()).map(plain);
    const cell = (header: string) => cells[headers.indexOf(header)];
    expect(cell('Sessioni')).toBe(plain(formatEuroCents(week.sources.session.shareCents)));
    expect(cell('Messaggi')).toBe(plain(formatEuroCents(week.sources.message.shareCents)));
    expect(cell('Foto')).toBe(plain(formatEuroCents(week.sources.photo.shareCents)));
    expect(cell('Mance')).toBe(plain(formatEuroCents(week.sources.tip.shareCents)));
    expect(cell('Rimborsi e contestazioni')).toBe(plain(formatEuroCents(-(week.clawedBackCents + week.heldCents))));
    const owed = week.shareCents - week.clawedBackCents - week.heldCents;
    expect(cell('Quota 55%')).toBe(plain(formatEuroCents(owed)));
    const sources = Object.values(week.sources).reduce((sum, source) => sum + source.shareCents, 0);
    expect(sources - week.clawedBackCents - week.heldCents).toBe(owed);

    // the printable statement: one session is one sale
    expect(week.sources.session.count).toBe(1);
    await row.getByRole('link', { name: /^Apri l'estratto conto/ }).click();
    await her.getByTestId('statement-page').waitFor();
    const sessionLine = her.getByRole('row').filter({ hasText: /^\s*Sessioni/ });
    expect(plain((await sessionLine.getByRole('cell').nth(1).textContent()) ?? '')).toBe('1');
    expect(await textOf(her, 'statement-page-sales')).toBe(
      String(Object.values(week.sources).reduce((sum, source) => sum + source.count, 0)),
    );

    // the admin's users list: he is listed; he deletes his account and leaves the list without a reload
    await adminPage.getByRole('tab', { name: 'Utenti' }).click();
    const listed = adminPage.getByTestId(`user-row-${username}`);
    await listed.waitFor();
    await userPage.goto(`${app.url}/impostazioni`);
    await userPage.getByLabel('Password per confermare').fill('secret-pass');
    await userPage.getByRole('button', { name: 'Elimina il mio account' }).click();
    await userPage.getByRole('alertdialog').getByRole('button', { name: 'Elimina definitivamente' }).click();
    await userPage.getByText('Account eliminato').first().waitFor();
    await listed.waitFor({ state: 'detached', timeout: 15_000 });
  });
});
