/**
 * Accept → the user's first decoded frame, on loopback, in Chromium with the fake camera.
 *
 * The real app (embedded adapters, api + projector + worker in this process) on a free port; two
 * browser contexts, the user's and the performer's, each signed in with its own cookie. The pages
 * are a minimal harness served by the app itself (a bench-only router at `/__bench/*`), not the
 * product's /video-session page: plain RTCPeerConnection over the server's real Socket.IO signalling
 * (`session:join`, `session:signal`, relayed by the server between the two parties only) and the
 * ICE configuration from `GET /api/sessions/{id}/ice`.
 *
 * Per run: a fresh performer and user; the user requests the session and his page joins it and
 * waits; her page already shows her camera (as her dashboard's preview does). Then, timed from the
 * moment her page sends `POST /api/sessions/{id}/accept`: her page joins, offers her tracks, the
 * user's page answers, ICE connects, and the user's `<video>` decodes a frame
 * (`requestVideoFrameCallback`, `videoWidth > 0`).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs } from '../../test/browser/chromium-server.cjs';
import { loadConfig } from '../../backend/platform/config/config';
import { createLogger } from '../../backend/platform/logging/logger';
import { startApi, startProjector, startWorker } from '../../backend/entry/roles';
import { openRuntime } from '../../backend/entry/runtime';
import { GENEROUS_RATE_LIMITS } from '../../backend/test/app-harness';

const root = path.resolve(__dirname, '../..');

/** the page: scripts from the app's origin only (its Content-Security-Policy says script-src 'self') */
const HARNESS = `<!doctype html>
<html><head><meta charset="utf-8"><title>session bench</title></head>
<body><video id="remote" autoplay playsinline muted></video><video id="local" autoplay playsinline muted></video>
<script src="/__bench/socket.io.min.js"></script><script src="/__bench/harness.js"></script></body></html>`;

const HARNESS_JS = `
window.bench = {};
const socket = io({ transports: ['websocket'] });
window.bench.connected = new Promise((resolve) => socket.on('connect', resolve));
let pc;
const pending = [];
function peer(ice) {
  pc = new RTCPeerConnection({ iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy });
  pc.onicecandidate = (e) => { if (e.candidate) socket.emit('session:signal', { sessionId: window.bench.sessionId, candidate: e.candidate.toJSON() }); };
  pc.ontrack = (e) => {
    const video = document.getElementById('remote');
    if (video.srcObject !== e.streams[0]) {
      video.srcObject = e.streams[0];
      video.requestVideoFrameCallback(() => { window.bench.firstFrameAt = Date.now(); window.bench.width = video.videoWidth; });
    }
  };
  return pc;
}
async function ice(sessionId) { return (await fetch('/api/sessions/' + sessionId + '/ice')).json(); }
socket.on('session:signal', async (message) => {
  if (message.sessionId !== window.bench.sessionId) return;
  if (message.description) {
    if (!pc) peer(await ice(message.sessionId));
    await pc.setRemoteDescription(message.description);
    for (const candidate of pending.splice(0)) await pc.addIceCandidate(candidate);
    if (message.description.type === 'offer') {
      await pc.setLocalDescription(await pc.createAnswer());
      socket.emit('session:signal', { sessionId: message.sessionId, description: { type: 'answer', sdp: pc.localDescription.sdp } });
    }
  } else if (message.candidate) {
    if (pc && pc.remoteDescription) await pc.addIceCandidate(message.candidate); else pending.push(message.candidate);
  }
});
const join = (sessionId) => new Promise((resolve) => socket.emit('session:join', sessionId, resolve));
// the user: joins his requested session and waits for her offer
window.bench.waitAsUser = async (sessionId) => { window.bench.sessionId = sessionId; await window.bench.connected; return join(sessionId); };
// the performer: her camera is on before she accepts (her dashboard's preview)
window.bench.camera = async () => {
  window.bench.stream = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 }, audio: true });
  document.getElementById('local').srcObject = window.bench.stream;
  await window.bench.connected;
};
window.bench.accept = async (sessionId) => {
  window.bench.sessionId = sessionId;
  const acceptedAt = Date.now();
  const answer = await fetch('/api/sessions/' + sessionId + '/accept', { method: 'POST' });
  if (answer.status !== 200) throw new Error('accept ' + answer.status);
  const [joined, config] = await Promise.all([join(sessionId), ice(sessionId)]);
  if (!joined.ok) throw new Error('join ' + JSON.stringify(joined));
  peer(config);
  for (const track of window.bench.stream.getTracks()) pc.addTrack(track, window.bench.stream);
  await pc.setLocalDescription(await pc.createOffer());
  socket.emit('session:signal', { sessionId, description: { type: 'offer', sdp: pc.localDescription.sdp } });
  return acceptedAt;
};
`;

