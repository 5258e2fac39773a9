import { Lifecycle } from './lifecycle';

const up = async () => ({ adapter: 'test', ok: true });
const down = async () => ({ adapter: 'test', ok: false, detail: 'connection refused' });
const catchingUp = async () => ({
  adapter: 'in-process',
  ok: false,
  starting: true,
  detail: 'catching up with the log',
});

describe('a process lifecycle as /readyz tells it', () => {
  it('is not ready while starting, ready once told and every check passes, not ready again while draining', async () => {
    const lifecycle = new Lifecycle();
    lifecycle.addChecks({ eventStore: up });
    expect(await lifecycle.readiness()).toEqual({ status: 503, body: { status: 'starting' } });
    lifecycle.ready();
    expect(await lifecycle.readiness()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { eventStore: { ok: true } } },
    });
    lifecycle.drain();
    lifecycle.ready(); // a late "ready" does not undo a drain
    expect(await lifecycle.readiness()).toMatchObject({ status: 503, body: { status: 'draining' } });
  });

  it('says degraded when an adapter is down, starting when only read models are on their way', async () => {
    const degraded = new Lifecycle();
    degraded.addChecks({ eventStore: up, readModels: down, projections: catchingUp });
    degraded.ready();
    expect(await degraded.readiness()).toMatchObject({
      status: 503,
      body: { status: 'degraded', checks: { readModels: { ok: false, detail: 'connection refused' } } },
    });
    const starting = new Lifecycle();
    starting.addChecks({ eventStore: up, projections: catchingUp });
    starting.ready();
    expect(await starting.readiness()).toMatchObject({ status: 503, body: { status: 'starting' } });
  });

  it('counts a check that throws as down', async () => {
    const lifecycle = new Lifecycle();
    lifecycle.addChecks({ kv: () => Promise.reject(new Error('boom')) });
    lifecycle.ready();
    expect(await lifecycle.readiness()).toMatchObject({
      status: 503,
      body: { status: 'degraded', checks: { kv: { ok: false, detail: 'Error: boom' } } },
    });
  });
});
