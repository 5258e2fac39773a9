/**
 * Issue 12's layout and form defects, kept fixed: the admin's Pacchetti tab no wider than a phone,
 * every required field's message on the first submit, names and ages whole on a phone's gallery
 * card, forecast amounts on one line, and the photo form's price checked in Italian.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { ageOn } from '@aura/contracts';
import { DEMO_PERFORMER_PASSWORD } from '../../backend/commands/performers/demo-data';
import { browserApp, describeWithChromium } from './chromium';
import { signInAdmin } from './steps';

const ADMIN = { username: 'capo', password: 'capo-password-1' };
const PHONE = { width: 390, height: 844 };

describeWithChromium('issue 12 polish in the browser', () => {
  const started = browserApp(async (app) => {
    await app.ensureSuperadmin(ADMIN);
    await app.seedDemo();
  });
  const url = (path: string) => `${started.app.url}${path}`;
  const newPage = (viewport: { width: number; height: number }) => started.browser.newPage({ viewport });

  /** A page of the admin's, signed in: through the form the first time, then with that session (its storageState). */
  let adminSession: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  async function adminPage(viewport: { width: number; height: number }) {
    const context = await started.browser.newContext({ viewport, storageState: adminSession });
    const page = await context.newPage();
    page.once('close', () => void context.close());
    if (adminSession) {
      await page.goto(url('/admin'));
      await page.getByRole('tab').first().waitFor();
    } else {
      await signInAdmin(page, url(''), ADMIN);
      adminSession = await context.storageState();
    }
    return page;
  }

  async function signInAsPerformer(page: Page, username: string) {
    await page.goto(url('/performer/login'));
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(DEMO_PERFORMER_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(url('/performer/dashboard'));
  }

  /** A field's label as it reads, before the required marker. */
  const labelled = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}`);

  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  it("keeps /admin → Pacchetti Auracoin (with a limited offer's table) within a 390 px phone", async () => {
    const page = await adminPage(PHONE);
    await page.getByRole('tab', { name: 'Pacchetti Auracoin' }).click();
    const offers = page.getByTestId('offers-admin-panel');
    await offers.getByRole('button', { name: 'Avvia offerta' }).click();
    await page.getByText('Offerta creata').first().waitFor();
    // the table with its visually hidden 'Azioni' header and the row's Termina button
    await offers.getByRole('columnheader', { name: 'Azioni' }).waitFor({ state: 'attached' });
    await offers.getByRole('button', { name: 'Termina' }).first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // and no other tab of the console is wider than the phone either
    const tooWide: Record<string, number> = {};
    for (const tab of ['Statistiche', 'Utenti', 'Performer', 'Verifica Performer', 'Gestione Admin']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.waitForLoadState('networkidle');
      const width = await pageWidth(page);
      if (width > PHONE.width) tooWide[tab] = width;
    }
    expect(tooWide).toEqual({});
    await page.close();
  });

  it("shows every required field's message on the admin performer form's first submit", async () => {
    const page = await adminPage({ width: 1366, height: 900 });
    await page.getByRole('tab', { name: 'Performer', exact: true }).click();
    await page.getByRole('button', { name: '+ Nuova Performer' }).click();
    const form = page.getByRole('form', { name: 'Nuova performer' });
    // the dialog puts the focus in Nome: pressing Crea blurs it first (its message appears and
    // moves the button), as a person's click does
    const nome = form.getByLabel(labelled('Nome'));
    await page.waitForFunction((id) => document.activeElement?.id === id, await nome.getAttribute('id'));
    await form.getByRole('button', { name: 'Crea' }).click();
    await form.getByText('Campo obbligatorio').nth(4).waitFor({ timeout: 5_000 });
    expect(await form.getByText('Campo obbligatorio').count()).toBe(5);
    for (const label of ['Nome', 'Età', 'Auracoin al minuto', 'Immagine (URL)', 'Lingue (separate da virgola)']) {
      expect({ label, invalid: await form.getByLabel(labelled(label)).getAttribute('aria-invalid') }).toEqual({
        label,
        invalid: 'true',
      });
    }
    await page.close();
  });

  it("keeps 'Valentina, 33' whole on a 390 px gallery card", async () => {
    const page = await newPage(PHONE);
    await page.goto(url('/'));
    const card = page.getByRole('article', { name: 'Valentina' });
    await card.scrollIntoViewIfNeeded();
    const name = card.getByTestId('performer-name');
    expect(await name.innerText()).toBe(`Valentina, ${ageOn('1993-01-27', new Date())}`);
    // nothing of the name or the age is cut: no overflow sideways nor a clamped second line
    const box = await name.evaluate((el) => ({
      sw: el.scrollWidth,
      cw: el.clientWidth,
      sh: el.scrollHeight,
      ch: el.clientHeight,
    }));
    expect(box.sw).toBeLessThanOrEqual(box.cw);
    expect(box.sh).toBeLessThanOrEqual(box.ch);
    // every card of the gallery, the same
    const cut = await page
      .getByTestId('performer-name')
      .evaluateAll((els) =>
        els
          .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)
          .map((el) => el.textContent),
      );
    expect(cut).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });

  it("keeps the earnings forecast's amounts on one line at 390 px, in Italian", async () => {
    const page = await newPage(PHONE);
    await signInAsPerformer(page, 'valentina.greco');
    await page.getByTestId('daily-target').fill('1440');
    // 1.440 minutes × 5 auracoin/min: 7.200 a day, 50.400 a week, 216.000 a month; her 55% of it
    const amounts = page.getByTestId('forecast-amount');
    await amounts.filter({ hasText: '118.800,00 €' }).waitFor();
    expect((await amounts.allInnerTexts()).map((text) => text.replace(/\s/g, ' '))).toEqual([
      '3.960,00 €',
      '27.720,00 €',
      '118.800,00 €',
    ]);
    const lines = await amounts.evaluateAll((els) =>
      els.map((el) => ({
        height: el.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(el).lineHeight),
        sw: el.scrollWidth,
        cw: el.clientWidth,
      })),
    );
    for (const line of lines) {
      expect(line.height).toBeLessThan(line.line * 1.5);
      expect(line.sw).toBeLessThanOrEqual(line.cw);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });

  it("checks the photo's price in the browser in Italian, and words a server refusal with the form's messages", async () => {
    const page = await newPage(PHONE);
    await signInAsPerformer(page, 'giulia.rossi');
    await page.getByRole('tab', { name: 'Galleria' }).click();
    await page.getByRole('button', { name: '+ Aggiungi Foto' }).click();
    const dialog = page.getByTestId('add-photo-dialog');
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/photos')) posted.push(request.url());
    });
    await dialog.getByLabel("oppure URL dell'immagine").fill('https://example.com/tramonto.jpg');
    await dialog.getByLabel('Titolo').fill('Tramonto');
    const price = dialog.getByLabel('Prezzo (auracoin)');
    const add = dialog.getByRole('button', { name: 'Aggiungi', exact: true });

    // 0,3 and an empty price: refused here, in Italian, nothing sent
    await price.fill('0.3');
    await add.click();
    await dialog.getByText('Prezzo minimo 0,5 auracoin').waitFor();
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    await price.fill('0.75');
    await dialog.getByText('Il prezzo va a passi di 0,5').waitFor();
    await price.fill('');
    await add.click();
    await dialog.getByText('Inserisci il prezzo').waitFor();
    expect(posted).toEqual([]);

    // a refusal only the server makes reads as the form's own message under the field
    await page.route('**/api/performers/*/photos', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              status: 400,
              code: 'validation_failed',
              error: 'Invalid fields: body.title',
              errors: [{ path: 'body.title', message: 'Too big' }],
            }),
          })
        : route.continue(),
    );
    await price.fill('12.5');
    await add.click();
    await dialog.getByText('Il titolo è obbligatorio (massimo 120 caratteri)').waitFor();
    expect(await dialog.getByLabel('Titolo').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('body').innerText()).not.toMatch(/Invalid fields|body\.title|Too big/);
    await page.unroute('**/api/performers/*/photos');

    // and a valid photo goes through
    await add.click();
    await page.getByText('Foto aggiunta!').waitFor();
    await page.getByTestId('own-photo').filter({ hasText: 'Tramonto' }).filter({ hasText: '12,5 auracoin' }).waitFor();
    await page.close();
  });
});
