import type { BrowserContext, Page } from 'playwright-core';
import { walletTotals } from '../../backend/ledger';
import { fund } from '../../backend/test/admin-session';
import { browserApp, describeWithChromium } from './chromium';
import { performerLive, registeredUser } from './steps';

/**
 * A ticket show cancelled refunds every ticket (issue 40 item 4): Giulia, live, announces a ticket
 * show from her panel; Mario buys his ticket in the room ('Acquista il biglietto'), Luca his through
 * the API; her cancel gives both their auracoin back (held until then, nothing charged), and the
 * room says so live.
 */
describeWithChromium('ticket shows in the browser', () => {
  const started = browserApp(async (app) => {
    await app.seedDemo();
  });

  it('a ticket show cancelled refunds every ticket', async () => {
    const { app, browser } = started;
    const contexts: BrowserContext[] = [];
    try {
      const her = await performerLive(browser, app.url, 'Serata a pagamento');
      const { performerId } = her;
      contexts.push(her.context);

      // her panel: 'Show a pagamento'
      await her.page.getByTestId('ticket-show-price').fill('20');
      await her.page.getByTestId('ticket-show-starts-in').fill('10');
      await her.page.getByTestId('ticket-show-description-input').fill('Balli sul palco');
      await her.page.getByTestId('ticket-show-announce').click();
      await her.page.getByTestId('ticket-show-panel').waitFor();

      const mario = await registeredUser(browser, app.url, 'mario', { landing: null });
      const luca = await registeredUser(browser, app.url, 'luca', { landing: null });
      contexts.push(mario.context, luca.context);
      await fund(app, mario.userId, 100);
      await fund(app, luca.userId, 100);
      // both registered the same way and funded alike: the same balance each
      const before = await walletTotals(app.infra.eventStore, mario.userId);

      await mario.page.goto(`${app.url}/show/${performerId}`);
      const banner = mario.page.getByTestId('ticket-show-banner');
      await banner.filter({ hasText: 'Balli sul palco' }).waitFor();
      await banner.filter({ hasText: /Biglietto 20 auracoin · inizia alle \d\d:\d\d/ }).waitFor();
      await mario.page.getByRole('button', { name: 'Acquista il biglietto' }).click();
      await mario.page.getByTestId('ticket-held').waitFor();
      const bought = await luca.page.request.post(`${app.url}/api/shows/${await showIdOf(mario.page)}/tickets`, {
        headers: { 'idempotency-key': 'luca-ticket' },
      });
      expect(bought.status()).toBe(201);
      await her.page.getByTestId('ticket-show-sold').filter({ hasText: 'Biglietti venduti: 2' }).waitFor();
      for (const userId of [mario.userId, luca.userId])
        expect(await walletTotals(app.infra.eventStore, userId)).toMatchObject({
          balance: before.balance,
          held: 2_000,
        });

      await her.page.getByTestId('ticket-show-cancel').click();
      await her.page.getByTestId('ticket-show-closed').filter({ hasText: 'rimborsati' }).waitFor();
      // the room hears it live
      await mario.page
        .getByTestId('ticket-show-closed')
        .filter({ hasText: 'Show a pagamento annullato: i biglietti sono stati rimborsati' })
        .waitFor();
      for (const userId of [mario.userId, luca.userId]) {
        expect(await walletTotals(app.infra.eventStore, userId)).toMatchObject({
          balance: before.balance,
          held: 0,
          debited: 0,
        });
        const wallet = await app.infra.eventStore.readStream(`wallet-${userId}`);
        expect(wallet.map((event) => event.type)).toContain('ShowTicketRefunded');
      }
    } finally {
      for (const context of contexts) await context.close();
    }
  }, 60_000);
});

/** the show the room's page is in (its ticket show's id is the show's) */
async function showIdOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const shows = (await (await fetch('/api/shows')).json()) as { id: string }[];
    return shows[0]!.id;
  });
}
