import { WS_ENDPOINT_VARIABLE } from './chromium-server.cjs';

/** Closes the Chromium global-setup.mjs started for the tier. */
export default async function globalTeardown() {
  await globalThis.auraSharedChromium?.close();
  globalThis.auraSharedChromium = undefined;
  delete process.env[WS_ENDPOINT_VARIABLE];
}
