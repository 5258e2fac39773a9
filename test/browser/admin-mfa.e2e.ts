/**
 * An admin enrols a TOTP second factor in the console's 'Sicurezza' tab (QR code and manual key,
 * recovery codes shown once, confirmed with a code her app would show: computed here from the
 * manual key), then runs payouts: the money action asks for a code in a dialog and goes through
 * with a fresh one (docs/architecture.md#admin-mfa).
 */
import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../../backend/test/app-harness';
import { describeWithChromium, launchChromium, startBrowserApp } from './chromium';

const ADMIN_PASSWORD = 'admin-e2e-password';
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describeWithChromium('admin second factor in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startBrowserApp({}, { serveFrontend: true });
    await app.ensureSuperadmin({ username: 'admin', password: ADMIN_PASSWORD });
    await app.settled();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('enrols TOTP, then a payout run asks for a code and succeeds with it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/admin`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();

    await page.getByRole('tab', { name: 'Sicurezza' }).click();
    await page.getByRole('button', { name: 'Attiva la verifica a due fattori' }).click();
    await page.getByTestId('mfa-qr').waitFor();
    const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByTestId('mfa-recovery-codes').locator('li').count()).toBe(10);
    await page.getByText('non verranno più mostrati').waitFor();
    await page.getByLabel("3. Codice a 6 cifre dell'app").fill(codeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Conferma e attiva' }).click();
    await page.getByTestId('mfa-enrolled').waitFor();
    // the recovery codes are gone from the page once confirmed
    expect(await page.getByTestId('mfa-recovery-codes').count()).toBe(0);

    await page.getByRole('tab', { name: 'Pagamenti' }).click();
    await page.getByRole('button', { name: 'Esegui ora' }).click();
    const prompt = page.getByTestId('mfa-prompt');
    await prompt.getByText('Verifica a due fattori').waitFor();
    // a wrong code asks again
    await prompt.getByLabel('Codice di verifica').fill('000000');
    await prompt.getByRole('button', { name: 'Conferma' }).click();
    await prompt.getByText('Codice non valido o già usato').waitFor();
    // the next step's code: the one that confirmed the enrolment was used (±1 step is accepted)
    await prompt.getByLabel('Codice di verifica').fill(codeAt(secret, Date.now() + 30_000));
    await prompt.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('Pagamenti avviati').first().waitFor();
    await page.getByTestId('payout-run-row').first().waitFor();
    const runs = await app.infra.eventStore.readAll();
    expect(runs.filter((event) => event.type === 'PayoutRunRequested')).toHaveLength(1);
    expect(runs.filter((event) => event.type === 'AdminMfaCodeUsed')).toHaveLength(1);
    await context.close();
  });
});
