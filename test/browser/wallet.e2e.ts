import type { Browser } from 'playwright-core';
import { streams } from '@aura/contracts';
import { walletBalance } from '../../backend/ledger';
import { superadminClient } from '../../backend/test/admin-session';
import type { TestApp } from '../../backend/test/app-harness';
import { describeWithChromium, launchChromium, startBrowserApp } from './chromium';
import { expectText, fillRegistration, registeredUser } from './steps';

describeWithChromium('wallet in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startBrowserApp({}, { serveFrontend: true });
    const admin = await superadminClient(app);
    for (const pkg of [
      { credits: 100, bonus: 0, price: 99, popular: false },
      { credits: 1000, bonus: 100, price: 899, popular: true },
    ]) {
      const created = await admin.post('/api/packages', pkg);
      if (created.status !== 201) throw new Error(`package: ${created.status} ${created.text}`);
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('registers, sees 10 auracoin, buys a package in the sandbox, celebrates, buys an alias', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const username = `anna${Date.now().toString(36)}`;
    await fillRegistration(page, app.url, { username });
    await page.waitForURL(`${app.url}/user`);
    const balance = page.getByTestId('balance');
    await expectText(balance, '10');
    await page.getByTestId('level-badge').filter({ hasText: 'Bronze' }).waitFor();
    // under 50 auracoin the alias button is disabled
    expect(await page.getByRole('button', { name: 'Nuovo alias' }).isDisabled()).toBe(true);

    // Acquista on the 1,100-auracoin package: to the sandbox's TEST MODE page, pay, back to /user
    await page.getByRole('button', { name: 'Acquista 1.100 auracoin' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/cs_test_/);
    await page.getByText('MODALITÀ TEST').waitFor();
    await page.getByTestId('sandbox-pay').click();
    await page.waitForURL(/\/user/);
    await page.getByTestId('celebration').and(page.locator('[data-kind="stars"]')).waitFor({ timeout: 10_000 });
    await page.getByText('Acquisto Completato!').waitFor();
    await expectText(balance, '1.110');
    // the celebration lasts 3 seconds
    await page.getByTestId('celebration').waitFor({ state: 'detached', timeout: 6_000 });

    const userId = await page.evaluate(() => localStorage.getItem('userId'));
    expect(walletBalance(await app.infra.eventStore.readStream(streams.wallet(userId!)))).toBe(111_000);

    // an alias for 50: the dialog submits with Enter
    await page.getByRole('button', { name: 'Nuovo alias' }).click();
    await page.getByLabel('Nome alias').fill('Lupo Solitario');
    await page.getByLabel('Nome alias').press('Enter');
    await page.getByText('Alias creato!').waitFor();
    const item = page.getByTestId('alias-item').filter({ hasText: 'Lupo Solitario' });
    await item.getByText('Attivo').waitFor();
    await expectText(balance, '1.060');

    // his movements: the alias was paid with purchased auracoin, his 10 welcome ones are still there
    const ledger = page.getByTestId('wallet-ledger');
    await expectText(ledger.getByTestId('ledger-purchased-balance'), '1.050');
    await expectText(ledger.getByTestId('ledger-promotional-balance'), '10');
    await ledger
      .getByTestId('ledger-entry')
      .filter({ hasText: 'Alias' })
      .getByTestId('ledger-entry-split')
      .filter({ hasText: 'acquistati -50 · promozionali 0' })
      .waitFor();
    await ledger
      .getByTestId('ledger-entry')
      .filter({ hasText: 'Auracoin di benvenuto' })
      .getByTestId('ledger-entry-split')
      .filter({ hasText: 'acquistati 0 · promozionali +10' })
      .waitFor();
    await page.close();
  });

  it("shows a limited offer's countdown and its bonus on the cards while it runs, and neither once it ends", async () => {
    const admin = await superadminClient(app);
    expect((await admin.post('/api/offers', { bonusPercent: 20, durationMinutes: 120 })).status).toBe(201);
    const { page } = await registeredUser(browser, app.url, 'offerta', { landing: null });
    // the page's own clock, so that two hours pass at once (the server's offer runs on real time)
    await page.clock.install();
    await page.goto(`${app.url}/user`);
    const banner = page.getByTestId('offer-banner');
    const countdown = banner.getByTestId('offer-countdown');
    await countdown.filter({ hasText: /^01:59:5\d$/ }).waitFor();
    // 20% of the 1,100-auracoin package
    const extra = page.getByText("+220 auracoin con l'offerta");
    await extra.waitFor();
    const before = await countdown.innerText();
    await page.clock.runFor(3_000);
    await countdown.filter({ hasText: new RegExp(`^(?!${before}$)01:59:[45]\\d$`) }).waitFor();

    await page.clock.fastForward('02:00:00');
    await banner.waitFor({ state: 'detached' });
    await extra.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
