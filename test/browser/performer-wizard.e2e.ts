import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../../backend/test/app-harness';
import { describeWithChromium, launchChromium, startBrowserApp } from './chromium';
import { signContract } from './steps';

/** A tiny valid PNG (1×1): the server types uploads by their content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function toast(page: Page, title: string, description: string) {
  const shown = page.getByTestId('toast').filter({ hasText: title });
  await shown.filter({ hasText: description }).waitFor();
}

/**
 * The performer wizard at 390 px: the Italian date entry (typed gg/mm/aaaa, or a Monday-first
 * Italian calendar used from the keyboard), a future birth date refused, and the final submit
 * answering with the spec's toasts in order.
 */
describeWithChromium('performer registration wizard in the browser', () => {
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

  it('takes an Italian birth date typed or picked from a calendar that starts on Monday', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto(`${app.url}/performer/register`);
    const date = page.getByLabel('Data di nascita');
    const hint = page.getByTestId('age-hint');
    const next = page.getByRole('button', { name: 'Continua' });

    // typed digit by digit, the slashes come by themselves; an English browser changes nothing
    await date.pressSequentially('05031990');
    expect(await date.inputValue()).toBe('05/03/1990');
    await hint.filter({ hasText: /^\d+ anni$/ }).waitFor();
    expect(await next.isDisabled()).toBe(false);

    // a future date is refused in Italian, never as a negative age
    await date.fill(`01/01/${new Date().getFullYear() + 1}`);
    await hint.filter({ hasText: 'La data di nascita non può essere nel futuro' }).waitFor();
    expect(await hint.textContent()).not.toMatch(/-\d/);
    expect(await next.isDisabled()).toBe(true);
    // a day that does not exist says so
    await date.fill('31/02/1990');
    await page.getByText('Questa data non esiste: usa il formato gg/mm/aaaa').waitFor();
    expect(await next.isDisabled()).toBe(true);

    // the calendar: weeks start on Monday, Italian names, usable from the keyboard
    await date.fill('05/03/1990');
    await page.getByRole('button', { name: 'Apri il calendario' }).click();
    const calendar = page.getByRole('dialog', { name: 'Calendario' });
    await calendar.getByRole('grid').waitFor();
    const headers = (await calendar.getByTestId('weekday-header').allTextContents()).map((t) => t.trim());
    expect(headers).toEqual(['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom']);
    expect(await calendar.getByLabel('Mese').locator('option:checked').textContent()).toMatch(/^marzo$/i);
    expect(await calendar.getByLabel('Anno').inputValue()).toBe('1990');
    // 5 March 1990 was a Monday: first column
    const firstColumnDays = await calendar.locator('tbody tr td:first-child').allTextContents();
    expect(firstColumnDays.map((d) => d.trim())).toContain('5');

    // no axe violation in the open calendar
    await page.addScriptTag({ path: require.resolve('axe-core') });
    const axe = await page.evaluate(() =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(document, {
        resultTypes: ['violations'],
      }),
    );
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // the chosen day has the focus: → moves a day, Enter chooses, the calendar closes
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'hidden' });
    expect(await date.inputValue()).toBe('06/03/1990');
    // Escape closes it without choosing
    await page.getByRole('button', { name: 'Apri il calendario' }).click();
    await calendar.getByRole('grid').waitFor();
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    expect(await date.inputValue()).toBe('06/03/1990');
    await context.close();
  });

  it('lets the final submit be pressed and answers with the spec toast for what is missing, in order', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const suffix = Date.now().toString(36);
    await page.goto(`${app.url}/performer/register`);
    await page.getByLabel("Nome d'arte").fill(`Bea ${suffix}`);
    await page.getByLabel('Username').fill(`bea${suffix}`);
    await page.getByLabel('Password').fill('secret-pass');
    // the email is left empty: step 1 → 2 needs only the age (spec)
    await page.getByLabel('Data di nascita').fill('10/05/1996');
    await page.getByRole('button', { name: 'Continua' }).click();
    const next = page.getByRole('button', { name: 'Continua' });
    expect(await next.isDisabled()).toBe(true);
    await page
      .getByTestId('document-input')
      .setInputFiles({ name: 'documento.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('attached-document').waitFor();
    await next.click();

    const submit = page.getByRole('button', { name: 'Completa Registrazione' });
    expect(await submit.isDisabled()).toBe(false);
    // 1. required fields come first, even with no signature and no terms
    await submit.click();
    await toast(page, 'Campi mancanti', 'Compila tutti i campi obbligatori');

    await page.getByRole('button', { name: 'Indietro' }).click();
    await page.getByRole('button', { name: 'Indietro' }).click();
    await page.getByLabel('Email').fill(`bea${suffix}@example.com`);
    await page.getByRole('button', { name: 'Continua' }).click();
    await page.getByRole('button', { name: 'Continua' }).click();
    // 4. then the signature
    await submit.click();
    await toast(page, 'Firma mancante', 'Firma il contratto per completare la registrazione');

    await signContract(page);
    // 5. then the terms
    await submit.click();
    await toast(page, 'Termini e condizioni', 'Devi accettare i termini e condizioni');
    await page.close();
  });
});
