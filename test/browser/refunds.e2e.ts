/**
 * Refunds as people see them (issue 22, item 1): a user pays Giulia for a message, an admin refunds
 * it in the console's 'Rimborsi' tab with a reason, the user sees a toast and the refund in his
 * 'Movimenti auracoin', and Giulia's statement shows the line taken back, with the reason.
 */
import type { Browser } from 'playwright-core';
import { streams } from '@aura/contracts';
import { client, startTestApp, type TestApp } from '../../backend/test/app-harness';
import { newId } from '../../backend/platform/ids';
import { describeWithChromium, launchChromium } from './chromium';
import { signInAdmin, fillRegistration, signInPerformer } from './steps';

const ADMIN_PASSWORD = 'admin-e2e-password';
const REASON = 'Risposta automatica, non della performer';

describeWithChromium('refunds in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startTestApp({ PAYOUT_RESERVE_DAYS: '0' }, { serveFrontend: true });
    await app.ensureSuperadmin({ username: 'admin', password: ADMIN_PASSWORD });
    await app.seedDemo();
    await app.settled();
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('an admin refunds a paid message; he sees the toast and the ledger line, she the statement line', async () => {
    const giulia = client(app.url);
    const giuliaId = (await giulia.post('/api/performer/login', { username: 'giulia.rossi', password: 'demo-performer' })).json.id as string;
    expect((await giulia.send('PATCH', `/api/performers/${giuliaId}`, { messagePrice: 4 })).status).toBe(200);

    // 1. he registers, has 20 purchased auracoin, and pays her 4 for a message
    const page = await browser.newPage();
    await fillRegistration(page, app.url, { username: `rimb${Date.now().toString(36)}` });
    await page.waitForURL(`${app.url}/user`);
    const userId = (await page.evaluate(() => localStorage.getItem('userId')))!;
    await app.infra.eventStore.appendToStream(streams.wallet(userId), [
      { id: newId(), type: 'AuracoinCredited', data: { walletId: userId, amount: 2_000, reason: 'refund', creditedAt: new Date().toISOString() } },
    ], { expectedRevision: 'any' });
    const messageId = await page.evaluate(async ({ performerId, userId }) => {
      const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((answer) => answer.json() as Promise<{ id: string }>);
      const conversation = await post('/api/conversations', { performerId });
      return (await post('/api/messages', { conversationId: conversation.id, senderId: userId, senderType: 'user', content: 'Ciao Giulia!' })).id;
    }, { performerId: giuliaId, userId });
    await app.settled();
    await app.settled();

    // 2. an admin refunds it from the console
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAdmin(admin, app.url, { username: 'admin', password: ADMIN_PASSWORD });
    await admin.getByRole('tab', { name: 'Rimborsi' }).click();
    await admin.getByRole('button', { name: 'Messaggio' }).click();
    await admin.getByLabel('Id del messaggio a pagamento').fill(messageId);
    await admin.getByLabel('Motivo').fill(REASON);
    await admin.getByRole('button', { name: 'Rimborsa' }).click();
    await admin.getByText('Rimborso eseguito').first().waitFor();
    await admin.getByTestId('refund-row').filter({ hasText: REASON }).waitFor();
    await adminContext.close();

    // 3. he sees the toast and the refund among his movements
    await page.getByText('Rimborso ricevuto: +4 auracoin').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('ledger-entry').and(page.locator('[data-reason="refund"]')).filter({ hasText: '+4 auracoin' }).first().waitFor();

    // 4. her statement shows the line taken back, with the reason
    const context = await browser.newContext();
    const hers = await context.newPage();
    await signInPerformer(hers, app.url);
    await hers.getByRole('tab', { name: 'Pagamenti' }).click();
    await hers.getByTestId('statement-row').first().getByRole('link', { name: /^Apri l'estratto conto/ }).click();
    await hers.getByTestId('statement-page').waitFor();
    await hers.getByText(`Rimborso (messaggi): ${REASON}`).waitFor();
    await context.close();
  });
});
