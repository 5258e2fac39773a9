import type { BrowserServer } from 'playwright-core';

/** Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium). */
export const CHROMIUM: string;
/** The environment variable that carries the shared Chromium's endpoint to the test files. */
export const WS_ENDPOINT_VARIABLE: string;
/** Headless, with the flags this closed network and fake media devices need. */
export const CHROMIUM_ARGS: readonly string[];
/** Starts the tier's shared Chromium when it is installed, and puts its endpoint in the environment. */
export function startSharedChromium(): Promise<BrowserServer | undefined>;
