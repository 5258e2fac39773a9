/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, so that global-setup.mjs and the TypeScript test files read the same flags */
// Debian's Chromium for the browser tier: its path, its flags, and the one browser the whole tier
// shares (started by global-setup.mjs, closed by global-teardown.mjs; each test file connects to it
// through AURA_BROWSER_WS_ENDPOINT with its own contexts, rather than starting a Chromium of its own).
const { existsSync } = require('node:fs');
const { chromium } = require('playwright-core');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WS_ENDPOINT_VARIABLE = 'AURA_BROWSER_WS_ENDPOINT';

/** Headless, with the flags this closed network and fake media devices need. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // three fake cameras, so a session can switch from one to another: fake_device_0 (I420) and
  // fake_device_2 (MJPEG); fake_device_1 is a Y16 depth camera, which WebRTC never encodes
  '--use-fake-device-for-media-stream=device-count=3',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

/** Starts the tier's shared Chromium when it is installed; its endpoint goes to the test files in the environment. */
async function startSharedChromium() {
  if (!existsSync(CHROMIUM)) return undefined;
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  process.env[WS_ENDPOINT_VARIABLE] = server.wsEndpoint();
  return server;
}

module.exports = { CHROMIUM, CHROMIUM_ARGS, WS_ENDPOINT_VARIABLE, startSharedChromium };
