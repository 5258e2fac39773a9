/** Helpers for API tests of the admin console: the seeded superadmin and admins made through the API. */
import { streams } from '@aura/contracts';
import { newId } from '../platform/ids';
import { client, type TestApp } from './app-harness';
import { freshAdmin } from './api-fixtures';

export const SUPERADMIN = { username: 'root', password: 'root-password-1' };

export { freshAdmin };

let counter = 0;

/** Creates the superadmin (once) and answers a client signed in as them. */
export async function superadminClient(app: TestApp) {
  await app.ensureSuperadmin(SUPERADMIN);
  await app.settled();
  const http = client(app.url);
  const verified = await http.post('/api/admin/verify', SUPERADMIN);
  if (verified.status !== 200) throw new Error(`superadmin sign-in failed: ${verified.status} ${verified.text}`);
  return http;
}

/**
 * An admin approves a photo (or a profile portrait) in review (issue 39 item 5): buyers see and buy
 * only approved photos, so a test that sells a photo it uploaded approves it first.
 */
export async function approvePhoto(admin: ReturnType<typeof client>, photoId: string) {
  const approved = await admin.post(`/api/admin/reviews/${photoId}`, { decision: 'approve' });
  if (approved.status !== 200) throw new Error(`photo approval failed: ${approved.status} ${approved.text}`);
}

/** A new plain admin made by the superadmin, and a client signed in as them. */
export async function adminClient(app: TestApp, superadmin: ReturnType<typeof client>) {
  const body = freshAdmin();
  const created = await superadmin.post('/api/admins', body);
  if (created.status !== 201) throw new Error(`admin creation failed: ${created.status} ${created.text}`);
  const http = client(app.url);
  const verified = await http.post('/api/admin/verify', { username: body.username, password: body.password });
  if (verified.status !== 200) throw new Error(`admin sign-in failed: ${verified.status} ${verified.text}`);
  return { http, id: created.json.id as string, body };
}

export async function userClient(app: TestApp) {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  const http = client(app.url);
  const registered = await http.post('/api/register', {
    username: `u${suffix}`,
    email: `u${suffix}@example.com`,
    password: 'secret-pass',
    sensitiveDataConsent: true,
  });
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status}`);
  return { http, id: registered.json.id as string };
}

export async function logLength(app: TestApp) {
  return (await app.infra.eventStore.readAll()).length;
}

/** PATCH and DELETE with a client's cookie (the harness client speaks GET and POST). */
export async function send(
  http: ReturnType<typeof client>,
  method: 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  body?: unknown,
) {
  const cookie = http.cookie();
  const response = await fetch(url, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = {};
  }
  return { status: response.status, json, text };
}

/** Tops a wallet up straight in the log (what a paid card purchase would do), then waits for the read models. */
export async function fund(app: TestApp, userId: string, auracoin: number) {
  await app.infra.eventStore.appendToStream(
    streams.wallet(userId),
    [
      {
        id: newId(),
        type: 'AuracoinCredited',
        data: { walletId: userId, amount: auracoin * 100, reason: 'refund', creditedAt: new Date().toISOString() },
      },
    ],
    { expectedRevision: 'any' },
  );
  await app.settled();
}
