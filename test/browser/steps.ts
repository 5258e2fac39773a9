import type { Locator, Page } from 'playwright-core';

/** Fills /register as a person would and submits it. */
export async function fillRegistration(page: Page, baseUrl: string, user: { username: string; email?: string; password?: string }) {
  const password = user.password ?? 'secret-pass';
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email ?? `${user.username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Conferma Password').fill(password);
  await page.getByRole('button', { name: 'Registrati Gratis' }).click();
}

/** Waits until the locator's text starts with `expected` (e.g. a balance reaching '35,5'). */
export async function expectText(locator: Locator, expected: string) {
  const escaped = expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await locator.filter({ hasText: new RegExp(`^\\s*${escaped}\\b`) }).waitFor({ timeout: 10_000 });
}
