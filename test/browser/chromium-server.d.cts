import type { BrowserServer } from 'playwright-core';

/** CHROMIUM_PATH, else Debian's headless shell when installed, else Debian's Chromium. */
export const CHROMIUM: string;
/** The environment variable that carries the shared Chromium's endpoint to the test files. */
export const WS_ENDPOINT_VARIABLE: string;
/** Headless, on this closed network (no media flags). */
export const HEADLESS_ARGS: readonly string[];
/** Headless, with the flags this closed network and fake media devices need. */
export const CHROMIUM_ARGS: readonly string[];
/**
 * The flags of a Chromium for the tests (no `cameraFps`: the fake camera at 5 frames a second, pages'
 * JavaScript unoptimized), or for a benchmark (the fake camera at `cameraFps`, V8's defaults).
 */
export function chromiumArgs(cameraFps?: number): string[];
/** Starts the tier's shared Chromium when it is installed, and puts its endpoint in the environment. */
export function startSharedChromium(): Promise<BrowserServer | undefined>;
