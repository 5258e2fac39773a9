import { WS_ENDPOINT_VARIABLE } from './chromium-server.cjs';
import { reportLingeringSoon } from './lingering.cjs';

/** Closes the Chromium global-setup.mjs started for the tier, and names what a test left open, if anything. */
export default async function globalTeardown() {
  await globalThis.auraSharedChromium?.close();
  globalThis.auraSharedChromium = undefined;
  delete process.env[WS_ENDPOINT_VARIABLE];
  reportLingeringSoon('browser');
}
