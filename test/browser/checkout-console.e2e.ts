import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Browser, ConsoleMessage } from 'playwright-core';
import { superadminClient } from '../../backend/test/admin-session';
import type { TestApp } from '../../backend/test/app-harness';
import { describeWithChromium, launchChromium, startBrowserApp } from './chromium';
import { expectText, registeredUser } from './steps';

const ROOT = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Vite's dev server (React's development build, which is the one that logs its warnings) in front of the test app. */
async function startDevServer(apiUrl: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/vite'),
    ['--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: path.join(ROOT, 'frontend'),
      env: { ...process.env, NODE_ENV: 'development', AURA_API_URL: apiUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('vite dev server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Coming back from the checkout (`/user?purchase=…`) celebrates and toasts without a single console
 * error or warning in React's development build (it once logged 'flushSync was called from inside
 * a lifecycle method' twice).
 */
describeWithChromium('back from the checkout, a quiet console', () => {
  let app: TestApp;
  let browser: Browser;
  let dev: { url: string; process: ChildProcess } | undefined;
  beforeAll(async () => {
    app = await startBrowserApp({}, { serveFrontend: false });
    const admin = await superadminClient(app);
    const created = await admin.post('/api/packages', { credits: 1000, bonus: 100, price: 899, popular: true });
    if (created.status !== 201) throw new Error(`package: ${created.status} ${created.text}`);
    dev = await startDevServer(app.url);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    dev?.process.kill();
    await app?.close();
  });

  it('buys a package in the sandbox and comes back without console errors or warnings', async () => {
    const { context, page } = await registeredUser(browser, dev!.url, 'quiet', {
      viewport: { width: 1366, height: 768 },
      landing: null,
    });
    const messages: string[] = [];
    const record = (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning')
        messages.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    };
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    // (the dev server compiles the app's modules on this first visit)
    await page.goto(`${dev!.url}/user`, { timeout: 60_000 });
    const balance = page.getByTestId('balance');
    await expectText(balance, '10');

    await page.getByRole('button', { name: 'Acquista 1.100 auracoin' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/cs_test_/);
    // from here on: the way back
    page.on('console', record);
    await page.getByTestId('sandbox-pay').click();
    await page.waitForURL(/\/user/);
    await page.getByText('Acquisto Completato!').waitFor({ timeout: 30_000 });
    await expectText(balance, '1.110');
    await page.getByTestId('celebration').waitFor({ state: 'detached', timeout: 10_000 });
    expect(messages).toEqual([]);
    await context.close();
  });
});
