/**
 * Finding someone in the gallery (docs/product.md#gallery-sort): 'Ordina per' by price, the
 * language, age and price filters, and the 'Nuove' tab, over performers made for the test. (The
 * landing's gate and gallery are read by axe in a11y.e2e.ts, with every other page.)
 */
import type { Page } from 'playwright-core';
import { superadminClient } from '../../backend/test/admin-session';
import { browserApp, describeWithChromium } from './chromium';

const tag = `z${Date.now().toString(36)}`;
const made = [
  { name: `Alba ${tag}`, age: 22, creditsPerMinute: 4, languages: 'Español' },
  { name: `Bea ${tag}`, age: 35, creditsPerMinute: 1.5, languages: 'Italiano' },
  { name: `Cora ${tag}`, age: 28, creditsPerMinute: 3, languages: 'Español, Italiano' },
];

describeWithChromium('gallery sort and filters', () => {
  const started = browserApp(async (app) => {
    const admin = await superadminClient(app);
    for (const performer of made) {
      const created = await admin.post('/api/performers', { ...performer, image: '/demo/performers/1.svg' });
      if (created.status !== 201) throw new Error(`performer not created: ${created.text}`);
    }
  });

  /** The names on the cards, in order (the search keeps only this test's performers). */
  const names = (page: Page) => page.getByTestId('gallery-grid').getByTestId('performer-name').allInnerTexts();
  const firstNames = async (page: Page) => (await names(page)).map((text) => text.split(/[ ,]/)[0]);
  const expectNames = async (page: Page, expected: string[]) => {
    await page
      .waitForFunction(
        (want) => {
          const grid = document.querySelector('[data-testid="gallery-grid"]');
          if (!grid || grid.getAttribute('aria-busy') === 'true') return false;
          const shown = Array.from(grid.querySelectorAll('[data-testid="performer-name"]')).map(
            (el) => (el.textContent ?? '').split(/[ ,]/)[0],
          );
          return JSON.stringify(shown) === JSON.stringify(want);
        },
        expected,
        { timeout: 15_000, polling: 100 },
      )
      .catch(async () => {
        throw new Error(
          `the gallery shows ${JSON.stringify(await firstNames(page))}, expected ${JSON.stringify(expected)}`,
        );
      });
  };

  it('sorts by price both ways, filters by language, age and price, and lists the new ones', async () => {
    const page = await started.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${started.app.url}/`);
    await page.getByTestId('hero-search').fill(tag);
    await page.getByTestId('hero-search').press('Enter');
    await page.getByTestId('gallery-grid').waitFor();

    const sort = page.getByTestId('gallery-sort');
    await sort.selectOption('Prezzo crescente');
    await expectNames(page, ['Bea', 'Cora', 'Alba']);
    await sort.selectOption('Prezzo decrescente');
    await expectNames(page, ['Alba', 'Cora', 'Bea']);
    await sort.selectOption('Più recenti');
    await expectNames(page, ['Cora', 'Bea', 'Alba']);

    await page.getByRole('button', { name: /Filtri/ }).click();
    await page.getByTestId('filter-language').selectOption('Español');
    await expectNames(page, ['Cora', 'Alba']);
    await page.getByTestId('filter-age').selectOption('26–35 anni');
    await expectNames(page, ['Cora']);
    await page.getByTestId('filter-age').selectOption('');
    await page.getByTestId('filter-price').selectOption('Oltre 4 auracoin/min');
    await page.getByText('Nessuna performer disponibile').waitFor();
    await page.getByTestId('filter-price').selectOption('Da 2,5 a 4 auracoin/min');
    await expectNames(page, ['Cora', 'Alba']);
    await page.getByRole('button', { name: 'Cancella filtri' }).click();
    await expectNames(page, ['Cora', 'Bea', 'Alba']);

    // 'Nuove': approved in the last days, the newest first whatever order was chosen before
    await sort.selectOption('');
    await page.getByTestId('tab-new').click();
    await expect(page.getByTestId('tab-new').innerText()).resolves.toBe('Nuove (3)');
    await expectNames(page, ['Cora', 'Bea', 'Alba']);
    await page.close();
  });
});
