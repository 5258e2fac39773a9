/**
 * Reports and statements of reasons (issue 39 items 3-4, DSA Arts. 16-17): a user reports one of
 * Giulia's photos from her profile with the shared 'Segnala' form, an admin removes it with a
 * statement of reasons, and Giulia reads the statement in her dashboard's 'Comunicazioni'.
 */
import type { Browser } from 'playwright-core';
import { client, startTestApp, type TestApp } from '../../backend/test/app-harness';
import { deterministicId } from '../../backend/platform/ids';
import { describeWithChromium, launchChromium } from './chromium';
import { performerDashboard, registeredUser } from './steps';

const ADMIN = { username: 'admin', password: 'admin-e2e-password' };
const GIULIA = deterministicId('demo-performer:giulia.rossi');
const STATEMENT = 'La foto viola i termini: ritrae una persona senza il suo consenso documentato.';

describeWithChromium('reports and statements of reasons in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startTestApp({}, { serveFrontend: true });
    await app.ensureSuperadmin(ADMIN);
    await app.seedDemo();
    await app.settled();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a user reports a photo, an admin removes it with a statement, she reads the statement', async () => {
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

    // 2. an admin finds it among the open reports and removes the photo with a statement
    const admin = client(app.url);
    expect((await admin.post('/api/admin/verify', ADMIN)).status).toBe(200);
    await app.settled();
    const open = (await admin.get('/api/admin/reports?status=open')).json as unknown as {
      id: string;
      targetKind: string;
      hidden: boolean;
    }[];
    expect(open).toMatchObject([{ targetKind: 'photo', hidden: true }]);
    const decided = await admin.post(`/api/admin/reports/${open[0]!.id}/decision`, {
      action: 'remove_content',
      ground: 'termini',
      groundDetail: 'Termini di servizio, art. 4 (consenso delle persone ritratte)',
      statement: STATEMENT,
    });
    expect(decided.status).toBe(200);
    await app.settled();

    // 3. Giulia reads it in her dashboard's 'Comunicazioni'
    const giulia = await performerDashboard(browser, app.url);
    const notice = giulia.page.getByTestId('moderation-notice');
    await notice.filter({ hasText: STATEMENT }).waitFor();
    await notice.filter({ hasText: 'Rimozione del contenuto' }).waitFor();
    await giulia.context.close();
  });
});
