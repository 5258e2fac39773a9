/**
 * 'Quando sono online' (docs/product.md#departures-journey): she edits her weekly schedule in her
 * dashboard's profile tab, on a phone; her public profile lists it. Geoblocking: she picks the
 * countries by their Italian names.
 */
import type { Page } from 'playwright-core';
import { deterministicId } from '../../backend/platform/ids';
import { until } from '../../backend/test/session-helpers';
import { browserApp, describeWithChromium } from './chromium';
import { performerDashboard } from './steps';

const PHONE = { width: 390, height: 844 };

describeWithChromium('her weekly schedule', () => {
  const started = browserApp(async (app) => app.seedDemo());
  /** Her profile as the API answers it now to whoever `page` is signed in as (her whole record, to her). */
  const profile = <T>(page: Page, id: string) =>
    page.evaluate(async (url) => (await fetch(url)).json(), `${started.app.url}/api/performers/${id}`) as Promise<T>;

  it('adds, checks and saves her fasce, and her public profile shows them', async () => {
    const { context, page } = await performerDashboard(started.browser, started.app.url, { viewport: PHONE });
    await page.getByRole('tab', { name: 'Profilo' }).click();
    const card = page.getByTestId('schedule-card');
    await card.getByRole('heading', { name: 'Quando sono online' }).waitFor();
    const before = await card.getByTestId('schedule-slot').count();

    await card.getByRole('button', { name: 'Aggiungi fascia' }).click();
    const index = before + 1;
    await card.getByLabel(`Giorno della fascia ${index}`, { exact: true }).selectOption('Venerdì');
    await card.getByLabel(`Dalle (fascia ${index})`, { exact: true }).fill('22:00');
    await card.getByLabel(`Alle (fascia ${index})`, { exact: true }).fill('21:00');
    await card.getByRole('button', { name: 'Salva orari' }).click();
    await card.getByRole('alert').filter({ hasText: "L'orario di fine deve seguire quello di inizio" }).waitFor();

    await card.getByLabel(`Alle (fascia ${index})`, { exact: true }).fill('23:30');
    await card.getByRole('button', { name: 'Salva orari' }).click();
    await card.getByRole('alert').waitFor({ state: 'detached' });
    const id = deterministicId('demo-performer:giulia.rossi');
    const saved = await until('her profile lists the new fascia', async () => {
      const { schedule } = await profile<{ schedule: { day: number; from: string; to: string }[] }>(page, id);
      return schedule.some((slot) => slot.day === 4 && slot.from === '22:00' && slot.to === '23:30')
        ? schedule.length
        : false;
    });
    expect(saved).toBe(index);

    // a visitor reads it on her profile
    const visitor = await started.browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${started.app.url}/`);
    await visitor
      .locator(`[data-testid="performer-card"][data-performer-id="${id}"]`)
      .getByRole('button', { name: 'Apri il profilo di Giulia' })
      .click();
    await visitor
      .getByTestId('profile-dialog')
      .getByTestId('dialog-schedule')
      .getByText('Venerdì 22:00–23:30')
      .waitFor();

    // removing it leaves the others
    await card.getByRole('button', { name: `Rimuovi la fascia ${index}` }).click();
    await card.getByRole('button', { name: 'Salva orari' }).click();
    await until(
      'her profile lists the other fasce only',
      async () => (await profile<{ schedule: unknown[] }>(page, id)).schedule.length === before,
    );
    await visitor.close();
    await context.close();
  });

  it('geoblocks countries picked by their Italian names', async () => {
    const { context, page } = await performerDashboard(started.browser, started.app.url, { viewport: PHONE });
    await page.getByRole('tab', { name: 'Profilo' }).click();
    await page.getByTestId('geoblock-country').selectOption('Francia');
    await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    await page.getByTestId('geoblock-country').selectOption('Svizzera');
    await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    await page.getByRole('button', { name: 'Rimuovi Svizzera' }).click();
    await page.getByTestId('geoblocked-countries').getByText('Francia').waitFor();
    await page.getByRole('button', { name: 'Salva geoblocking' }).click();
    const id = deterministicId('demo-performer:giulia.rossi');
    await until(
      'her profile blocks France only',
      async () =>
        JSON.stringify((await profile<{ geoblockedCountries: string[] }>(page, id)).geoblockedCountries) === '["FR"]',
    );
    await context.close();
  });
});
