import type { Page } from 'playwright-core';
import { formatAuracoin, minimumSessionCost, type ConversationView } from '@aura/contracts';
import { fund, superadminClient } from '../../backend/test/admin-session';
import { deterministicId } from '../../backend/platform/ids';
import { browserApp, describeWithChromium, firstVisitContext } from './chromium';
import { fillRegistration, performerOnline, signInPerformer } from './steps';

/**
 * The journey of a new user (issue 23): the 18+ gate and the cookie notice of a first visit, the
 * information pages, the warning before ending a session under its minimum and the receipt after
 * it, a new message seen outside /chat, and the identity he last used with a performer chosen
 * for him.
 */
describeWithChromium('a new user’s journey', () => {
  const started = browserApp(async (app) => app.seedDemo());
  const giuliaId = deterministicId('demo-performer:giulia.rossi');

  async function newUser(prefix: string, auracoin = 0) {
    const context = await started.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const username = `${prefix}${Date.now().toString(36)}`;
    await fillRegistration(page, started.app.url, { username });
    await page.waitForURL(`${started.app.url}/user`);
    const userId = (await page.evaluate(() => localStorage.getItem('userId')))!;
    if (auracoin > 0) await fund(started.app, userId, auracoin);
    return { context, page, username, userId };
  }

  const postJson = (page: Page, url: string, body: unknown) =>
    page.evaluate(
      async ([target, data]) => {
        const response = await fetch(target, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(data),
        });
        return { status: response.status, json: (await response.json()) as unknown };
      },
      [url, body] as const,
    );

  it("asks 18+ on a first visit ('Esci' keeps him out), remembers 'Ho almeno 18 anni', tells of the one necessary cookie, and links real pages", async () => {
    const { url } = started.app;
    const context = await firstVisitContext(started.browser, { viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${url}/`);
      const gate = page.getByRole('alertdialog', { name: 'Solo per maggiorenni' });
      await gate.waitFor();
      await gate.getByRole('button', { name: 'Esci' }).click();
      await gate.getByText('non puoi entrare').waitFor();
      // not remembered: the next visit asks again
      await page.reload();
      // before the proof of age the gallery shows blurred stand-ins of the portraits (issue 39 item 2)
      await page.locator('img[src*="/api/age-verification/blurred/"]').first().waitFor({ state: 'attached' });
      expect(await page.locator('img[src^="/demo/performers/"]').count()).toBe(0);
      // the 18+ answer is the first step; the certified check follows: the sandbox's page, and back (issue 39 item 1)
      await gate.getByRole('button', { name: 'Ho almeno 18 anni' }).click();
      await page.waitForURL(/\/api\/age-verification\/sandbox\/check\?nonce=/);
      await page.getByText('Modalità di prova').first().waitFor();
      await page.getByRole('button', { name: 'Confermo di avere almeno 18 anni' }).click();
      await page.waitForURL(`${url}/`);
      await page.locator('img[src^="/demo/performers/"]').first().waitFor({ state: 'attached' });
      expect(await page.locator('img[src*="/api/age-verification/blurred/"]').count()).toBe(0);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('age-gate').count()).toBe(0);

      // the cookie notice: only necessary cookies, and a visitor has none at all
      const notice = page.getByTestId('cookie-notice');
      await notice.getByText('solo cookie tecnici necessari').waitFor();
      // a visitor holds one cookie only: the proof of age of this browser session (necessary, no expiry of its own)
      expect((await context.cookies()).map(({ name, expires }) => [name, expires])).toEqual([['aura_age', -1]]);
      await notice.getByRole('button', { name: 'Ho capito' }).click();
      await notice.waitFor({ state: 'detached' });
      await page.reload();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('cookie-notice').count()).toBe(0);

      // no link goes nowhere; the footer's support and legal links open real Italian pages
      expect(await page.locator('a[href="#"]').count()).toBe(0);
      const pages = [
        ['FAQ', '/faq', 'Domande frequenti'],
        ['Contatti', '/contatti', 'Contatti'],
        ['Privacy Policy', '/privacy', 'Informativa sulla privacy'],
        ['Termini di Servizio', '/termini', 'Termini di servizio'],
        ['Cookie Policy', '/cookie', 'Cookie policy'],
      ] as const;
      for (const [link, path, title] of pages) {
        await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
        await page.waitForURL(`${url}${path}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
      }
      // the cookie page lists what is stored, and says the remembered answers are not cookies
      await page.getByTestId('stored-items').getByText('aura_session').waitFor();
      await page.getByTestId('stored-items').getByText('aura_age', { exact: true }).waitFor();
      await page.getByTestId('stored-items').getByText('aura.ageConfirmed').waitFor();

      // signed in: the session's cookie, and the proof of age carried into it
      await fillRegistration(page, url, { username: `gate${Date.now().toString(36)}` });
      await page.waitForURL(`${url}/user`);
      expect((await context.cookies()).map((cookie) => cookie.name).sort()).toEqual(['aura_age', 'aura_session']);
      expect(await page.locator('a[href="#"]').count()).toBe(0);
    } finally {
      await context.close();
    }

    // the terms can be read before answering the gate
    const reader = await firstVisitContext(started.browser);
    try {
      const page = await reader.newPage();
      await page.goto(`${url}/termini`);
      await page.getByRole('heading', { level: 1, name: 'Termini di servizio' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('age-gate').count()).toBe(0);
    } finally {
      await reader.close();
    }
  }, 300_000);

  it('warns with the minimum before he ends a session early, then shows the receipt; her toast and the admin count the minutes charged', async () => {
    const { url } = started.app;
    const { context: herContext, page: her } = await performerOnline(started.browser, url);
    const { context, page: user, username } = await newUser('early', 50);
    try {
      const rate = 3; // Giulia's demo rate
      const minimum = minimumSessionCost(rate);
      await user.goto(`${url}/video-session?performerId=${giuliaId}&displayName=${username}`);
      await her.getByTestId('session-request').getByRole('button', { name: 'Accetta' }).click();
      await user.getByTestId('live-badge').waitFor();

      // ending in the first minute: asked first, with what it costs
      await user.getByRole('button', { name: 'Termina' }).click();
      const confirm = user.getByTestId('end-session-confirm');
      await confirm
        .getByTestId('minimum-warning')
        .filter({ hasText: `Terminando ora pagherai il minimo di 5 minuti: ${formatAuracoin(minimum)} auracoin` })
        .waitFor();
      expect(formatAuracoin(minimum)).toBe('15');
      // he changes his mind: the session goes on
      await confirm.getByRole('button', { name: 'Continua la videochat' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await user.getByTestId('live-badge').count()).toBe(1);
      await user.getByRole('button', { name: 'Termina' }).click();
      await confirm.getByRole('button', { name: 'Termina e paga il minimo' }).click();

      // the receipt: minutes, the minimum applied, the total, the balance (10 welcome + 50 − 15)
      const receipt = user.getByTestId('session-receipt');
      await receipt.getByTestId('receipt-minutes').filter({ hasText: '1 minuto' }).waitFor();
      await receipt.getByTestId('receipt-minimum').filter({ hasText: 'Sì: 5 minuti (4 minuti non usati)' }).waitFor();
      await receipt.getByTestId('receipt-total').filter({ hasText: '15 auracoin' }).waitFor();
      await receipt.getByTestId('receipt-balance').filter({ hasText: '45 auracoin' }).waitFor();
      expect(await user.getByTestId('live-badge').count()).toBe(0);

      // her toast counts the 5 minutes her share is of
      await her.getByText(/^5 minuti · hai guadagnato/).waitFor();

      // the admin's figures: the minutes charged beside the money charged for them
      await started.app.settled();
      const admin = await superadminClient(started.app);
      const stats = (await admin.get('/api/statistics')).json as {
        sessions: { billedMinutes: number; revenue: number };
      };
      expect(stats.sessions).toMatchObject({ billedMinutes: 5, revenue: 15 });
      expect(stats.sessions.revenue).toBe(stats.sessions.billedMinutes * rate);
    } finally {
      await context.close();
      await herContext.close();
    }
  }, 300_000);

  it('shows a new message outside /chat: the header badge with his unread count and a toast with her name; her Chat tab counts his', async () => {
    const { url } = started.app;
    // Sofia, offline: she can be written to all the same, and reads it on her dashboard
    const sofiaId = deterministicId('demo-performer:sofia.marino');
    const herContext = await started.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const her = await herContext.newPage();
    await signInPerformer(her, url, { username: 'sofia.marino', password: 'demo-performer' });
    const { context, page: user, userId } = await newUser('badge', 20);
    try {
      const opened = await postJson(user, '/api/conversations', { performerId: sofiaId });
      const conversation = opened.json as ConversationView;
      // he writes (free or paid at her price): her Chat tab shows it
      expect(
        (
          await postJson(user, '/api/messages', {
            conversationId: conversation.id,
            senderId: userId,
            senderType: 'user',
            content: 'Ciao Giulia',
            expectedPrice: conversation.performer.messagePrice,
          })
        ).status,
      ).toBe(201);
      await her.getByTestId('chat-tab-unread').filter({ hasText: '1' }).waitFor();
      await her.getByText('Nuovo messaggio da').waitFor();

      // she answers while he is on /user
      await user.getByTestId('balance').waitFor();
      expect(await user.getByTestId('header-unread').count()).toBe(0);
      const reply = await her.request.post(`${url}/api/messages`, {
        data: { conversationId: conversation.id, senderId: sofiaId, senderType: 'performer', content: 'Eccomi!' },
      });
      expect(reply.status()).toBe(201);
      await user.getByTestId('header-unread').filter({ hasText: '1' }).waitFor();
      await user.getByText('Nuovo messaggio da Sofia').waitFor();
      await user.getByRole('link', { name: 'Messaggi, 1 non letto' }).waitFor();

      // the badge follows him to the gallery; opening the conversation reads it
      await user.goto(`${url}/#performers`);
      await user.getByTestId('header-unread').filter({ hasText: '1' }).waitFor();
      await user.getByRole('link', { name: 'Messaggi, 1 non letto' }).click();
      await user.waitForURL(`${url}/chat`);
      await user.getByTestId('conversation-item').filter({ hasText: 'Sofia' }).click();
      await user.getByTestId('chat-message').filter({ hasText: 'Eccomi!' }).waitFor();
      await user.getByTestId('header-unread').waitFor({ state: 'detached' });
    } finally {
      await context.close();
      await herContext.close();
    }
  }, 300_000);

  it('preselects the identity he last used with her, and /chat opens a conversation without asking again', async () => {
    const { url } = started.app;
    const { context, page: user, userId, username } = await newUser('masked', 60);
    try {
      const alias = await postJson(user, `/api/users/${userId}/aliases`, { aliasName: 'Lupo', price: 50 });
      expect(alias.status).toBe(201);
      await user.goto(`${url}/#performers`);
      const card = user.locator(`[data-testid="performer-card"][data-performer-id="${giuliaId}"]`);
      const chooser = user.getByTestId('alias-chooser');

      // the first time he is himself unless he picks: he picks Lupo
      await card.getByRole('button', { name: 'Chat', exact: true }).click();
      await chooser.getByRole('button', { name: `Continua con ${username}` }).waitFor();
      await chooser.getByText('Lupo').click();
      await chooser.getByRole('button', { name: 'Continua con Lupo' }).click();
      await user.getByTestId('chatting-as').filter({ hasText: 'Lupo' }).waitFor();

      // next time, for a chat or a videochat with her, Lupo is chosen already
      await user.goto(`${url}/#performers`);
      await card.getByRole('button', { name: 'Chat', exact: true }).click();
      await chooser.getByRole('button', { name: 'Continua con Lupo' }).waitFor();
      await chooser.getByRole('button', { name: 'Annulla' }).click();
      await user.goto(`${url}/#performers`);
      await card.getByRole('button', { name: `Apri il profilo di Giulia` }).click();
      await user.getByTestId('profile-dialog').getByRole('button', { name: 'Messaggi' }).click();
      await chooser.getByRole('button', { name: 'Continua con Lupo' }).waitFor();
      await chooser.getByRole('button', { name: 'Annulla' }).click();

      // on another browser (nothing remembered here) his conversations tell
      await user.evaluate((id) => localStorage.removeItem(`aura.lastIdentity.${id}`), userId);
      await user.goto(`${url}/chat?performerId=${giuliaId}`);
      await chooser.getByRole('button', { name: 'Continua con Lupo' }).click();
      await user.getByTestId('chatting-as').filter({ hasText: 'Lupo' }).waitFor();

      // from the list: straight into the conversation, as its identity
      await user.goto(`${url}/chat`);
      await user.getByTestId('conversation-item').filter({ hasText: 'Giulia' }).click();
      await user.getByTestId('chatting-as').filter({ hasText: 'Lupo' }).waitFor();
      expect(await chooser.count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 300_000);
});
