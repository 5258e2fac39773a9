/**
 * Refunds as people see them (issue 22, item 1; issue 36, item 3): a user pays Giulia for a message;
 * an admin finds the sale in the console's 'Rimborsi' tab by the user's name, opens its line,
 * 'Rimborsa', gives the reason and confirms a refund that names the user and the amount; the user
 * sees a toast and the refund in his 'Movimenti auracoin', Giulia's statement shows the line taken
 * back with the reason, and the refunds list names both. Then an admin who enrolled a TOTP second
 * factor finds a private session by the performer and the day and refunds part of it: the console
 * asks for a code first, and both sides see it again.
 */
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { streams } from '@aura/contracts';
import { client, type TestApp } from '../../backend/test/app-harness';
import { newId } from '../../backend/platform/ids';
import { describeWithChromium, launchChromium, startBrowserApp } from './chromium';
import { adminConsole, performerDashboard, registeredUser } from './steps';

const ADMIN_PASSWORD = 'admin-e2e-password';
const REASON = 'Risposta automatica, non della performer';
const SESSION_REASON = 'Video bloccato per metà della sessione';
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** A registered user's page holding 20 auracoin, credited as purchased ones. */
async function userWithBalance(
  app: TestApp,
  browser: Browser,
  prefix: string,
): Promise<{ page: Page; userId: string; username: string }> {
  const { page, userId, username } = await registeredUser(browser, app.url, prefix, {
    viewport: { width: 1280, height: 720 },
  });
  await app.infra.eventStore.appendToStream(
    streams.wallet(userId),
    [
      {
        id: newId(),
        type: 'AuracoinCredited',
        data: { walletId: userId, amount: 2_000, reason: 'refund', creditedAt: new Date().toISOString() },
      },
    ],
    { expectedRevision: 'any' },
  );
  return { page, userId, username };
}

