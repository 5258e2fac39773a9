/**
 * `npm start` on a long log with no snapshot yet (a first start, an upgrade): the api answers while
 * the read models catch up, and says so honestly: /api/health is 503 'starting' (the projector
 * catching up, with how far it is) until they have, then 200, and a registration is answered.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeScaleLog } from '../../bench/scale/log';
import { client, startTestApp, type TestApp } from './app-harness';

describe('a start on a long log', () => {
  let dataDir: string;
  let app: TestApp | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aura-catch-up-'));
    // 5,000 users, 20,000 events: a catch-up of a second or more on this machine
    await writeScaleLog(dataDir, 5_000);
  });
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers /api/health during the catch-up: 503 'starting', then 200 once the read models hold the log", async () => {
    app = await startTestApp({ DATA_DIR: dataDir });
    let caughtUp = false;
    const settled = app.settled().then(() => (caughtUp = true));
    const during = await client(app.url).get('/api/health');
    // answered before the replay was over: the catch-up leaves the event loop turns
    expect(caughtUp).toBe(false);
    expect(during.status).toBe(503);
    expect(during.json).toMatchObject({
      status: 'starting',
      adapters: {
        eventStore: { ok: true },
        readModels: { ok: true },
        projections: {
          adapter: 'in-process',
          ok: false,
          detail: expect.stringMatching(/^catching up with the log: position \d+ of \d+$/),
        },
      },
    });
    await settled;
    const after = await client(app.url).get('/api/health');
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({
      status: 'ok',
      adapters: { projections: { ok: true, detail: expect.stringMatching(/^live at position \d+$/) } },
    });
    const registered = await client(app.url).post('/api/register', {
      username: 'aftercatchup',
      email: 'after@catch.up',
      password: 'secret-pass-1',
      sensitiveDataConsent: true,
    });
    expect(registered.status).toBe(201);
  });
});
