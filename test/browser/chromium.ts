import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network and fake media devices need. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--allow-loopback-in-peer-connection',
    ],
  });
}

/** `describe` when Chromium is installed, else skipped with a printed notice. */
export function describeWithChromium(title: string, body: () => void) {
  if (existsSync(CHROMIUM)) {
    describe(title, body);
    return;
  }
  process.stdout.write(`\n[skip] ${title}: no Chromium at ${CHROMIUM} (apt-get install chromium)\n`);
  describe.skip(title, body);
}