/** 'Rimborsi' → the search → the sale's line → 'Rimborsa' → amount and reason → a confirmation naming him and the amount. */
async function refundFromConsole(
  admin: Page,
  search: { user?: string; performer?: string; day?: Date },
  line: { username: string; kind: string },
  refund: { amount?: string; expected: string; reason: string },
) {
  await admin.getByRole('tab', { name: 'Rimborsi' }).click();
  const form = admin.getByRole('search', { name: 'Cerca una vendita' });
  if (search.user) await form.getByLabel('Utente').fill(search.user);
  if (search.performer) await form.getByLabel('Performer').fill(search.performer);
  if (search.day) {
    const day = new Intl.DateTimeFormat('it-IT', {
      timeZone: 'Europe/Rome',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(search.day);
    await form.getByLabel('Dal giorno', { exact: true }).fill(day);
    await form.getByLabel('Al giorno', { exact: true }).fill(day);
  }
  await form.getByRole('button', { name: 'Cerca' }).click();
  const sale = admin.getByTestId('sale-row').filter({ hasText: line.username }).filter({ hasText: line.kind });
  await sale.first().waitFor();
  expect(await sale.count()).toBe(1);
  expect(await sale.textContent()).toContain('Giulia');
  await sale.getByRole('button', { name: /^Rimborsa/ }).click();
  const dialog = admin.getByTestId('refund-dialog');
  if (refund.amount) await dialog.getByLabel('Importo da rimborsare (auracoin)').fill(refund.amount);
  await dialog.getByLabel('Motivo').fill(refund.reason);
  await dialog.getByRole('button', { name: 'Continua' }).click();
  const confirmation = dialog.getByTestId('refund-confirmation');
  await confirmation.waitFor();
  const said = (await confirmation.textContent())?.replace(/\u00a0/g, ' ') ?? '';
  expect(said).toContain(`Rimborsi ${refund.expected} auracoin a ${line.username}`);
  expect(said).toContain('Giulia');
  await dialog.getByRole('button', { name: 'Conferma rimborso' }).click();
}

/** He sees the refund: its toast, and the line among his movements. */
async function heSeesRefund(page: Page, amount: number) {
  await page.getByText(`Rimborso ricevuto: +${amount} auracoin`).first().waitFor({ timeout: 15_000 });
  await page
    .getByTestId('ledger-entry')
    .and(page.locator('[data-reason="refund"]'))
    .filter({ hasText: `+${amount} auracoin` })
    .first()
    .waitFor();
}

/** Giulia's latest statement shows this line taken back. */
async function herStatementShows(browser: Browser, baseUrl: string, line: string) {
  const { context, page: hers } = await performerDashboard(browser, baseUrl);
  await hers.getByRole('tab', { name: 'Pagamenti' }).click();
  await hers
    .getByTestId('statement-row')
    .first()
    .getByRole('link', { name: /^Apri l'estratto conto/ })
    .click();
  await hers.getByTestId('statement-page').waitFor();
  await hers.getByText(line).waitFor();
  await context.close();
}

describeWithChromium('refunds in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startBrowserApp({ PAYOUT_RESERVE_DAYS: '0' }, { serveFrontend: true });
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
    const giuliaId = (
      await giulia.post('/api/performer/login', { username: 'giulia.rossi', password: 'demo-performer' })
    ).json.id as string;
    expect((await giulia.send('PATCH', `/api/performers/${giuliaId}`, { messagePrice: 4 })).status).toBe(200);

    // 1. he registers, has 20 purchased auracoin, and pays her 4 for a message
    const { page, userId, username } = await userWithBalance(app, browser, 'rimb');
    const messageId = await page.evaluate(
      async ({ performerId, userId }) => {
        const post = (url: string, body: unknown) =>
          fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).then((answer) => answer.json() as Promise<{ id: string }>);
        const conversation = await post('/api/conversations', { performerId });
        return (
          await post('/api/messages', {
            conversationId: conversation.id,
            senderId: userId,
            senderType: 'user',
            content: 'Ciao Giulia!',
          })
        ).id;
      },
      { performerId: giuliaId, userId },
    );
    await app.settled();
    await app.settled();

    // 2. an admin finds it by his name and refunds it from the console, whole
    const { context: adminContext, page: admin } = await adminConsole(browser, app.url, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    await refundFromConsole(
      admin,
      { user: username },
      { username, kind: 'Messaggio' },
      { expected: '4', reason: REASON },
    );
    await admin.getByText('Rimborso eseguito').first().waitFor();
    const listed = admin.getByTestId('refund-row').filter({ hasText: REASON });
    await listed.waitFor();
    expect(await listed.textContent()).toContain(username);
    expect(await listed.textContent()).toContain('Giulia');
    // nothing is left of the sale: its line says so
    await admin.getByTestId('sale-row').filter({ hasText: username }).filter({ hasText: 'Rimborsata' }).waitFor();
    await adminContext.close();
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);

    // 3. he sees the toast and the refund among his movements
    await heSeesRefund(page, 4);

    // 4. her statement shows the line taken back, with the reason
    await herStatementShows(browser, app.url, `Rimborso (messaggi): ${REASON}`);
  });

  it('an admin enrols TOTP, refunds part of a private session with a fresh code; he and she both see it', async () => {
    const giulia = client(app.url);
    const giuliaId = (
      await giulia.post('/api/performer/login', { username: 'giulia.rossi', password: 'demo-performer' })
    ).json.id as string;
    expect(
      (await giulia.send('PATCH', `/api/performers/${giuliaId}`, { creditsPerMinute: 3, isOnline: true })).status,
    ).toBe(200);
    await app.settled();

    // 1. he has a private session with her, ended at once: the 5-minute minimum, 15 auracoin
    const { page, username } = await userWithBalance(app, browser, 'sess');
    const sessionId = await page.evaluate(async (performerId) => {
      const answer = await fetch('/api/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ performerId }),
      });
      return ((await answer.json()) as { id: string }).id;
    }, giuliaId);
    expect((await giulia.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
    expect(
      await page.evaluate(async (id) => (await fetch(`/api/sessions/${id}/end`, { method: 'POST' })).status, sessionId),
    ).toBe(200);
    await app.settled();
    await app.settled();

    // 2. an admin enrols her second factor
    const { context: adminContext, page: admin } = await adminConsole(browser, app.url, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    await admin.getByRole('tab', { name: 'Sicurezza' }).click();
    await admin.getByRole('button', { name: 'Attiva la verifica a due fattori' }).click();
    const secret = (await admin.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
    await admin.getByLabel("3. Codice a 6 cifre dell'app").fill(codeAt(secret, Date.now()));
    await admin.getByRole('button', { name: 'Conferma e attiva' }).click();
    await admin.getByTestId('mfa-enrolled').waitFor();

    // 3. she finds the session by the performer and today, and refunds 6 of the 15 auracoin: the console asks for a fresh code first
    await refundFromConsole(
      admin,
      { performer: 'giulia', day: new Date() },
      { username, kind: 'Videochat privata' },
      { amount: '6', expected: '6', reason: SESSION_REASON },
    );
    const prompt = admin.getByTestId('mfa-prompt');
    await prompt.getByLabel('Codice di verifica').fill(codeAt(secret, Date.now() + 30_000));
    await prompt.getByRole('button', { name: 'Conferma' }).click();
    await admin.getByText('Rimborso eseguito').first().waitFor();
    await admin.getByTestId('refund-row').filter({ hasText: SESSION_REASON }).waitFor();
    await adminContext.close();
    const codesUsed = (await app.infra.eventStore.readAll()).filter((event) => event.type === 'AdminMfaCodeUsed');
    expect(codesUsed).toHaveLength(1);

    // 4. he sees the toast and the line; she sees the line taken back in her statement
    await heSeesRefund(page, 6);
    await herStatementShows(browser, app.url, `Rimborso (sessioni): ${SESSION_REASON}`);
  });
});
