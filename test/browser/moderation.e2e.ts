/**
 * Reports and statements of reasons (issue 39 items 3-4 and 6, DSA Arts. 16-17): a user reports one of
 * Giulia's photos from her profile with the shared 'Segnala' form, an admin removes it with a
 * statement of reasons from the console's 'Segnalazioni' tab, then ends Giulia's live show from its
 * 'Monitoraggio' tile with another, and Giulia reads both in her dashboard's 'Comunicazioni'.
 */
import type { Browser } from 'playwright-core';
import { client, type TestApp } from '../../backend/test/app-harness';
import { deterministicId } from '../../backend/platform/ids';
import { describeWithChromium, launchChromium, startBrowserApp } from './chromium';
import { adminConsole, performerDashboard, registeredUser } from './steps';

const ADMIN = { username: 'admin', password: 'admin-e2e-password' };
const GIULIA = deterministicId('demo-performer:giulia.rossi');
const STATEMENT = 'La foto viola i termini: ritrae una persona senza il suo consenso documentato.';
const END_STATEMENT = 'Durante lo show è comparsa una persona non registrata come co-performer.';

describeWithChromium('reports and statements of reasons in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startBrowserApp({}, { serveFrontend: true });
    await app.ensureSuperadmin(ADMIN);
    await app.seedDemo();
    await app.settled();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a user reports a photo, an admin removes it and ends her show with statements from the console, she reads them', async () => {
    // 1. he reports her first photo from her profile
    const fan = await registeredUser(browser, app.url, 'segnala', { landing: '/#performers' });
    const card = fan.page.locator(`[data-testid="performer-card"][data-performer-id="${GIULIA}"]`);
    await card.getByRole('button', { name: 'Apri il profilo di Giulia' }).click();
    const shopPhoto = fan.page.getByTestId('profile-dialog').getByTestId('shop-photo').first();
    await shopPhoto.getByRole('button', { name: /^Segnala la foto/ }).click();
    const form = fan.page.getByTestId('report-dialog');
    await form.getByTestId('report-category').selectOption('non_consensuale');
    await form.getByTestId('report-description').fill('Non credo che la persona ritratta abbia acconsentito.');
    await form.getByText('Dichiaro di segnalare in buona fede').click();
    await form.getByRole('button', { name: 'Invia segnalazione' }).click();
    await fan.page.getByText('Segnalazione inviata').waitFor();
    await fan.context.close();

    // 2. an admin finds it among the open reports ('Segnalazioni') and removes the photo with a statement
    await app.settled();
    const { context: adminContext, page: console } = await adminConsole(browser, app.url, ADMIN, {
      width: 390,
      height: 844,
    });
    await console.getByRole('tab', { name: 'Segnalazioni' }).click();
    const report = console.getByTestId('open-report').filter({ hasText: 'Contenuto non consensuale' });
    await report.filter({ hasText: 'Nascosto' }).waitFor();
    await report.getByRole('button', { name: 'Decidi' }).click();
    const decision = console.getByTestId('decision-dialog');
    await decision.getByTestId('decision-action').selectOption('remove_content');
    await decision.getByTestId('decision-ground').selectOption('termini');
    await decision
      .getByTestId('decision-ground-detail')
      .fill('Termini di servizio, art. 4 (consenso delle persone ritratte)');
    await decision.getByTestId('decision-statement').fill(STATEMENT);
    await decision.getByRole('button', { name: 'Conferma la decisione' }).click();
    await console.getByText('Decisione registrata').waitFor();
    await console.getByText('Nessuna segnalazione aperta').waitFor();

    // 3. Giulia goes live; 'Monitoraggio' shows her tile, the admin ends the show with a statement
    const giuliaApi = client(app.url);
    expect(
      (await giuliaApi.post('/api/performer/login', { username: 'giulia.rossi', password: 'demo-performer' })).status,
    ).toBe(200);
    const show = await giuliaApi.post('/api/shows', { title: 'Serata di musica' });
    expect(show.status).toBe(201);
    await app.settled();
    await console.getByRole('tab', { name: 'Monitoraggio' }).click();
    const tile = console.locator(`[data-testid="monitored-show"][data-show-id="${show.json.id as string}"]`);
    await tile.filter({ hasText: 'Serata di musica' }).waitFor();
    await tile.getByRole('button', { name: 'Chiudi lo show' }).click();
    const ending = console.getByTestId('end-show-dialog');
    await ending.getByTestId('decision-ground').selectOption('termini');
    await ending.getByTestId('decision-ground-detail').fill('Termini di servizio, art. 6 (co-performer)');
    await ending.getByTestId('decision-statement').fill(END_STATEMENT);
    await ending.getByRole('button', { name: 'Chiudi lo show' }).click();
    await console.getByText('Show chiuso').waitFor();
    await tile.waitFor({ state: 'detached' });
    expect((await giuliaApi.get(`/api/shows/${show.json.id as string}`)).json).toMatchObject({ status: 'ended' });
    await adminContext.close();
    await app.settled();

    // 4. Giulia reads both in her dashboard's 'Comunicazioni'
    const giulia = await performerDashboard(browser, app.url);
    const notice = giulia.page.getByTestId('moderation-notice');
    await notice.filter({ hasText: STATEMENT }).filter({ hasText: 'Rimozione del contenuto' }).waitFor();
    await notice.filter({ hasText: END_STATEMENT }).filter({ hasText: 'Chiusura dello show' }).waitFor();
    await giulia.context.close();
  });
});
