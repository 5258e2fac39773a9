import type { Browser, Page } from 'playwright-core';
import { streams } from '@aura/contracts';
import { walletBalance } from '../../backend/ledger';
import { fund } from '../../backend/test/admin-session';
import type { TestApp } from '../../backend/test/app-harness';
import { deterministicId } from '../../backend/platform/ids';
import type { AuraSocket } from '../../backend/platform/realtime/realtime';
import { describeWithChromium, launchChromium, startBrowserApp } from './chromium';
import { expectText, performerOnline, signedInContext } from './steps';

/**
 * The chat between two browsers: a user (as an alias) and a performer side by side, live both
 * ways, read marks and unread counts crossing over, the balance dropping by her message price, a
 * reload, and a forced socket drop after which what was missed shows once.
 */
describeWithChromium('chat in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startBrowserApp({}, { serveFrontend: true });
    await app.seedDemo();
    await app.settled();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /**
   * Drops a user's Socket.IO connections from the server side, as a network failure would, and keeps
   * the page from reconnecting until restored (its reconnections start with HTTP long-polling).
   */
  async function droppableSocket(page: Page) {
    let down = false;
    const connections: AuraSocket[] = [];
    app.realtime.onConnection((connection) => connections.push(connection));
    await page.route(/\/socket\.io\//, (route) => (down ? route.abort() : route.continue()));
    const connectedAs = (userId: string) =>
      connections.filter((connection) => connection.connected && connection.data.principal?.sub === userId).length;
    return {
      connectedAs,
      async drop(userId: string) {
        down = true;
        // discarded, as a dead network leaves it: a polling connection closed gracefully waits for the
        // page's next poll, which the route aborts, and so for engine.io's 30 s close timeout
        for (const connection of connections)
          if (connection.connected && connection.data.principal?.sub === userId) connection.conn.close(true);
        while (connectedAs(userId) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      },
      restore() {
        down = false;
      },
    };
  }

  const bubbles = (page: Page) => page.getByTestId('chat-box').getByTestId('chat-message-text');

  it('exchanges messages live between an alias and a performer, marks them read, charges the price, survives a reload and a dropped socket', async () => {
    const giuliaId = deterministicId('demo-performer:giulia.rossi');

    // the performer signs in on her own browser, goes online and opens her Chat tab
    const { context: performerContext, page: performer } = await performerOnline(browser, app.url);
    await performer.getByTestId('unread-total').filter({ hasText: '0' }).waitFor();

    // a user registers, is given auracoin and buys an alias
    const him = await signedInContext(browser, app.url, { user: { username: `chatter${Date.now().toString(36)}` } });
    const { context: userContext, page: user, id: userId, username } = him;
    const socket = await droppableSocket(user);
    await fund(app, userId, 60);
    await user.goto(`${app.url}/user`);
    await user.getByRole('button', { name: 'Nuovo alias' }).click();
    await user.getByLabel('Nome alias').fill('Lupo');
    await user.getByLabel('Nome alias').press('Enter');
    await user.getByText('Alias creato!').waitFor();

    // from her card: 'Chi vuoi essere oggi?', as the alias
    await user.goto(`${app.url}/#performers`);
    const card = user.locator(`[data-testid="performer-card"][data-performer-id="${giuliaId}"][data-online="true"]`);
    await card.getByRole('button', { name: 'Chat', exact: true }).click();
    const chooser = user.getByTestId('alias-chooser');
    await chooser.getByText('Lupo').click();
    await chooser.getByRole('button', { name: 'Continua con Lupo' }).click();
    await user.getByTestId('chatting-as').filter({ hasText: 'Lupo' }).waitFor();
    await user.getByTestId('chat-presence').filter({ hasText: 'Online' }).waitFor();
    await expectText(user.getByTestId('chat-balance'), '20');

    // the send button is disabled while the box is empty or blank; Enter sends
    const input = user.getByTestId('message-input');
    expect(await user.getByTestId('send-message').isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await user.getByTestId('send-message').isDisabled()).toBe(true);
    await input.fill('Ciao Giulia, <b>sono Lupo</b>');
    await input.press('Enter');
    await bubbles(user).filter({ hasText: 'Ciao Giulia, <b>sono Lupo</b>' }).waitFor();
    await expectText(user.getByTestId('chat-balance'), '19');

    // her 'Messaggi' card counts it live; her Chat tab shows the new conversation and its unread count, under the alias only
    await performer.getByTestId('unread-total').filter({ hasText: '1' }).waitFor();
    await performer.getByRole('button', { name: 'Apri la chat' }).click();
    await performer.getByText('Seleziona una conversazione').waitFor();
    const item = performer.getByTestId('conversation-item').filter({ hasText: 'Lupo' });
    await item.getByTestId('unread-count').filter({ hasText: '1' }).waitFor();
    expect(await performer.locator('body').innerText()).not.toContain(username);
    await item.click();
    await bubbles(performer).filter({ hasText: 'Ciao Giulia, <b>sono Lupo</b>' }).waitFor();
    // text, never HTML
    expect(await performer.getByTestId('chat-box').locator('b').count()).toBe(0);
    await item.getByTestId('unread-count').waitFor({ state: 'detached' });
    // her opening the box marks it read on the user's side
    await user.locator('[data-testid="chat-message"][data-own="true"][data-read="true"]').waitFor();

    // she types and answers; the user sees both without reloading
    await performer.getByTestId('message-input').pressSequentially('Ciao Lupo');
    await user.getByTestId('typing').filter({ hasText: 'Giulia sta scrivendo…' }).waitFor();
    await performer.getByTestId('message-input').press('Shift+Enter');
    await performer.getByTestId('message-input').pressSequentially('come stai?');
    await performer.getByTestId('send-message').click();
    await bubbles(user).filter({ hasText: 'Ciao Lupo\ncome stai?' }).waitFor();
    await performer.locator('[data-testid="chat-message"][data-own="true"][data-read="true"]').waitFor();
    await expectText(user.getByTestId('chat-balance'), '19');

    // she goes offline and back (her switch, as her session sends it): the user's chat header follows live
    for (const isOnline of [false, true]) {
      expect(
        (await performer.request.patch(`${app.url}/api/performers/${giuliaId}`, { data: { isOnline } })).status(),
      ).toBe(200);
      await user
        .getByTestId('chat-presence')
        .filter({ hasText: isOnline ? 'Online' : 'Offline' })
        .waitFor();
    }

    // a reload shows the same history, once
    await user.reload();
    await bubbles(user).filter({ hasText: 'come stai?' }).waitFor();
    expect(await bubbles(user).allInnerTexts()).toEqual(['Ciao Giulia, <b>sono Lupo</b>', 'Ciao Lupo\ncome stai?']);

    // the user's socket drops and stays down while she writes twice; back up, each shows once
    // the reloaded page's socket connects once the page is idle: wait for it before dropping it
    for (const deadline = Date.now() + 15_000; socket.connectedAs(userId) === 0 && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socket.connectedAs(userId)).toBeGreaterThan(0);
    await socket.drop(userId);
    for (const text of ['Sei ancora lì?', 'Ti aspetto']) {
      await performer.getByTestId('message-input').fill(text);
      await performer.getByTestId('message-input').press('Enter');
      await bubbles(performer).filter({ hasText: text }).waitFor();
    }
    expect(socket.connectedAs(userId)).toBe(0);
    socket.restore();
    // the page reconnects by itself and fetches what it missed
    for (const deadline = Date.now() + 15_000; socket.connectedAs(userId) === 0 && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socket.connectedAs(userId)).toBeGreaterThan(0);
    await bubbles(user).filter({ hasText: 'Ti aspetto' }).waitFor({ timeout: 15_000 });
    await input.fill('Eccomi!');
    await input.press('Enter');
    await bubbles(performer).filter({ hasText: 'Eccomi!' }).waitFor();
    await expectText(user.getByTestId('chat-balance'), '18');
    expect(await bubbles(user).allInnerTexts()).toEqual([
      'Ciao Giulia, <b>sono Lupo</b>',
      'Ciao Lupo\ncome stai?',
      'Sei ancora lì?',
      'Ti aspetto',
      'Eccomi!',
    ]);
    expect(await bubbles(performer).allInnerTexts()).toEqual([
      'Ciao Giulia, <b>sono Lupo</b>',
      'Ciao Lupo\ncome stai?',
      'Sei ancora lì?',
      'Ti aspetto',
      'Eccomi!',
    ]);

    // the ledger agrees: 60 + 10 - 50 (alias) - 2 messages
    expect(walletBalance(await app.infra.eventStore.readStream(streams.wallet(userId)))).toBe(1800);

    // on a phone the list and the box are one column, with a back button
    await user.setViewportSize({ width: 390, height: 844 });
    await user.getByRole('button', { name: 'Torna alle conversazioni' }).click();
    await user.getByTestId('conversation-item').filter({ hasText: 'Giulia' }).waitFor();
    expect(await user.getByTestId('chat-box').count()).toBe(0);

    // with the box closed, her next message counts as unread on the user's list, live; opening it reads it on her side
    const giuliaItem = user.getByTestId('conversation-item').filter({ hasText: 'Giulia' });
    await performer.getByTestId('message-input').fill('Ci sei?');
    await performer.getByTestId('message-input').press('Enter');
    await giuliaItem.getByTestId('unread-count').filter({ hasText: '1' }).waitFor();
    // selecting it opens it as its own identity, without asking again (docs/product.md#alias-chooser)
    await giuliaItem.click();
    await user.getByTestId('chatting-as').filter({ hasText: 'Lupo' }).waitFor();
    expect(await chooser.count()).toBe(0);
    await bubbles(user).filter({ hasText: 'Ci sei?' }).waitFor();
    await performer
      .locator('[data-testid="chat-message"][data-own="true"][data-read="true"]')
      .filter({ hasText: 'Ci sei?' })
      .waitFor();
    await user.getByRole('button', { name: 'Torna alle conversazioni' }).click();
    await giuliaItem.waitFor();
    await giuliaItem.getByTestId('unread-count').waitFor({ state: 'detached' });
    await giuliaItem.click();
    await bubbles(user).filter({ hasText: 'Ciao Giulia, <b>sono Lupo</b>' }).waitFor();
    await bubbles(user).filter({ hasText: 'Ci sei?' }).waitFor();
    expect(await bubbles(user).allInnerTexts()).toEqual([
      'Ciao Giulia, <b>sono Lupo</b>',
      'Ciao Lupo\ncome stai?',
      'Sei ancora lì?',
      'Ti aspetto',
      'Eccomi!',
      'Ci sei?',
    ]);

    await userContext.close();
    await performerContext.close();
  });

  it("her new prices reach his open dialog and chat at once; raised before his click, he reads 'Il prezzo è cambiato: ora N auracoin', confirms", async () => {
    const chiaraId = deterministicId('demo-performer:chiara.conti');
    const { context: performerContext, page: performer } = await performerOnline(browser, app.url, {
      username: 'chiara.conti',
      password: 'demo-performer',
    });
    const reprice = async (data: { creditsPerMinute?: number; messagePrice?: number }) =>
      expect((await performer.request.patch(`${app.url}/api/performers/${chiaraId}`, { data })).status()).toBe(200);

    const him = await signedInContext(browser, app.url, { user: { username: `prices${Date.now().toString(36)}` } });
    const { context: userContext, page: user, id: userId, username } = him;
    await fund(app, userId, 100);

    // her dialog is open on his screen: she raises her rate, the dialog and her card follow without a reload
    await user.goto(`${app.url}/#performers`);
    const card = user.locator(`[data-testid="performer-card"][data-performer-id="${chiaraId}"][data-online="true"]`);
    await card.getByRole('button', { name: 'Apri il profilo di Chiara' }).click();
    const dialog = user.getByTestId('profile-dialog');
    await dialog
      .getByTestId('minimum-session')
      .filter({ hasText: 'Sessione minima: 5 minuti (15 auracoin)' })
      .waitFor();
    await dialog.getByTestId('minimum-session-note').filter({ hasText: 'paghi comunque il minimo' }).waitFor();
    await reprice({ creditsPerMinute: 4 });
    await dialog
      .getByTestId('minimum-session')
      .filter({ hasText: 'Sessione minima: 5 minuti (20 auracoin)' })
      .waitFor();
    await card.filter({ hasText: '4 auracoin/min' }).waitFor();

    // he clicks at 4 auracoin/min; she makes it 4,5 before his request lands: nothing is held, he is asked
    let sessionRaced = false;
    await user.route('**/api/sessions', async (route) => {
      if (route.request().method() === 'POST' && !sessionRaced) {
        sessionRaced = true;
        await reprice({ creditsPerMinute: 4.5 });
      }
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Inizia Videochat' }).click();
    await user
      .getByTestId('alias-chooser')
      .getByRole('button', { name: `Continua con ${username}` })
      .click();
    await user.waitForURL(/\/video-session\?/);
    const changedRate = user.getByTestId('price-changed');
    await changedRate.filter({ hasText: 'Il prezzo è cambiato: ora 4,5 auracoin' }).waitFor();
    expect(sessionRaced).toBe(true);
    const held = await user.request.get(`${app.url}/api/sessions`);
    expect((await held.json()) as unknown).toEqual({ sessions: [] });
    expect(walletBalance(await app.infra.eventStore.readStream(streams.wallet(userId)))).toBe(11_000);
    // confirming asks her at the new rate
    await changedRate.getByRole('button', { name: 'Conferma a 4,5 auracoin/min' }).click();
    await user.getByTestId('session-status').filter({ hasText: 'In attesa che Chiara accetti' }).waitFor();
    const asked = (await (await user.request.get(`${app.url}/api/sessions`)).json()) as {
      sessions: { id: string; ratePerMinute: number }[];
    };
    expect(asked.sessions.map((session) => session.ratePerMinute)).toEqual([4.5]);
    await user.getByTestId('end-session').click();
    await user.waitForURL(`${app.url}/user`);

    // his chat box with her is open: her new message price shows at once
    await user.goto(`${app.url}/#performers`);
    await card.getByRole('button', { name: 'Chat', exact: true }).click();
    await user
      .getByTestId('alias-chooser')
      .getByRole('button', { name: `Continua con ${username}` })
      .click();
    const header = user.getByTestId('chat-box').getByText(/auracoin\/messaggio/);
    await header.filter({ hasText: '1 auracoin/messaggio' }).waitFor();
    await reprice({ messagePrice: 2 });
    await header.filter({ hasText: '2 auracoin/messaggio' }).waitFor();
    await expectText(user.getByTestId('chat-balance'), '110');

    // he sends at 2; she makes it 3 before his message lands: nothing is stored or charged, he is asked
    let messageRaced = false;
    await user.route('**/api/messages', async (route) => {
      if (route.request().method() === 'POST' && !messageRaced) {
        messageRaced = true;
        await reprice({ messagePrice: 3 });
      }
      await route.continue();
    });
    await user.getByTestId('message-input').fill('Ciao Chiara!');
    await user.getByTestId('message-input').press('Enter');
    const changedMessage = user.getByTestId('price-changed');
    await changedMessage.filter({ hasText: 'Il prezzo è cambiato: ora 3 auracoin' }).waitFor();
    expect(await bubbles(user).count()).toBe(0);
    await header.filter({ hasText: '3 auracoin/messaggio' }).waitFor();
    expect(walletBalance(await app.infra.eventStore.readStream(streams.wallet(userId)))).toBe(11_000);
    // confirming sends it at 3, once
    await changedMessage.getByRole('button', { name: 'Conferma a 3 auracoin a messaggio' }).click();
    await bubbles(user).filter({ hasText: 'Ciao Chiara!' }).waitFor();
    await expectText(user.getByTestId('chat-balance'), '107');
    expect(await user.getByTestId('message-input').inputValue()).toBe('');
    expect(await bubbles(user).allInnerTexts()).toEqual(['Ciao Chiara!']);
    await app.settled();
    expect(walletBalance(await app.infra.eventStore.readStream(streams.wallet(userId)))).toBe(10_700);

    await reprice({ creditsPerMinute: 3, messagePrice: 1 });
    await userContext.close();
    await performerContext.close();
  });

  it('asks a visitor to sign in', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/chat`);
    await page.getByText('Effettua il login per accedere alla chat.').waitFor();
    await page.getByRole('link', { name: 'Vai al Login' }).waitFor();
    await page.waitForURL(`${app.url}/login`);
    await page.close();
  });
});
