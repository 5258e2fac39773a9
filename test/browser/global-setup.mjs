import { buildFrontendIfStale } from '../../scripts/frontend-build.mjs';
import { startSharedChromium } from './chromium-server.cjs';
import { recordLongTimers } from './lingering.cjs';

/** The built frontend, and one Chromium for the whole tier (closed by global-teardown.mjs). */
export default async function globalSetup() {
  recordLongTimers();
  buildFrontendIfStale();
  globalThis.auraSharedChromium = await startSharedChromium();
}
