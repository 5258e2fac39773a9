/**
 * How heavy and how fast the landing page is, measured in Debian's Chromium (playwright-core).
 *
 * Each run opens `/` in a fresh browser context (empty cache) and waits until the network has
 * been quiet for a while. Figures:
 * - initial JS: the gzip size of every script the page requested up to its largest contentful
 *   paint, i.e. what the browser had to fetch before the first screen was there;
 * - total JS: every script requested until the network went quiet (chunks fetched after the first
 *   screen, such as the realtime client, included);
 * - LCP: the `largest-contentful-paint` entry's time, and which element it was.
 * Sizes are the bodies the browser received, gzipped here (zlib level 9, as a static server or
 * proxy would send them), so they do not depend on whether the server compresses.
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { HEADLESS_ARGS } from '../../test/browser/chromium-server.cjs';

export interface ScriptFigure {
  url: string;
  gzipBytes: number;
  /** ms after navigation start when the request started */
  requestedAtMs: number;
}

export interface FirstPageRun {
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  initialJsGzipBytes: number;
  totalJsGzipBytes: number;
  scripts: ScriptFigure[];
}

export interface FirstPageFigures {
  url: string;
  viewport: { width: number; height: number };
  runs: FirstPageRun[];
  /** medians over the runs */
  lcpMs: number;
  initialJsGzipBytes: number;
  totalJsGzipBytes: number;
}

export interface MeasureOptions {
  /** the page to load, e.g. http://127.0.0.1:3000/ */
  url: string;
  runs?: number;
  viewport?: { width: number; height: number };
  chromiumPath?: string;
  /** how long the network must stay quiet before a run ends (ms) */
  quietMs?: number;
}

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

/** Records paint entries from the first byte of the page on. */
const OBSERVE_PAINTS = `
  window.__auraPaints = { lcp: 0, lcpElement: '', fcp: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__auraPaints.lcp = entry.startTime;
      const el = entry.element;
      window.__auraPaints.lcpElement = el ? el.tagName.toLowerCase() + (el.textContent ? ': ' + el.textContent.trim().slice(0, 60) : '') : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__auraPaints.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function oneRun(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  quietMs: number,
): Promise<FirstPageRun> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE_PAINTS);
  const bodies = new Map<string, Promise<number>>();
  let lastActivity = Date.now();
  let inFlight = 0;
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settle = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.set(
      response.url(),
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).byteLength,
        () => 0,
      ),
    );
  });

  await page.goto(url, { waitUntil: 'load' });
  // quiet: nothing in flight for `quietMs` (long-lived sockets do not count once open)
  while (Date.now() - lastActivity < quietMs || (inFlight > 0 && Date.now() - lastActivity < 5 * quietMs)) {
    await page.waitForTimeout(100);
  }
  // the LCP entry is final once the page was interacted with or hidden; reading it now is what
  // a field measurement would report for a visitor who just looks
  const paints = await page.evaluate(
    () => (globalThis as unknown as { __auraPaints: { lcp: number; lcpElement: string; fcp: number } }).__auraPaints,
  );
  const started = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, startTime: entry.startTime })),
  );
  const startOf = new Map(started.map((entry) => [entry.url, entry.startTime]));
  const scripts: ScriptFigure[] = [];
  for (const [scriptUrl, size] of bodies) {
    scripts.push({ url: scriptUrl, gzipBytes: await size, requestedAtMs: Math.round(startOf.get(scriptUrl) ?? 0) });
  }
  scripts.sort((a, b) => a.requestedAtMs - b.requestedAtMs);
  await context.close();
  const sum = (list: ScriptFigure[]) => list.reduce((total, script) => total + script.gzipBytes, 0);
  return {
    lcpMs: Math.round(paints.lcp),
    lcpElement: paints.lcpElement,
    fcpMs: Math.round(paints.fcp),
    initialJsGzipBytes: sum(scripts.filter((script) => script.requestedAtMs <= paints.lcp)),
    totalJsGzipBytes: sum(scripts),
    scripts,
  };
}

/** Loads `options.url` `runs` times (5) in fresh contexts and answers the figures with their medians. */
export async function measureFirstPage(options: MeasureOptions): Promise<FirstPageFigures> {
  const executablePath = options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath} (apt-get install chromium)`);
  const viewport = options.viewport ?? DESKTOP;
  const browser = await chromium.launch({ executablePath, args: [...HEADLESS_ARGS] });
  try {
    // one untimed load first: the server's own first-request work (and the OS file cache) is not the page's weight
    await oneRun(browser, options.url, viewport, options.quietMs ?? 1500);
    const runs: FirstPageRun[] = [];
    for (let i = 0; i < (options.runs ?? 5); i++)
      runs.push(await oneRun(browser, options.url, viewport, options.quietMs ?? 1500));
    return {
      url: options.url,
      viewport,
      runs,
      lcpMs: median(runs.map((run) => run.lcpMs)),
      initialJsGzipBytes: median(runs.map((run) => run.initialJsGzipBytes)),
      totalJsGzipBytes: median(runs.map((run) => run.totalJsGzipBytes)),
    };
  } finally {
    await browser.close();
  }
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
