/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, so that global-setup.mjs and the TypeScript test files read the same flags */
// Debian's Chromium for the browser tier: its path, its flags, and the one browser the whole tier
// shares (started by global-setup.mjs, closed by global-teardown.mjs; each test file connects to it
// through AURA_BROWSER_WS_ENDPOINT with its own contexts, rather than starting a Chromium of its own).
const { existsSync } = require('node:fs');
const { chromium } = require('playwright-core');

/**
 * Debian's headless shell (package chromium-headless-shell, Chromium's old headless mode, as
 * Playwright's own headless runs use) when it is installed, else Debian's Chromium; CHROMIUM_PATH
 * chooses another. The same engine and media stack without the full browser's window machinery:
 * the tier's CPU, not its waits, set its time, and the shell took a third less of it (the public
 * show test 82 s → 58 s, docs/architecture.md#tests).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const WS_ENDPOINT_VARIABLE = 'AURA_BROWSER_WS_ENDPOINT';

/**
 * The browser tier's fake camera runs at 5 frames a second (Chromium's floor; its default is 20):
 * every frame is encoded, sent through the SFU and decoded by each viewer's page on the tier's two
 * cores, and the tests need frames, not a rate. A benchmark of first frames asks for a real rate.
 */
const TEST_CAMERA_FPS = 5;

/** Headless, on this closed network: no background traffic, no first-run pages. */
const HEADLESS_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A test page's JavaScript runs unoptimized (V8's interpreter and Sparkplug; no Maglev, no TurboFan).
 * A test page lives seconds and runs most of its functions a few times, so the optimizing compilers'
 * work, on worker threads of every renderer, was rarely repaid; freeing their memory cost TLB
 * shootdowns across both cores (`madvise` under V8's Zone::DeleteAll in a `perf` profile, a tenth of
 * the tier's samples). Without them the tier took 446 s against 484–525 s, and 854 s of CPU against
 * 930–1016 (docs/architecture.md#tests). A benchmark (`cameraFps`) keeps V8's defaults.
 */
const TEST_JS_FLAGS = '--js-flags=--no-maglev --no-opt';

/**
 * The tests' pages play no sound: a remote microphone's track still arrives and its <video> plays,
 * but no audio output stream is opened for it. Every output stream ran a 10 ms clock in Chromium's
 * audio process and in the page that fed it (with `testMedia`'s plain microphone, the tier went from
 * 8 min 58 s to about 8 min: docs/architecture.md#tests). No test listens to what it hears; a
 * benchmark (`cameraFps`) keeps its sound.
 */
const TEST_AUDIO_ARGS = ['--disable-audio-output'];

/**
 * Headless, with the flags this closed network and fake media devices need; for the tests (no
 * `cameraFps`), their camera rate, TEST_AUDIO_ARGS and TEST_JS_FLAGS.
 */
function chromiumArgs(cameraFps) {
  const tests = cameraFps === undefined;
  return [
    ...HEADLESS_ARGS,
    // three fake cameras, so a session can switch from one to another: fake_device_0 (I420) and
    // fake_device_2 (MJPEG); fake_device_1 is a Y16 depth camera, which WebRTC never encodes
    `--use-fake-device-for-media-stream=device-count=3,fps=${cameraFps ?? TEST_CAMERA_FPS}`,
    '--use-fake-ui-for-media-stream',
    '--allow-loopback-in-peer-connection',
    ...(tests ? [...TEST_AUDIO_ARGS, TEST_JS_FLAGS] : []),
  ];
}
const CHROMIUM_ARGS = chromiumArgs();

/** Starts the tier's shared Chromium when it is installed; its endpoint goes to the test files in the environment. */
async function startSharedChromium() {
  if (!existsSync(CHROMIUM)) return undefined;
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  process.env[WS_ENDPOINT_VARIABLE] = server.wsEndpoint();
  return server;
}

module.exports = { CHROMIUM, HEADLESS_ARGS, CHROMIUM_ARGS, chromiumArgs, WS_ENDPOINT_VARIABLE, startSharedChromium };
