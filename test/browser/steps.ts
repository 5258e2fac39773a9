import { readFileSync } from 'node:fs';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SENSITIVE_DATA_CONSENT_TEXTS } from '@aura/contracts';

/** Fills /register as a person would and submits it. */
export async function fillRegistration(
  page: Page,
  baseUrl: string,
  user: { username: string; email?: string; password?: string },
) {
  const password = user.password ?? 'secret-pass';
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email ?? `${user.username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Conferma Password').fill(password);
  // GDPR Art. 9: the registration asks explicit consent to data about sexual life
  await page.getByText(SENSITIVE_DATA_CONSENT_TEXTS.label).click();
  await page.getByRole('button', { name: 'Registrati Gratis' }).click();
}

/** Who a context is signed in as, through the API: a new user (registered now), a performer or an admin. */
export type SignedInAs =
  | { user: { username: string; email?: string; password?: string } }
  | { performer: { username: string; password: string } }
  | { admin: { username: string; password: string } };

type Viewport = { width: number; height: number };

/**
 * A browser context signed in through the API, as the sign-in forms leave a browser: the session cookie
 * the server set, and the record the app keeps in localStorage (frontend/src/lib/session-storage.ts:
 * `user`, `userId`, `userName`; `performer` for an approved performer; nothing for an admin, whose
 * session lives in the query cache). The forms themselves are walked where they are under test
 * (registration, journey, admin, admin-mfa, a11y); everywhere else a sign-in is a step, and through the
 * form it cost a page load and a form each time (issue 35: the tier's second largest cost after its axe
 * scans). Its one page is blank: the caller opens where the test starts.
 */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  as: SignedInAs,
  viewport: Viewport = { width: 1366, height: 900 },
): Promise<{ context: BrowserContext; page: Page; id: string; username: string }> {
  const [route, body] =
    'user' in as
      ? [
          '/api/register',
          {
            username: as.user.username,
            email: as.user.email ?? `${as.user.username}@example.com`,
            password: as.user.password ?? 'secret-pass',
            sensitiveDataConsent: true,
          },
        ]
      : 'performer' in as
        ? ['/api/performer/login', as.performer]
        : ['/api/admin/verify', as.admin];
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { id: string; username: string; verificationStatus?: string };
  // (an admin's session answers with the admin inside it)
  const record = 'admin' in as ? (answer as unknown as { admin: typeof answer }).admin : answer;
  const setCookie = response.headers.get('set-cookie');
  if (!response.ok || !setCookie)
    throw new Error(`sign-in at ${route} answered ${response.status}: ${JSON.stringify(answer)}`);
  const [name, ...value] = setCookie.split(';')[0]!.split('=');
  const stored: Record<string, string> =
    'user' in as
      ? { user: JSON.stringify(record), userId: record.id, userName: record.username }
      : 'performer' in as && record.verificationStatus === 'approved'
        ? { performer: JSON.stringify(record) }
        : {};
  const context = await browser.newContext({
    viewport,
    storageState: {
      cookies: [
        {
          name: name!,
          value: value.join('='),
          domain: new URL(baseUrl).hostname,
          path: '/',
          expires: -1,
          httpOnly: /;\s*httponly/i.test(setCookie),
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [
        {
          origin: new URL(baseUrl).origin,
          localStorage: Object.entries(stored).map(([key, item]) => ({ name: key, value: item })),
        },
      ],
    },
  });
  return { context, page: await context.newPage(), id: record.id, username: record.username };
}

/**
 * A newly registered user on his own context (a phone unless told), signed in through the API, his page
 * opened at `landing` (his dashboard unless told; null leaves it blank).
 */
export async function registeredUser(
  browser: Browser,
  baseUrl: string,
  prefix: string,
  options: { viewport?: Viewport; landing?: string | null } = {},
) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const viewport = options.viewport ?? { width: 390, height: 844 };
  const { context, page, id } = await signedInContext(browser, baseUrl, { user: { username } }, viewport);
  if (options.landing !== null) await page.goto(`${baseUrl}${options.landing ?? '/user'}`);
  return { context, page, username, userId: id };
}

/** The admin console on its own context (a laptop unless told), signed in through the API, its tabs shown. */
export async function adminConsole(
  browser: Browser,
  baseUrl: string,
  admin: { username: string; password: string },
  viewport?: Viewport,
) {
  const { context, page } = await signedInContext(browser, baseUrl, { admin }, viewport);
  await page.goto(`${baseUrl}/admin`);
  await page.getByRole('tab').first().waitFor();
  return { context, page };
}

/** A performer's dashboard (the demo's Giulia unless told) on its own context, signed in through the API. */
export async function performerDashboard(
  browser: Browser,
  baseUrl: string,
  options: { performer?: { username: string; password: string }; viewport?: Viewport } = {},
) {
  const performer = options.performer ?? { username: 'giulia.rossi', password: 'demo-performer' };
  const { context, page } = await signedInContext(browser, baseUrl, { performer }, options.viewport);
  await page.goto(`${baseUrl}/performer/dashboard`);
  return { context, page };
}

/** Waits until the locator's text starts with `expected` (e.g. a balance reaching '35,5'). */
export async function expectText(locator: Locator, expected: string) {
  const escaped = expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await locator.filter({ hasText: new RegExp(`^\\s*${escaped}\\b`) }).waitFor({ timeout: 10_000 });
}

/** Signs an admin in at /admin and waits for the console. */
export async function signInAdmin(page: Page, baseUrl: string, admin: { username: string; password: string }) {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  // the console's tabs show only once signed in (the sign-in card has the same heading)
  await page.getByRole('tab').first().waitFor();
}

/** Signs a performer in at /performer/login (the demo's Giulia unless told) and waits for her dashboard. */
export async function signInPerformer(
  page: Page,
  baseUrl: string,
  performer = { username: 'giulia.rossi', password: 'demo-performer' },
) {
  await page.goto(`${baseUrl}/performer/login`);
  await page.getByLabel('Username').fill(performer.username);
  await page.getByLabel('Password').fill(performer.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(`${baseUrl}/performer/dashboard`);
}

/** A demo performer (Giulia unless told) on her own desktop browser context, signed in and switched online. */
export async function performerOnline(
  browser: Browser,
  baseUrl: string,
  performer?: { username: string; password: string },
) {
  const { context, page } = await performerDashboard(browser, baseUrl, { performer });
  await page.getByTestId('online-switch').click();
  await page.getByText('Sei online!').waitFor();
  // the switch is named by what it does, not by its state ('Offline'); its checked state says which (issue 36)
  if (!(await page.getByRole('checkbox', { name: 'Disponibile per videochat e chat', exact: true }).isChecked()))
    throw new Error("the online switch 'Disponibile per videochat e chat' is not checked once she is online");
  return { context, page };
}

/** Giulia online and live from her dashboard's 'Show dal vivo' tab with `title` (her camera through the SFU), and her id. */
export async function performerLive(browser: Browser, baseUrl: string, title: string) {
  const { context, page } = await performerOnline(browser, baseUrl);
  const performerId = await page.evaluate(
    async () => ((await (await fetch('/api/performer/me', { credentials: 'include' })).json()) as { id: string }).id,
  );
  await page.getByRole('tab', { name: 'Show dal vivo' }).click();
  await page.getByTestId('go-live').click();
  await page.getByTestId('show-title-input').fill(title);
  await page.getByTestId('go-live-confirm').click();
  await page.getByTestId('end-show').waitFor();
  return { context, page, performerId };
}

/** Draws a signature on the wizard's signature pad, as a mouse would. */
export async function signContract(page: Page) {
  const padElement = page.getByTestId('signature-pad');
  await padElement.scrollIntoViewIfNeeded();
  const pad = await padElement.boundingBox();
  if (!pad) throw new Error('no signature pad');
  await page.mouse.move(pad.x + 20, pad.y + 60);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(pad.x + 20 + i * 25, pad.y + 60 - (i % 2) * 40);
  await page.mouse.up();
}

let axeSource: string | undefined;

/**
 * axe-core on the page as it stands (at its current size): its violations, and the colour contrast it
 * left for review (text over a gradient, an image or a video, where it could not compute the contrast),
 * one line each. axe's source is evaluated through the DevTools protocol, which the app's CSP does not
 * govern: no context needs to bypass it.
 */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  // (globalThis, not window: bench/ type-checks this file with the backend's Node-only types)
  if (!(await page.evaluate(() => 'axe' in globalThis)))
    await page.evaluate((axeSource ??= readFileSync(require.resolve('axe-core'), 'utf8')));
  const results = await page.evaluate(() => {
    const scope = globalThis as unknown as {
      axe: { run(context: unknown, options: object): Promise<AxeResults> };
      document: unknown;
    };
    return scope.axe.run(scope.document, { resultTypes: ['violations', 'incomplete'] });
  });
  return [
    ...results.violations.flatMap((rule) =>
      rule.nodes.map(
        (node) =>
          `${where}: ${rule.id} (${rule.impact ?? '?'}) at ${node.target.join(' ')}: ${node.html.slice(0, 120)}`,
      ),
    ),
    ...results.incomplete
      .filter((rule) => rule.id === 'color-contrast')
      .flatMap((rule) =>
        rule.nodes.map((node) => {
          const why = node.any.map((check) => (check.data as { messageKey?: string } | null)?.messageKey).join();
          // (what stands over it or behind it, when axe says)
          const related = node.any.flatMap(
            (check) => check.relatedNodes?.map((other) => other.html.slice(0, 80)) ?? [],
          );
          return (
            `${where}: color-contrast needs review (${why}) at ${node.target.join(' ')}: ${node.html.slice(0, 120)}` +
            (related.length > 0 ? ` [related: ${related.join(' | ')}]` : '')
          );
        }),
      ),
  ];
}