async function post(base: string, route: string, body: unknown, cookie?: string) {
  const response = await fetch(base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const setCookie = response.headers.get('set-cookie')?.split(';')[0];
  return {
    status: response.status,
    json: (await response.json().catch(() => ({}))) as Record<string, unknown>,
    cookie: setCookie ?? cookie,
  };
}

async function pageFor(context: BrowserContext, base: string, cookie: string): Promise<Page> {
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  page.on('crash', () => console.error('  (a harness page crashed)'));
  if (process.env.BENCH_DEBUG) page.on('console', (message) => console.error(`  [page] ${message.text()}`));
  await page.goto(`${base}/__bench/session.html`);
  return page;
}

export interface FrameRun {
  ms: number;
  width: number;
}

export async function measureFirstFrame(options: { runs: number; chromiumPath: string }): Promise<FrameRun[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-bench-frame-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    DATABASE_URL: '',
    REDIS_URL: '',
    MONGO_URL: '',
    EVENTSTORE_URL: '',
    RATE_LIMITS: GENEROUS_RATE_LIMITS,
  });
  const socketIo = readFileSync(path.join(root, 'node_modules/socket.io-client/dist/socket.io.min.js'), 'utf8');
  // the harness is served by the app itself: same origin as the api and the socket, as the real page is
  const harness = new Router();
  harness.get('/__bench/session.html', (ctx) => {
    ctx.type = 'text/html';
    ctx.body = HARNESS;
  });
  harness.get('/__bench/harness.js', (ctx) => {
    ctx.type = 'text/javascript';
    ctx.body = HARNESS_JS;
  });
  harness.get('/__bench/socket.io.min.js', (ctx) => {
    ctx.type = 'text/javascript';
    ctx.body = socketIo;
  });
  const runtime = await openRuntime(config, createLogger('error'), {
    http: true,
    extraModules: () => [{ name: 'bench-harness', routers: [harness] }],
  });
  const api = await startApi(runtime, { serveFrontend: false });
  const projector = await startProjector(runtime);
  await startWorker(runtime);
  const base = `http://127.0.0.1:${api.port}`;
  // the browser tests' flags (headless, no sandbox, fake camera and microphone, loopback candidates), its camera at 20 frames a second
  const browser = await chromium.launch({
    executablePath: options.chromiumPath,
    args: [...chromiumArgs(20), '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    await runtime.modules.commands!.admins.ensureSuperadmin({
      username: 'bench-admin',
      password: 'bench-admin-password',
    });
    await projector.caughtUp();
    const admin = await post(base, '/api/admin/verify', { username: 'bench-admin', password: 'bench-admin-password' });
    if (admin.status !== 200) throw new Error(`admin login ${admin.status}`);
    const results: FrameRun[] = [];
    for (let run = 0; run < options.runs; run++) {
      const tag = `${Date.now().toString(36)}${run}`;
      const created = await post(
        base,
        '/api/performers',
        {
          name: `Bench ${tag}`,
          age: 27,
          image: '/demo/performers/1.svg',
          isOnline: true,
          creditsPerMinute: 1,
          languages: 'Italiano',
          username: `bench${tag}`,
          email: `bench${tag}@example.com`,
          password: 'secret-pass',
        },
        admin.cookie,
      );
      if (created.status !== 201) throw new Error(`performer ${created.status} ${JSON.stringify(created.json)}`);
      const her = await post(base, '/api/performer/login', { username: `bench${tag}`, password: 'secret-pass' });
      const him = await post(base, '/api/register', {
        username: `benchu${tag}`,
        email: `benchu${tag}@example.com`,
        password: 'secret-pass',
        sensitiveDataConsent: true,
      });
      const userId = him.json.id as string;
      const funded = await fetch(`${base}/api/users/${userId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: admin.cookie! },
        body: JSON.stringify({ auracoinBalance: 100 }),
      });
      if (funded.status !== 200) throw new Error(`funding ${funded.status}`);

      const userContext = await browser.newContext();
      const herContext = await browser.newContext();
      const userPage = await pageFor(userContext, base, him.cookie!);
      const herPage = await pageFor(herContext, base, her.cookie!);
      const requested = await userPage.evaluate(async (performerId) => {
        const answer = await fetch('/api/sessions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ performerId }),
        });
        return { status: answer.status, id: ((await answer.json()) as { id: string }).id };
      }, created.json.id as string);
      if (requested.status !== 201) throw new Error(`request ${requested.status}`);
      const joined = await userPage.evaluate(
        (id) =>
          (globalThis as unknown as { bench: { waitAsUser(id: string): Promise<{ ok: boolean }> } }).bench.waitAsUser(
            id,
          ),
        requested.id,
      );
      if (!joined.ok) throw new Error('user join failed');
      await herPage.evaluate(() => (globalThis as unknown as { bench: { camera(): Promise<void> } }).bench.camera());

      const acceptedAt = await herPage.evaluate(
        (id) => (globalThis as unknown as { bench: { accept(id: string): Promise<number> } }).bench.accept(id),
        requested.id,
      );
      await userPage.waitForFunction(
        () => (globalThis as unknown as { bench: { firstFrameAt?: number } }).bench.firstFrameAt !== undefined,
        undefined,
        { timeout: 30_000 },
      );
      const frame = await userPage.evaluate(() => {
        const bench = (globalThis as unknown as { bench: { firstFrameAt: number; width: number } }).bench;
        return { at: bench.firstFrameAt, width: bench.width };
      });
      results.push({ ms: frame.at - acceptedAt, width: frame.width });
      await userPage.evaluate((id) => fetch(`/api/sessions/${id}/end`, { method: 'POST' }), requested.id);
      await userContext.close();
      await herContext.close();
    }
    return results;
  } finally {
    await browser.close();
    await projector.stop();
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
