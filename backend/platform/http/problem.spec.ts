import Koa from 'koa';
import { inject, type DispatchFunc } from 'light-my-request';
import { errorMessages, type RouteContract } from '@aura/contracts';
import { DomainError } from '../domain-error';
import { createLogger } from '../logging/logger';
import { problemHandler } from './problem';

/** A route that refuses with `code`, its contract listing `refusals`. */
async function refusing(code: DomainError['code'], refusals: RouteContract['refusals'], checkRefusals = true) {
  const app = new Koa();
  app.use(problemHandler(createLogger('silent'), checkRefusals));
  app.use((ctx) => {
    ctx.state.route = { method: 'post', path: '/api/shows/{id}/tips', refusals } as unknown as RouteContract;
    throw new DomainError(code);
  });
  // driven in process (no socket): the status and the problem+json body
  const response = await inject(app.callback() as DispatchFunc, { method: 'POST', url: '/api/shows/1/tips' });
  return { status: response.statusCode, body: response.json<{ code: string; detail: string; error?: string }>() };
}

describe('the problem answer checks, under test, that a route lists each refusal it gives (issue 37 item 5)', () => {
  it('answers a listed refusal, and one any route may give, with its status, code and Italian text', async () => {
    const listed = await refusing('show_banned', ['show_banned']);
    expect(listed.status).toBe(403);
    expect(listed.body).toMatchObject({ code: 'show_banned', detail: errorMessages.show_banned });
    expect((await refusing('not_found', [])).status).toBe(404);
  });

  it('turns a refusal its contract does not list into a 500 that names it, so the test that met it fails', async () => {
    const unlisted = await refusing('show_muted', ['show_banned']);
    expect(unlisted.status).toBe(500);
    expect(unlisted.body).toMatchObject({ code: 'internal_error' });
    expect(unlisted.body.error).toContain('POST /api/shows/{id}/tips answered show_muted');
  });

  it('does not check outside tests', async () => {
    expect((await refusing('show_muted', ['show_banned'], false)).status).toBe(403);
  });
});
