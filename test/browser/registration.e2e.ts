import type { Browser } from 'playwright-core';
import { SENSITIVE_DATA_CONSENT_TEXTS, streams } from '@aura/contracts';
import type { TestApp } from '../../backend/test/app-harness';
import { describeWithChromium, launchChromium, startBrowserApp } from './chromium';
import { expectText, fillRegistration } from './steps';

describeWithChromium('registration in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startBrowserApp({}, { serveFrontend: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('registers, shows 10 auracoin, and updates the balance live without reload', async () => {
    const page = await browser.newPage();
    const username = `mario${Date.now().toString(36)}`;
    await fillRegistration(page, app.url, { username });

    await page.waitForURL(`${app.url}/user`);
    await page
      .getByText('Registrazione completata con successo. Hai ricevuto 10 auracoin di benvenuto per iniziare!')
      .waitFor();
    const balance = page.getByTestId('balance');
    await expectText(balance, '10');

    const userId = await page.evaluate(() => localStorage.getItem('userId'));
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await app.infra.eventStore.appendToStream(
      streams.wallet(userId!),
      [
        {
          id: crypto.randomUUID(),
          type: 'AuracoinCredited',
          data: { walletId: userId, amount: 2550, reason: 'purchase', creditedAt: new Date().toISOString() },
        },
      ],
      { expectedRevision: 0 },
    );
    await expectText(balance, '35,5');
    expect(navigations).toEqual([]);
    await page.close();
  });

  it('asks explicit consent to data about sexual life before it registers anyone', async () => {
    const page = await browser.newPage();
    const username = `nina${Date.now().toString(36)}`;
    await page.goto(`${app.url}/register`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Conferma Password').fill('secret-pass');
    const consent = page.getByRole('checkbox', { name: SENSITIVE_DATA_CONSENT_TEXTS.label });
    expect(await consent.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Registrati Gratis' }).click();
    await page.getByText(SENSITIVE_DATA_CONSENT_TEXTS.required).waitFor();
    expect(page.url()).toBe(`${app.url}/register`);
    await page.getByText(SENSITIVE_DATA_CONSENT_TEXTS.label).click();
    expect(await consent.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Registrati Gratis' }).click();
    await page.waitForURL(`${app.url}/user`);
    await page.close();
  });

  it('shows the server refusal of a taken username in a toast', async () => {
    const page = await browser.newPage();
    const username = `luigi${Date.now().toString(36)}`;
    const register = () =>
      fillRegistration(page, app.url, {
        username,
        email: `${username}${Math.random().toString(36).slice(2)}@example.com`,
      });
    await register();
    await page.waitForURL(`${app.url}/user`);
    await page.evaluate(() => localStorage.clear());
    await register();
    await page.getByText('Errore di registrazione').waitFor();
    await page.getByText('Username già in uso').waitFor();
    expect(page.url()).toBe(`${app.url}/register`);
    await page.close();
  });

  describe('past the registration limit of its address', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await startBrowserApp({ RATE_LIMITS: 'register=1/1h' }, { serveFrontend: true });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it("says 'Troppi tentativi, riprova più tardi' and stays on the form", async () => {
      const first = `anna${Date.now().toString(36)}`;
      const registered = await fetch(`${limited.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: first,
          email: `${first}@example.com`,
          password: 'secret-pass',
          sensitiveDataConsent: true,
        }),
      });
      expect(registered.status).toBe(201);
      const page = await browser.newPage();
      await fillRegistration(page, limited.url, { username: `bruno${Date.now().toString(36)}` });
      await page.getByText('Errore di registrazione').waitFor();
      await page.getByText('Troppi tentativi, riprova più tardi', { exact: true }).waitFor();
      expect(page.url()).toBe(`${limited.url}/register`);
      await page.close();
    });
  });

  it('shows the Italian 404 page for an unknown route, with the way home', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Pagina non trovata' }).waitFor();
    await page.getByRole('link', { name: 'Torna alla Home' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.close();
  });
});
