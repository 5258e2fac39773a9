/**
 * Money screens people can use (issue 36, items 3 and 6), on a phone: the demo's starter package
 * costs at most 10 €, and her profile says what the 10 welcome auracoin buy with her; he buys the
 * starter, tips from her menu only once he confirmed the item and its price; 'Movimenti auracoin'
 * names the package's euro and the performer he tipped, in Italian; deleting his account checks
 * his password on the server first, then a dialog says how many auracoin he loses (no browser
 * `confirm` anywhere).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { client } from '../../backend/test/app-harness';
import { browserApp, describeWithChromium } from './chromium';
import { expectText, performerOnline, registeredUser } from './steps';

const PHONE = { viewport: { width: 390, height: 844 } };
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

/** A page that fails its test on any browser dialog (alert, confirm, prompt). */
function noBrowserDialogs(page: Page, seen: string[]) {
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

describeWithChromium('money screens on a phone', () => {
  const started = browserApp(async (app) => app.seedDemo());
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  it('a starter package within reach, and her profile says what the welcome auracoin buy with her', async () => {
    const { app, browser } = started;
    const context = await browser.newContext(PHONE);
    contexts.push(context);
    const page = await context.newPage();
    const packages = (await client(app.url).get('/api/packages')).json as unknown as { price: number }[];
    expect(Math.min(...packages.map((pkg) => pkg.price))).toBeLessThanOrEqual(10);

    // Sofia (2 auracoin/min): 5 minutes; Giulia (3/min): not even her minimum
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Apri il profilo di Sofia' }).click();
    await expectText(
      page.getByTestId('welcome-minutes'),
      'I 10 auracoin di benvenuto valgono 5 minuti di videochat privata con lei',
    );
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apri il profilo di Giulia' }).click();
    await page
      .getByTestId('welcome-minutes')
      .filter({ hasText: 'I 10 auracoin di benvenuto non coprono il minimo di 5 minuti con lei (15 auracoin)' })
      .waitFor();
    // the visitor leaves: an open profile counts as one of her viewers (the next test counts hers)
    await context.close();
  });

  it('buys the starter, tips from her menu once confirmed, reads his movements in Italian, and deletes his account knowing what he loses', async () => {
    const { app, browser } = started;
    const dialogs: string[] = [];

    // Giulia on air with a tip menu
    const giulia = await performerOnline(browser, app.url);
    contexts.push(giulia.context);
    const giuliaId = await giulia.page.evaluate(
      async () => ((await (await fetch('/api/performer/me', { credentials: 'include' })).json()) as { id: string }).id,
    );
    const menu = await giulia.page.evaluate(async (id) => {
      const answer = await fetch(`/api/performers/${id}/tip-menu`, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ label: 'Una canzone', price: 5 }] }),
      });
      return answer.status;
    }, giuliaId);
    expect(menu).toBe(200);
    await giulia.page.getByRole('tab', { name: 'Show dal vivo' }).click();
    await giulia.page.getByTestId('go-live').click();
    await giulia.page.getByTestId('show-title-input').fill('Serata acustica');
    await giulia.page.getByTestId('go-live-confirm').click();
    await giulia.page.getByTestId('end-show').waitFor();

    // he registers on his phone and buys the starter package in the sandbox
    const { context, page } = await registeredUser(browser, app.url, 'soldi', { landing: null, ...PHONE });
    contexts.push(context);
    noBrowserDialogs(page, dialogs);
    await page.goto(`${app.url}/user`);
    const balance = page.getByTestId('balance');
    await expectText(balance, '10');
    await page.getByRole('button', { name: 'Acquista 10 auracoin' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/cs_test_/);
    await page.getByTestId('sandbox-pay').click();
    await page.waitForURL(/\/user/);
    await page.getByText('Acquisto Completato!').waitFor({ timeout: 15_000 });
    // 10 welcome + the starter's 10 and the demo's running offer (+20%): 22
    await expectText(balance, '22');

    // her menu: the item asks for a confirmation naming it and its price; 'Annulla' spends nothing
    await page.goto(`${app.url}/show/${giuliaId}`);
    await page.getByTestId('show-title').filter({ hasText: 'Serata acustica' }).waitFor();
    // the show's first viewer reads one viewer, and so does she
    for (const seen of [page, giulia.page])
      await seen
        .getByTestId('show-viewers')
        .filter({ hasText: /^1 spettatore$/ })
        .first()
        .waitFor({ timeout: 15_000 });
    // her live summary's peak is not below the count beside it
    await giulia.page.getByTestId('summary-peak').filter({ hasText: /^1$/ }).waitFor();
    // her card in the gallery says it too, to anyone (a page that watches nothing)
    const gallery = await context.newPage();
    await gallery.goto(app.url);
    const card = gallery.locator(`[data-testid="performer-card"][data-performer-id="${giuliaId}"]`);
    await card
      .getByTestId('live-badge')
      .filter({ hasText: /^IN ONDA · 1$/ })
      .waitFor({ timeout: 15_000 });
    await card.getByTestId('viewer-badge').getByLabel('1 spettatore', { exact: true }).waitFor({ timeout: 15_000 });
    await gallery.close();
    const item = page.getByTestId('tip-menu').getByRole('button', { name: /Una canzone/ });
    await item.click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    const said = plain(await confirm.textContent());
    expect(said).toContain('Confermi la mancia?');
    expect(said).toContain('«Una canzone» costa 5 auracoin');
    expect(said).toContain('Giulia');
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    await confirm.waitFor({ state: 'detached' });
    await item.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Paga 5 auracoin' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });

    // his movements: the package's euro, the tip named and given to her, in Italian; one tip of 5 left his 22
    await page.goto(`${app.url}/user`);
    await expectText(balance, '17');
    const ledger = page.getByTestId('wallet-ledger');
    const titles = ledger.getByTestId('ledger-entry-title');
    await titles.filter({ hasText: 'Mancia a Giulia' }).waitFor();
    await titles.filter({ hasText: /^Acquisto pacchetto · 10,00\s€$/ }).waitFor();
    const all = plain((await ledger.textContent()) ?? '');
    expect(all).not.toMatch(/\btip\b/);
    expect(all).toContain('Mancia: 5');

    // deleting: a wrong password is refused by the server before any question
    await page.goto(`${app.url}/impostazioni`);
    await page.getByLabel('Password per confermare').fill('not-my-password');
    await page.getByRole('button', { name: 'Elimina il mio account' }).click();
    await page.getByText('Account non eliminato').first().waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    // the right one: the dialog says the 17 auracoin are lost; 'Annulla' keeps the account
    await page.getByLabel('Password per confermare').fill('secret-pass');
    await page.getByRole('button', { name: 'Elimina il mio account' }).click();
    const sure = page.getByRole('alertdialog');
    await sure.waitFor();
    expect(plain(await sure.getByTestId('delete-account-loss').textContent())).toContain('Perderai i tuoi 17 auracoin');
    await sure.getByRole('button', { name: 'Annulla' }).click();
    await sure.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Elimina il mio account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Elimina definitivamente' }).click();
    await page.getByText('Account eliminato').first().waitFor();
    // home, not the sign-in page (he has no account to sign in to)
    await page.waitForURL(`${app.url}/`);
    expect(dialogs).toEqual([]);
  });
});
