/**
 * The API as docs/product.md's tables write it. The tables are read from the markdown, so the test
 * and the doc cannot drift: every documented route is a contract route and every contract route is
 * documented; every request body is sent exactly as its row lists it (its fields, every optional one
 * included, with real ids in place of placeholders) and answered with the row's status and fields
 * (and the contract's response schema); routes without a body answer their documented status. The
 * same bodies broken (empty, a field of the wrong type, not JSON) are refused with a 4xx
 * problem+json, never a 500.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoutes, lastClosedPayoutWeek, type RouteContract } from '@aura/contracts';
import { newId } from '../platform/ids';
import { signatureHeader } from '../platform/payments/signature';
import { completedEventBody } from '../platform/payments/webhook-event';
import { client, sandboxAgeProof, startTestApp, type TestApp } from './app-harness';
import { adminClient, approvePhoto, freshAdmin, SUPERADMIN, superadminClient } from './admin-session';
import { fundedUser, onlinePerformer, waitForSession, type Http } from './session-helpers';
import { PNG_1X1 as PNG } from './image-network';

// ---------------------------------------------------------------------------------------------
// Reading the tables

type Literal = string | number | boolean | null;
/** a field of a body or an answer: `name`, `name?`, `name: literal`, `name: a | b`, `name: {…}` */
interface Field {
  name: string;
  optional: boolean;
  /** the values the row writes for it (one request per value) */
  choices?: Literal[];
  nested?: Field[];
}
interface DocBody {
  fields: Field[];
  /** 'any of `{…}`': each field may also be sent alone */
  anyOf: boolean;
}
interface DocRoute {
  method: string;
  path: string;
  label: string;
  keyRequired: boolean;
  bodies: DocBody[];
  /** the leading status of the answer cell; 200 when it names none */
  status: number | undefined;
  answer: Field[] | undefined;
}

const API_TABLE_HEADER = /^\|\s*method and path\s*\|\s*level\s*\|\s*body\s*\|\s*answer\s*\|$/;

/** A markdown row's cells, `\|` kept inside a cell as `|`. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** Code spans outside parentheses (a parenthesis is a remark: `(departure: the spec sent `{password}` only)`), with the text before each. */
function codeSpans(cell: string): { code: string; before: string }[] {
  const spans: { code: string; before: string }[] = [];
  let depth = 0;
  let before = '';
  cell.split('`').forEach((part, index) => {
    if (index % 2 === 1) {
      if (depth === 0) {
        spans.push({ code: part, before });
        before = '';
      }
      return;
    }
    for (const char of part) depth = Math.max(0, depth + (char === '(' ? 1 : char === ')' ? -1 : 0));
    before += part;
  });
  return spans;
}

/** Splits at the commas (or bars) that are not inside braces. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '{') depth += 1;
    if (char === '}') depth -= 1;
    if (char === separator && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

function literal(text: string): Literal {
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** `{username (or email), price: 50, status: approved | rejected, counts: {all}}` → its fields. */
function parseFields(code: string): Field[] {
  const inner = code.trim().replace(/^\{/, '').replace(/\}$/, '');
  return splitTop(inner, ',').map((part) => {
    const colon = part.indexOf(':');
    const key = (colon < 0 ? part : part.slice(0, colon)).replace(/\s*\(.*\)\s*/g, '').trim();
    const field: Field = { name: key.replace(/\?$/, ''), optional: key.endsWith('?') };
    if (colon < 0) return field;
    const value = part.slice(colon + 1).trim();
    if (value.startsWith('{')) return { ...field, nested: parseFields(value) };
    return { ...field, choices: splitTop(value, '|').map(literal) };
  });
}

/** `PUT / DELETE /api/favourites/{id}`, `POST /api/sessions/{id}/accept, …/decline`, `GET /api/x?token=` → [method, path] pairs. */
function routesOf(cell: string): [string, string][] {
  const match = /^([A-Z]+(?:\s*\/\s*[A-Z]+)*)\s+(\/[^\s,?]+)(?:\?\S*)?((?:,\s*…\/[\w-]+)*)/.exec(cell);
  if (!match) throw new Error(`cannot read the route of '${cell}'`);
  const methods = match[1]!.split('/').map((method) => method.trim());
  const first = match[2]!;
  const others = [...match[3]!.matchAll(/…\/([\w-]+)/g)].map((alternative) =>
    first.replace(/\/[\w-]+$/, `/${alternative[1]!}`),
  );
  return methods.flatMap((method) => [first, ...others].map((route) => [method, route] as [string, string]));
}

function readApiTables(markdown: string): DocRoute[] {
  const routes: DocRoute[] = [];
  let inTable = false;
  for (const line of markdown.split('\n')) {
    if (API_TABLE_HEADER.test(line.trim())) {
      inTable = true;
      continue;
    }
    if (!inTable || /^\|[-|\s]+\|$/.test(line.trim())) continue;
    if (!line.trim().startsWith('|')) {
      inTable = false;
      continue;
    }
    const [route, level, body, answer] = cells(line) as [string, string, string, string];
    const bodies = codeSpans(body)
      .filter((span) => span.code.startsWith('{'))
      .map((span) => ({ fields: parseFields(span.code), anyOf: /any of/.test(span.before) }));
    const answerSpan = codeSpans(answer).find((span) => span.code.startsWith('{'));
    const status = /^(\d{3})\b/.exec(answer)?.[1];
    for (const [method, routePath] of routesOf(route)) {
      routes.push({
        method,
        path: routePath,
        label: `${method} ${routePath}`,
        keyRequired: /\*key\* required/.test(level),
        bodies,
        status: status ? Number(status) : undefined,
        answer: answerSpan && parseFields(answerSpan.code),
      });
    }
  }
  return routes;
}

const documented = readApiTables(readFileSync(path.join(__dirname, '../../docs/product.md'), 'utf8'));
const contractOf = (route: DocRoute) =>
  Object.values(apiRoutes as Record<string, RouteContract>).find(
    (contract) => contract.method === route.method.toLowerCase() && contract.path === route.path,
  );

// ---------------------------------------------------------------------------------------------
// The world the bodies name: real users, performers, packages, photos, conversations…

const WEBHOOK_SECRET = 'whsec_test_conformance_suite_secret';
const IBAN = 'IT60X0542811101000000123456';

let app: TestApp;
let admin: Http;
let adminId: string;
let user: Awaited<ReturnType<typeof fundedUser>>;
let performer: Awaited<ReturnType<typeof onlinePerformer>>;

let counter = 0;
const tag = () => `${Date.now().toString(36)}${(counter += 1)}`;
const anonymous = () => client(app.url);
const expectStatus = (label: string, answer: { status: number; text: string }, status: number) =>
  expect({ label, status: answer.status, text: answer.status === status ? '' : answer.text }).toEqual({
    label,
    status,
    text: '',
  });

/** A co-performer of hers: a name, an adult's birth date, her ID document uploaded by her, the signed consent. */
async function coPerformerBody() {
  const uploaded = (await (await uploadDocument(performer.http)).json()) as { url: string };
  return {
    name: 'Marta Bianchi',
    dateOfBirth: '1995-06-01',
    document: { documentType: 'ID Fronte', documentUrl: uploaded.url, fileName: 'id-front.png' },
    signedConsent: 'data:image/png;base64,iVBORw0KGgo=',
  };
}

async function uploadDocument(http = anonymous()) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), 'id-front.png');
  form.append('fileName', `performer-docs/${Date.now()}-id-front.png`);
  form.append('directory', 'private');
  const cookie = http.cookie();
  return fetch(`${app.url}/api/upload`, { method: 'POST', body: form, headers: cookie ? { cookie } : {} });
}

/** The registration body as the spec's wizard sends it (no `acceptedTerms`, no `documents`). */
function specRegistration() {
  const suffix = tag();
  return {
    username: `reg${suffix}`,
    password: 'secret-pass',
    email: `reg${suffix}@example.com`,
    name: 'Aurora',
    dateOfBirth: '1998-04-12',
    age: 28,
    bio: 'Ciao a tutti',
    creditsPerMinute: 10,
    languages: ['Italiano'],
    category: 'Standard',
    hairColor: 'Mora',
    eyeColor: 'Verdi',
    bodyType: 'Snella',
    ethnicity: 'Latina',
    height: 168,
    specialFeatures: ['Tatuaggi'],
    image: 'https://img.example/performer-default.jpg',
    digitalSignature: 'data:image/png;base64,iVBORw0KGgo=',
    sensitiveDataConsent: true,
    signedContractAt: new Date().toISOString(),
    verificationStatus: 'pending',
  };
}

/** A registration in the spec's sequence: the spec's body, then one document attached by herself. */
async function pendingPerformer(options: { withDocument: boolean }) {
  const http = anonymous();
  const created = await http.post('/api/performers', specRegistration());
  expectStatus('registration', created, 201);
  const id = created.json.id as string;
  if (options.withDocument) {
    const uploaded = (await (await uploadDocument(http)).json()) as { url: string };
    expectStatus(
      'document',
      await http.post(`/api/performers/${id}/documents`, {
        documentType: 'ID Fronte',
        documentUrl: uploaded.url,
        fileName: 'id-front.png',
      }),
      201,
    );
  }
  return { id, http };
}

async function createPackage() {
  const created = await admin.post('/api/packages', { credits: 100, bonus: 10, price: 99, popular: false });
  return created.json.id as string;
}

async function createPurchase() {
  const created = await user.http.post(
    '/api/purchases',
    { packageId: await createPackage() },
    { 'idempotency-key': newId() },
  );
  expectStatus('purchase', created, 201);
  return { id: created.json.id as string, checkoutId: (created.json.checkoutUrl as string).split('/').pop()! };
}

async function createPhoto() {
  const added = await performer.http.post(`/api/performers/${performer.id}/photos`, {
    imageUrl: 'https://img.example/p.jpg',
    title: 'Tramonto',
    price: 5,
  });
  await approvePhoto(admin, added.json.id as string);
  return added.json.id as string;
}

/** A photo of hers waiting for an admin's review (issue 39 item 5). */
async function photoInReview() {
  const added = await performer.http.post(`/api/performers/${performer.id}/photos`, {
    imageUrl: 'https://img.example/r.jpg',
    title: 'Alba',
    price: 5,
  });
  expectStatus('photo added', added, 201);
  return added.json.id as string;
}

/** A report on one of her photos (spam: nothing hidden), filed by the user. */
async function openReport() {
  const filed = await user.http.post('/api/reports', {
    targetKind: 'photo',
    targetId: await createPhoto(),
    category: 'spam',
    description: 'Pubblicità',
    goodFaith: true,
  });
  expectStatus('report filed', filed, 201);
  return filed.json.id as string;
}

/** A statement of reasons about her: a report on her photo decided by the admin of this file. */
async function statementAboutHer() {
  const decided = await admin.post(`/api/admin/reports/${await openReport()}/decision`, {
    action: 'none',
    ground: 'termini',
    groundDetail: 'Termini di servizio',
    statement: 'Nessuna violazione',
  });
  expectStatus('report decided', decided, 200);
  return decided.json.statementId as string;
}

/** An upload ticket with the image already PUT to it. */
async function uploadedImage() {
  const uploadURL = (await performer.http.post('/api/objects/upload')).json.uploadURL as string;
  const put = await fetch(app.url + uploadURL, {
    method: 'PUT',
    body: PNG,
    headers: { cookie: performer.http.cookie()!, 'content-type': 'image/png' },
  });
  expect(put.status).toBe(200);
  return uploadURL;
}

/** the performer the PATCH rows change (the others keep `performer` as she is) */
let patched: ReturnType<typeof onlinePerformer> | undefined;
let chat: Promise<{ aliasId: string; conversationId: string }> | undefined;
/** One alias of the user and its conversation with the performer, with a paid message in it. */
function conversation() {
  chat ??= (async () => {
    const alias = await user.http.post(`/api/users/${user.id}/aliases`, { aliasName: `Ombra ${tag()}`, price: 50 });
    const aliasId = alias.json.id as string;
    const opened = await user.http.post('/api/conversations', { performerId: performer.id, aliasId });
    const conversationId = opened.json.id as string;
    expectStatus(
      'message',
      await user.http.post('/api/messages', {
        conversationId,
        senderId: aliasId,
        senderType: 'user',
        content: 'Ciao!',
      }),
      201,
    );
    return { aliasId, conversationId };
  })();
  return chat;
}

/** A requested session of a new funded user with the performer; `end` ends it (either state). */
async function requestedSession() {
  const asker = await fundedUser(app, admin, 100);
  const requested = await asker.http.post('/api/sessions', { performerId: performer.id });
  expectStatus('session', requested, 201);
  const id = requested.json.id as string;
  return { id, asker, end: async () => void (await asker.http.post(`/api/sessions/${id}/end`)) };
}

/** The token of the newest link mailed to `to` (the development outbox; mail goes out after the answer). */
async function mailedToken(to: string) {
  const text = await eventually(`mail to ${to}`, async () => {
    const messages = (await anonymous().get('/api/dev/outbox')).json.messages as { to: string; text: string }[];
    return messages.find((message) => message.to === to)?.text;
  });
  return decodeURIComponent(/token=(\S+)/.exec(text)![1]!);
}

/** What the worker and the read models make a moment after a command: polled until it shows. */
async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} never showed`);
}

async function payoutRunId() {
  const run = await admin.post('/api/admin/payouts/run', {
    periodEnd: lastClosedPayoutWeek(new Date()).end.toISOString(),
  });
  const runId = run.json.runId as string;
  return eventually(`payout run ${runId}`, async () =>
    (await admin.get(`/api/admin/payouts/runs/${runId}`)).status === 200 ? runId : undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// How each documented route is called

interface Call {
  /** who calls */
  as: Http;
  params?: Record<string, string>;
  query?: string;
  /** the body's fields by name: only names the row lists, and every one it lists (literals come from the row) */
  values?: Record<string, unknown>;
  /** a request that is not JSON (multipart, raw bytes, a signed provider event, a redirect) */
  raw?: () => Promise<Response>;
  after?: () => Promise<void>;
}
/** `literals`: what the row fixes for this request (`status: approved`, `method: iban`…) */
type Scenario = (literals: Record<string, Literal>, bodyIndex: number) => Promise<Call>;

const scenarios: Record<string, Scenario> = {
  // accounts and users
  'POST /api/register': async () => {
    const suffix = tag();
    return {
      as: anonymous(),
      values: {
        username: `u${suffix}`,
        email: `u${suffix}@example.com`,
        password: 'secret-pass',
        sensitiveDataConsent: true,
      },
    };
  },
  'POST /api/login': async () => ({ as: anonymous(), values: { username: user.username, password: 'secret-pass' } }),
  'POST /api/logout': async () => ({ as: (await fundedUser(app, admin, 0)).http }),
  'GET /api/me': async () => ({ as: user.http }),
  'GET /api/users/{id}': async () => ({ as: user.http, params: { id: user.id } }),
  'GET /api/users/{id}/ledger': async () => ({ as: user.http, params: { id: user.id } }),
  'GET /api/users': async () => ({ as: admin }),
  'PATCH /api/users/{id}': async () => ({
    as: admin,
    params: { id: (await fundedUser(app, admin, 0)).id },
    values: { auracoinBalance: 25 },
  }),
  'DELETE /api/users/{id}': async () => ({ as: admin, params: { id: (await fundedUser(app, admin, 0)).id } }),
  // his account: reset by mail, settings, his data
  'POST /api/password-reset': async () => ({
    as: anonymous(),
    values: { email: (await fundedUser(app, admin, 0)).email },
  }),
  'POST /api/password-reset/confirm': async () => {
    const { email } = await fundedUser(app, admin, 0);
    expectStatus('reset asked', await anonymous().post('/api/password-reset', { email }), 202);
    return { as: anonymous(), values: { token: await mailedToken(email), password: 'second-pass' } };
  },
  'POST /api/me/password': async () => ({
    as: (await fundedUser(app, admin, 0)).http,
    values: { currentPassword: 'secret-pass', newPassword: 'second-pass' },
  }),
  'POST /api/me/email': async () => {
    const asker = await fundedUser(app, admin, 0);
    return { as: asker.http, values: { email: `new-${asker.email}`, password: 'secret-pass' } };
  },
  'POST /api/me/email/confirm': async () => {
    const asker = await fundedUser(app, admin, 0);
    expectStatus(
      'email change asked',
      await asker.http.post('/api/me/email', { email: `new-${asker.email}`, password: 'secret-pass' }),
      202,
    );
    return { as: anonymous(), values: { token: await mailedToken(`new-${asker.email}`) } };
  },
  'POST /api/me/delete/check': async () => ({ as: user.http, values: { password: 'secret-pass' } }),
  'POST /api/me/delete': async () => ({
    as: (await fundedUser(app, admin, 0)).http,
    // 'Revoca consenso': the deletion's path, saying why
    values: { password: 'secret-pass', reason: 'consent_withdrawn' },
  }),
  'GET /api/me/export': async () => ({ as: user.http }),
  'GET /api/dev/outbox': async () => ({ as: anonymous() }),
  // aliases
  'GET /api/users/{userId}/aliases': async () => ({ as: user.http, params: { userId: user.id } }),
  'POST /api/users/{userId}/aliases': async () => ({
    as: user.http,
    params: { userId: user.id },
    values: { aliasName: `Alias ${tag()}` },
  }),
  'DELETE /api/aliases/{id}': async () => {
    const alias = await user.http.post(`/api/users/${user.id}/aliases`, { aliasName: `Breve ${tag()}`, price: 50 });
    return { as: user.http, params: { id: alias.json.id as string } };
  },
  // packages, offers, purchases
  'GET /api/packages': async () => ({ as: anonymous() }),
  'POST /api/packages': async () => ({ as: admin, values: { credits: 500, bonus: 50, price: 450, popular: true } }),
  'PATCH /api/packages/{id}': async () => ({
    as: admin,
    params: { id: await createPackage() },
    values: { credits: 120, bonus: 0, price: 110, popular: false },
  }),
  'DELETE /api/packages/{id}': async () => ({ as: admin, params: { id: await createPackage() } }),
  'GET /api/offers/current': async () => ({ as: anonymous() }),
  'GET /api/offers': async () => ({ as: admin }),
  'POST /api/offers': async () => ({ as: admin, values: { bonusPercent: 20, durationMinutes: 120 } }),
  'POST /api/offers/{id}/end': async () => {
    const offer = await admin.post('/api/offers', { bonusPercent: 10 });
    return { as: admin, params: { id: offer.json.id as string } };
  },
  'POST /api/purchases': async () => ({ as: user.http, values: { packageId: await createPackage() } }),
  'GET /api/purchases/{id}': async () => ({ as: user.http, params: { id: (await createPurchase()).id } }),
  'POST /api/payments/webhook': async () => {
    const purchase = await createPurchase();
    const body = completedEventBody({
      eventId: `evt_${tag()}`,
      checkoutId: purchase.checkoutId,
      purchaseId: purchase.id,
      amountCents: 9900,
      paymentId: `pi_${tag()}`,
    });
    return {
      as: anonymous(),
      raw: () =>
        fetch(`${app.url}/api/payments/webhook`, {
          method: 'POST',
          body,
          headers: {
            'content-type': 'application/json',
            'stripe-signature': signatureHeader(body, WEBHOOK_SECRET, new Date()),
          },
        }),
    };
  },
  'GET /api/payments/sandbox/{checkoutId}': async () => ({
    as: anonymous(),
    params: { checkoutId: (await createPurchase()).checkoutId },
  }),
  'POST /api/payments/sandbox/{checkoutId}/confirm': async () => {
    const { checkoutId } = await createPurchase();
    return {
      as: anonymous(),
      raw: () => fetch(`${app.url}/api/payments/sandbox/${checkoutId}/confirm`, { method: 'POST', redirect: 'manual' }),
    };
  },
  'POST /api/payments/sandbox/{checkoutId}/decline': async () => {
    const { checkoutId } = await createPurchase();
    return {
      as: anonymous(),
      raw: () => fetch(`${app.url}/api/payments/sandbox/${checkoutId}/decline`, { method: 'POST', redirect: 'manual' }),
    };
  },
  // performers and verification
  'GET /api/performers': async () => ({ as: anonymous() }),
  'GET /api/performers/{id}': async () => ({ as: anonymous(), params: { id: performer.id } }),
  'POST /api/performers': async (_literals, bodyIndex) => {
    if (bodyIndex === 0) return { as: anonymous(), values: specRegistration() };
    return {
      as: admin,
      values: {
        name: `Admin-made ${tag()}`,
        age: 30,
        image: 'https://img.example/admin-made.png',
        isOnline: false,
        rating: 4.5,
        creditsPerMinute: 2.5,
        languages: 'Italiano, English',
        category: 'VIP',
        bio: null,
      },
    };
  },
  'PATCH /api/performers/{id}': async (_literals, bodyIndex) => {
    const target = await (patched ??= onlinePerformer(app.url, admin));
    const common = {
      name: 'Nuovo nome',
      age: 31,
      creditsPerMinute: 3,
      category: 'Premium',
      languages: ['Italiano', 'English'],
      image: 'https://img.example/new.png',
      bio: 'Bio nuova',
      isOnline: true,
    };
    // what verification checked (her name, her age) is the admin's to change once she is approved (docs/product.md#verified-fields)
    const { name: _name, age: _age, ...hers } = common;
    if (bodyIndex === 0) return { as: target.http, params: { id: target.id }, values: { ...hers, messagePrice: 1.5 } };
    return { as: admin, params: { id: target.id }, values: { ...common, rating: 4.2 } };
  },
  'DELETE /api/performers/{id}': async () => ({
    as: admin,
    params: { id: (await onlinePerformer(app.url, admin)).id },
  }),
  'POST /api/performer/login': async () => ({
    as: anonymous(),
    values: { username: performer.username, password: performer.password },
  }),
  'GET /api/performer/me': async () => ({ as: performer.http }),
  'GET /api/admin/performers': async () => ({ as: admin }),
  'GET /api/admin/performers/pending': async () => ({ as: admin }),
  'POST /api/admin/performers/{id}/verify': async (literals) => ({
    as: admin,
    params: { id: (await pendingPerformer({ withDocument: true })).id },
    values: { adminId, rejectionReason: literals.status === 'rejected' ? 'Documento illeggibile' : '' },
  }),
  'POST /api/upload': async () => ({ as: anonymous(), raw: () => uploadDocument() }),
  'GET /api/performers/{id}/documents': async () => ({
    as: admin,
    params: { id: (await pendingPerformer({ withDocument: true })).id },
  }),
  'POST /api/performers/{id}/documents': async () => {
    const { id, http } = await pendingPerformer({ withDocument: false });
    const uploaded = (await (await uploadDocument(http)).json()) as { url: string };
    return {
      as: http,
      params: { id },
      values: {
        documentType: 'ID Retro',
        documentUrl: uploaded.url,
        fileName: 'id-front.png',
        fileSize: PNG.length,
        performerId: id,
      },
    };
  },
  'GET /api/documents/{documentId}/file': async () => {
    const { id } = await pendingPerformer({ withDocument: true });
    const [document] = (await admin.get(`/api/performers/${id}/documents`)).json as unknown as {
      documentUrl: string;
    }[];
    return { as: admin, raw: () => fetch(app.url + document!.documentUrl, { headers: { cookie: admin.cookie()! } }) };
  },
  'PUT /api/performers/{id}/geoblock': async () => ({
    as: performer.http,
    params: { id: performer.id },
    values: { countries: ['FR'] },
  }),
  'PUT /api/performers/{id}/schedule': async () => ({
    as: performer.http,
    params: { id: performer.id },
    values: { slots: [{ day: 0, from: '20:00', to: '23:30' }] },
  }),
  'PUT /api/performers/{id}/blocked-users/{userId}': async () => ({
    as: performer.http,
    params: { id: performer.id, userId: (await fundedUser(app, admin, 0)).id },
  }),
  'DELETE /api/performers/{id}/blocked-users/{userId}': async () => {
    const blocked = (await fundedUser(app, admin, 0)).id;
    await performer.http.send('PUT', `/api/performers/${performer.id}/blocked-users/${blocked}`);
    return { as: performer.http, params: { id: performer.id, userId: blocked } };
  },
  'GET /api/performers/{id}/earnings': async () => ({ as: performer.http, params: { id: performer.id } }),
  // photos, files, favourites, presence, admins, health
  'GET /api/performers/{id}/photos': async () => ({ as: anonymous(), params: { id: performer.id } }),
  'POST /api/performers/{id}/photos': async () => ({
    as: performer.http,
    params: { id: performer.id },
    // nobody else in it: declaring an approved co-performer is proven by co-performers.api.spec.ts
    values: {
      imageUrl: 'https://img.example/photo.jpg',
      title: 'Alba',
      description: 'Sul mare',
      price: 7.5,
      coPerformerIds: [],
    },
  }),
  // her own photo needs no statement (an admin's removal does): the documented optional field, sent
  'DELETE /api/photos/{id}': async () => ({
    as: performer.http,
    params: { id: await createPhoto() },
    values: { statement: 'Non la vendo più' },
  }),
  'POST /api/photos/{id}/purchase': async () => ({
    as: user.http,
    params: { id: await createPhoto() },
    values: { expectedPrice: 5 },
  }),
  'POST /api/objects/upload': async () => ({ as: performer.http }),
  'PUT /api/objects/upload/{token}': async () => {
    const uploadURL = (await performer.http.post('/api/objects/upload')).json.uploadURL as string;
    return {
      as: performer.http,
      raw: () =>
        fetch(app.url + uploadURL, {
          method: 'PUT',
          body: PNG,
          headers: { cookie: performer.http.cookie()!, 'content-type': 'image/png' },
        }),
    };
  },
  'PUT /api/performer-photos/upload': async () => ({
    as: performer.http,
    values: { imageURL: await uploadedImage(), performerId: performer.id },
  }),
  'GET /api/files/public/{fileId}': async () => {
    const confirmed = await performer.http.send('PUT', '/api/performer-photos/upload', {
      imageURL: await uploadedImage(),
      performerId: performer.id,
    });
    // a photo's file is adult content: a visitor's browser holding a proof of age (issue 39)
    const proof = (await sandboxAgeProof(app.url)) ?? '';
    return {
      as: anonymous(),
      raw: () => fetch(app.url + (confirmed.json.objectPath as string), { headers: { cookie: proof } }),
    };
  },
  'GET /api/favourites': async () => ({ as: user.http }),
  'PUT /api/favourites/{id}': async () => ({ as: user.http, params: { id: performer.id } }),
  'DELETE /api/favourites/{id}': async () => ({ as: user.http, params: { id: performer.id } }),
  'GET /api/presence': async () => ({ as: anonymous() }),
  'GET /api/statistics': async () => ({ as: admin }),
  'GET /api/admins': async () => ({ as: admin }),
  'GET /api/admin/audit-trail': async () => ({ as: admin, query: 'limit=10' }),
  'GET /api/admin/refunds/sales': async () => ({ as: admin, query: 'performer=a&from=2026-01-01' }),
  'POST /api/admins': async () => ({ as: admin, values: freshAdmin() }),
  'PATCH /api/admins/{id}': async () => ({
    as: admin,
    params: { id: (await admin.post('/api/admins', freshAdmin())).json.id as string },
    values: { isActive: false },
  }),
  'DELETE /api/admins/{id}': async () => ({
    as: admin,
    params: { id: (await admin.post('/api/admins', freshAdmin())).json.id as string },
  }),
  'POST /api/admin/verify': async () => ({ as: anonymous(), values: { ...SUPERADMIN } }),
  'GET /api/admin/me': async () => ({ as: admin }),
  'GET /api/admin/mfa': async () => ({ as: admin }),
  'GET /api/health': async () => ({ as: anonymous() }),
  'GET /api/openapi.json': async () => ({ as: anonymous() }),
  // chat
  'POST /api/conversations': async () => {
    const alias = await user.http.post(`/api/users/${user.id}/aliases`, { aliasName: `Viso ${tag()}`, price: 50 });
    return { as: user.http, values: { performerId: performer.id, aliasId: alias.json.id as string } };
  },
  'GET /api/conversations/{userId}': async () => {
    await conversation();
    return { as: user.http, params: { userId: user.id }, query: 'userType=user' };
  },
  'GET /api/messages/{conversationId}': async () => ({
    as: user.http,
    params: { conversationId: (await conversation()).conversationId },
  }),
  'POST /api/messages': async () => {
    const { aliasId, conversationId } = await conversation();
    const { messagePrice } = (await user.http.get(`/api/performers/${performer.id}`)).json as { messagePrice: number };
    return {
      as: user.http,
      values: {
        conversationId,
        senderId: aliasId,
        senderType: 'user',
        content: 'Come stai?',
        expectedPrice: messagePrice,
      },
    };
  },
  'PATCH /api/messages/{conversationId}/read/{userId}': async () => ({
    as: performer.http,
    params: { conversationId: (await conversation()).conversationId, userId: performer.id },
  }),
  'GET /api/unread/{userId}': async () => {
    await conversation();
    return { as: performer.http, params: { userId: performer.id } };
  },
  // private sessions
  'POST /api/sessions': async () => {
    const asker = await fundedUser(app, admin, 100);
    const alias = await asker.http.post(`/api/users/${asker.id}/aliases`, {
      aliasName: `Maschera ${tag()}`,
      price: 50,
    });
    return {
      as: asker.http,
      values: {
        performerId: performer.id,
        aliasId: alias.json.id as string,
        expectedPrice: (await asker.http.get(`/api/performers/${performer.id}`)).json.creditsPerMinute,
      },
      after: async () => {
        const open = (await asker.http.get('/api/sessions')).json.sessions as { id: string }[];
        for (const session of open) await asker.http.post(`/api/sessions/${session.id}/end`);
      },
    };
  },
  'GET /api/sessions': async () => {
    const session = await requestedSession();
    return { as: session.asker.http, after: session.end };
  },
  'GET /api/sessions/{id}': async () => {
    const session = await requestedSession();
    return { as: performer.http, params: { id: session.id }, after: session.end };
  },
  'POST /api/sessions/{id}/accept': async () => {
    const session = await requestedSession();
    return { as: performer.http, params: { id: session.id }, after: session.end };
  },
  'POST /api/sessions/{id}/decline': async () => {
    const session = await requestedSession();
    return { as: performer.http, params: { id: session.id }, after: session.end };
  },
  'POST /api/sessions/{id}/end': async () => {
    const session = await requestedSession();
    return { as: session.asker.http, params: { id: session.id } };
  },
  'POST /api/sessions/{id}/rating': async () => {
    const session = await requestedSession();
    expectStatus('accept', await performer.http.post(`/api/sessions/${session.id}/accept`), 200);
    await session.end();
    await waitForSession(session.asker.http, session.id, (view) => view.status === 'ended' && view.costAuracoin > 0);
    return {
      as: session.asker.http,
      params: { id: session.id },
      values: { stars: 5, comment: 'Bellissima chiacchierata' },
    };
  },
  'GET /api/sessions/{id}/ice': async () => {
    // credentials only for a running session
    const session = await requestedSession();
    expectStatus('accept', await performer.http.post(`/api/sessions/${session.id}/accept`), 200);
    return { as: session.asker.http, params: { id: session.id }, after: session.end };
  },
  // payouts
  'GET /api/performers/{id}/payouts': async () => ({ as: performer.http, params: { id: performer.id } }),
  'GET /api/performers/{id}/payouts/summary': async () => ({ as: performer.http, params: { id: performer.id } }),
  'GET /api/performers/{id}/statements': async () => ({ as: performer.http, params: { id: performer.id } }),
  'GET /api/performers/{id}/statements/{weekStart}': async () => {
    await conversation(); // a paid message: her earning, and so her statement, of this week
    const weekStart = await eventually('her statement', async () => {
      const statements = (await performer.http.get(`/api/performers/${performer.id}/statements`)).json as unknown as {
        weekStart: string;
      }[];
      return statements[0]?.weekStart;
    });
    return { as: performer.http, params: { id: performer.id, weekStart } };
  },
  'GET /api/performers/{id}/payout-details': async () => ({ as: performer.http, params: { id: performer.id } }),
  'PUT /api/performers/{id}/payout-details': async (literals) => ({
    as: performer.http,
    params: { id: performer.id },
    values:
      literals.method === 'iban'
        ? { holderName: 'Aurora Bianchi', iban: IBAN }
        : { holderName: 'Aurora Bianchi', cardReference: 'card_ref_12345678' },
  }),
  'POST /api/admin/payouts/run': async () => ({
    as: admin,
    values: { periodEnd: lastClosedPayoutWeek(new Date()).end.toISOString() },
  }),
  'GET /api/admin/payouts/runs': async () => ({ as: admin }),
  'GET /api/admin/payouts/runs/{id}': async () => ({ as: admin, params: { id: await payoutRunId() } }),
  // reports, decisions, appeals and reviews (issue 39 items 3-5)
  'POST /api/reports': async () => ({
    as: user.http,
    values: {
      targetKind: 'photo',
      targetId: await createPhoto(),
      category: 'spam',
      description: 'Pubblicità ingannevole',
      email: 'segnala@example.com',
    },
  }),
  'GET /api/admin/reports': async () => ({ as: admin, query: 'status=open' }),
  'GET /api/admin/appeals': async () => ({ as: admin, query: 'status=open' }),
  'GET /api/admin/live': async () => ({ as: admin }),
  'POST /api/admin/reports/{id}/decision': async () => ({
    as: admin,
    params: { id: await openReport() },
    values: { action: 'remove_content', ground: 'termini', groundDetail: 'Termini, art. 4', statement: 'Spam' },
  }),
  'GET /api/performers/{id}/moderation-notices': async () => ({ as: performer.http, params: { id: performer.id } }),
  'GET /api/me/moderation-notices': async () => ({ as: user.http }),
  'POST /api/appeals': async () => ({
    as: performer.http,
    values: { statementId: await statementAboutHer(), text: 'Chiedo il riesame' },
  }),
  'POST /api/admin/appeals/{id}/decision': async () => {
    const statementId = await statementAboutHer();
    const appealed = await performer.http.post('/api/appeals', { statementId, text: 'Chiedo il riesame' });
    expectStatus('appeal filed', appealed, 201);
    return {
      as: (await adminClient(app, admin)).http,
      params: { id: appealed.json.id as string },
      values: { outcome: 'upheld', statement: 'Decisione confermata' },
    };
  },
  // issue 39 item 7: co-performers
  'POST /api/performers/{id}/co-performers': async () => ({
    as: performer.http,
    params: { id: performer.id },
    values: await coPerformerBody(),
  }),
  'GET /api/performers/{id}/co-performers': async () => ({ as: performer.http, params: { id: performer.id } }),
  'POST /api/admin/co-performers/{id}': async () => {
    const added = await performer.http.post(`/api/performers/${performer.id}/co-performers`, await coPerformerBody());
    expectStatus('co-performer added', added, 201);
    return {
      as: admin,
      params: { id: added.json.id as string },
      values: { decision: 'approve', statement: 'Documento e consenso verificati' },
    };
  },
  'DELETE /api/performers/{id}/co-performers/{coPerformerId}': async () => {
    const added = await performer.http.post(`/api/performers/${performer.id}/co-performers`, await coPerformerBody());
    expectStatus('co-performer added', added, 201);
    return { as: performer.http, params: { id: performer.id, coPerformerId: added.json.id as string } };
  },
  'GET /api/admin/co-performers': async () => {
    const added = await performer.http.post(`/api/performers/${performer.id}/co-performers`, await coPerformerBody());
    expectStatus('co-performer added', added, 201);
    return { as: admin, query: 'status=pending' };
  },
  'GET /api/admin/appearance-records': async () => ({ as: admin, query: `performerId=${performer.id}` }),
  'GET /api/admin/reviews': async () => ({ as: admin }),
  'POST /api/admin/reviews/{id}': async () => ({
    as: admin,
    params: { id: await photoInReview() },
    values: { statement: 'Immagine non conforme' },
  }),
};

/**
 * Documented routes not called here, each with where it is proven instead. Only routes whose
 * documented answer needs a state this file cannot make by API calls alone belong here.
 */
const elsewhere: Record<string, string> = {
  // issue 39 items 1-2: a check walks a browser's cookies through three routes
  'POST /api/age-verification':
    "the sandbox's whole check with a browser's cookies: backend/commands/age-verification/age-verification.api.spec.ts",
  'GET /api/age-verification':
    'before and after the check: backend/commands/age-verification/age-verification.api.spec.ts',
  'GET /api/age-verification/callback':
    "needs this browser's nonce cookie and the sandbox's assertion: backend/commands/age-verification/age-verification.api.spec.ts",
  'GET /api/age-verification/sandbox/check':
    "the sandbox's page of a started check: backend/commands/age-verification/age-verification.api.spec.ts",
  'POST /api/age-verification/sandbox/check':
    "signs the nonce's assertion: backend/commands/age-verification/age-verification.api.spec.ts",
  'GET /api/age-verification/blurred/{key}':
    "a gallery card's stand-in before the proof: backend/commands/age-verification/age-verification.api.spec.ts",
  'POST /api/admin/payouts/{id}/retry':
    'needs a payout the provider refused (a clock and a failing bank): backend/test/payouts.int.ts',
  'GET /api/admin/payouts/runs/{id}/sepa':
    'needs a server started with PAYOUT_PROVIDER=sepa and a run paid by IBAN: backend/test/payouts-sepa.int.ts',
  'POST /api/admin/payouts/runs/{id}/sepa/sent':
    'needs a server started with PAYOUT_PROVIDER=sepa and a fresh second factor: backend/test/payouts-sepa.int.ts',
  'POST /api/admin/refunds':
    'needs a sale inside the refund window and a second factor when enrolled: backend/test/refunds.int.ts',
  'GET /api/admin/refunds': 'lists the refunds made by backend/test/refunds.int.ts',
  'GET /api/admin/disputes': 'lists the disputes opened by backend/test/disputes.int.ts',
  'POST /api/payments/sandbox/purchases/{purchaseId}/dispute':
    "freezes the buyer's wallet, which every later call of this file would meet: backend/test/disputes.int.ts",
  'POST /api/payments/sandbox/disputes/{id}/close': 'needs a dispute opened first: backend/test/disputes.int.ts',
  'GET /api/payments/verotel/postback':
    'needs PAYMENT_PROVIDER=verotel and postbacks signed with its key: backend/commands/purchases/verotel.api.spec.ts',
  'POST /api/admin/mfa/enroll':
    'enrolling an admin here would make every later admin call of this file need a code: backend/commands/admins/admin-mfa.api.spec.ts',
  'POST /api/admin/mfa/confirm':
    'needs a TOTP code from the enrolled secret: backend/commands/admins/admin-mfa.api.spec.ts',
  'POST /api/admin/admins/{id}/mfa/reset':
    'needs another admin with a second factor to reset (her own is refused): backend/commands/admins/admin-mfa.api.spec.ts, test/browser/admin.e2e.ts',
  'GET /api/shows': 'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'POST /api/shows': 'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'GET /api/shows/{id}': 'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'POST /api/shows/{id}/end':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'GET /api/performers/{id}/shows':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'POST /api/shows/{id}/tips':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'GET /api/shows/{id}/tips':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'GET /api/shows/{id}/leaderboard':
    "a show's tippers ranked by name only: backend/commands/shows/shows.api.spec.ts, test/browser/shows.e2e.ts",
  'POST /api/admin/shows/{id}/end':
    'a live show ended by an admin with a statement of reasons: backend/commands/moderation/monitoring.api.spec.ts, test/browser/moderation.e2e.ts',
  'POST /api/sessions/{id}/messages':
    'lines inside a running private session, their refusals and pushes: backend/commands/sessions/talk.api.spec.ts',
  'POST /api/sessions/{id}/tips':
    'tips inside a running private session, the ledger and its audit: backend/commands/sessions/talk.api.spec.ts',
  'GET /api/sessions/{id}/messages':
    "a private session's lines and tips to its two parties: backend/commands/sessions/talk.api.spec.ts, test/browser/sessions.e2e.ts",
  'PATCH /api/shows/{id}':
    "her live show's new title, its refusals and the list that carries it: backend/commands/shows/shows.api.spec.ts",
  'PUT /api/shows/{id}/thumbnail':
    'her live frame, its refusals and the list that carries it: backend/commands/shows/shows.api.spec.ts',
  'GET /api/performers/{id}/whip':
    'her token made, read again and refused to others: backend/commands/shows/whip/whip.api.spec.ts',
  'POST /api/performers/{id}/whip/token':
    'a new token voids the old: backend/commands/shows/whip/whip.api.spec.ts, backend/commands/shows/whip/whip.int.ts',
  'POST /api/whip':
    'an SDP offer with a bearer token (a werift encoder on both SFUs): backend/commands/shows/whip/whip.int.ts, whip.api.spec.ts',
  'DELETE /api/whip/{id}':
    "the stream's Location, its token, the show ended: backend/commands/shows/whip/whip.int.ts, whip.api.spec.ts",
  'POST /api/shows/{id}/ticket-show':
    'a ticket show announced, bought, started, cancelled or ended: backend/commands/shows/ticket-show.api.spec.ts',
  'GET /api/shows/{id}/ticket-show':
    'a ticket show announced, bought, started, cancelled or ended: backend/commands/shows/ticket-show.api.spec.ts',
  'POST /api/shows/{id}/ticket-show/cancel':
    'a ticket show cancelled refunds every ticket: backend/commands/shows/ticket-show.api.spec.ts, test/browser/ticket-shows.e2e.ts',
  'POST /api/shows/{id}/tickets':
    'a ticket bought, twice with one key, racing a cancel: backend/commands/shows/ticket-show.api.spec.ts',
  'POST /api/sessions/{id}/spy':
    'needs a running private that allows spies and a clock: backend/commands/sessions/spy.api.spec.ts, test/browser/spy.e2e.ts',
  'POST /api/sessions/{id}/spy/end':
    'needs a spy watching a running private: backend/commands/sessions/spy.api.spec.ts',
  'GET /api/sessions/{id}/spy': "a spy's watch of a running private: backend/commands/sessions/spy.api.spec.ts",
  'GET /api/performers/{id}/spyable':
    'needs her running private that allows spies: backend/commands/sessions/spy.api.spec.ts',
  'GET /api/performers/{id}/tip-menu':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'PUT /api/performers/{id}/tip-menu':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'POST /api/shows/{id}/goals':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'GET /api/shows/{id}/messages':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'POST /api/shows/{id}/messages':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'DELETE /api/shows/{id}/messages/{messageId}':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'POST /api/shows/{id}/mutes':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
  'POST /api/shows/{id}/bans':
    'a live show (media server, viewers, tips, room chat) is proven by backend/test/shows.int.ts',
};

// ---------------------------------------------------------------------------------------------
// Sending and checking

/** The row's body with the scenario's values; literals from the row. Throws for a field without value or a value the row does not list. */
function bodyOf(route: DocRoute, body: DocBody, values: Record<string, unknown>, literals: Record<string, Literal>) {
  const names = body.fields.map((field) => field.name);
  const extra = Object.keys(values).filter((name) => !names.includes(name));
  if (extra.length) throw new Error(`${route.label}: the test sends ${extra.join(', ')}, which the doc does not list`);
  return Object.fromEntries(
    body.fields.map((field) => {
      if (field.name in literals) return [field.name, literals[field.name]];
      if (!(field.name in values)) throw new Error(`${route.label}: no value for the documented field ${field.name}`);
      return [field.name, values[field.name]];
    }),
  );
}

/** One request per value a row fixes: `status: approved | rejected` gives two. */
function literalSets(body: DocBody | undefined): Record<string, Literal>[] {
  let sets: Record<string, Literal>[] = [{}];
  for (const field of body?.fields ?? []) {
    if (field.choices) sets = sets.flatMap((set) => field.choices!.map((choice) => ({ ...set, [field.name]: choice })));
  }
  return sets;
}

function urlOf(route: DocRoute, call: Call) {
  const filled = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${route.label}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  return call.query ? `${filled}?${call.query}` : filled;
}

async function answerOf(route: DocRoute, call: Call, body: unknown) {
  if (call.raw) {
    const response = await call.raw();
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: (/json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined) as Record<
        string,
        unknown
      >,
    };
  }
  return call.as.send(route.method, urlOf(route, call), body, route.keyRequired ? { 'idempotency-key': newId() } : {});
}

/** The answer has every field the row names, with the row's literal values; nested objects alike. */
function expectFields(label: string, json: unknown, fields: Field[]) {
  const object = (json ?? {}) as Record<string, unknown>;
  for (const field of fields) {
    expect({ label, field: field.name, present: field.name in object }).toEqual({
      label,
      field: field.name,
      present: true,
    });
    if (field.choices) expect(field.choices).toContain(object[field.name]);
    if (field.nested) expectFields(label, object[field.name], field.nested);
  }
}

function expectDocumentedAnswer(route: DocRoute, answer: Awaited<ReturnType<typeof answerOf>>) {
  const contract = contractOf(route)!;
  const status = route.status ?? (contract.answers === 'redirect' ? 303 : 200);
  expectStatus(route.label, answer, status);
  if (contract.answers === 'redirect') {
    expect(answer.headers.get('location')).toMatch(/^\/user\?purchase=/);
    return;
  }
  if (contract.answers === 'file' || contract.answers === 'html') return;
  const parsed = contract.response.safeParse(answer.json);
  expect({ label: route.label, issues: parsed.success ? [] : parsed.error.issues }).toEqual({
    label: route.label,
    issues: [],
  });
  if (route.answer) expectFields(route.label, answer.json, route.answer);
}

beforeAll(async () => {
  app = await startTestApp({ SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET });
  admin = await superadminClient(app);
  adminId = ((await admin.get('/api/admin/me')).json.admin as { id: string }).id;
  user = await fundedUser(app, admin, 1000);
  performer = await onlinePerformer(app.url, admin, { rate: 2 });
});
afterAll(async () => {
  await app.close();
});

describe("docs/product.md's API tables", () => {
  it('are read: each route on one row only, the bodies with their fields', () => {
    const labels = documented.map((route) => route.label);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
    const fields = documented.flatMap((route) =>
      route.bodies.flatMap((body) => body.fields.map((field) => field.name)),
    );
    expect(fields.filter((name) => !/^\w+$/.test(name))).toEqual([]);
  });

  it('list a body for every route whose contract reads one (the signed provider event aside), and none for the others', () => {
    const bodyDiffers = documented
      .filter((route) => route.bodies.length > 0 !== Boolean(contractOf(route)?.body))
      .map((route) => route.label);
    expect(bodyDiffers).toEqual(['POST /api/payments/webhook']);
  });

  it('name exactly the contract routes: each documented route exists, each contract route is documented', () => {
    const undocumented = Object.entries(apiRoutes as Record<string, RouteContract>)
      .filter(
        ([, contract]) =>
          !documented.some((route) => route.method === contract.method.toUpperCase() && route.path === contract.path),
      )
      .map(([name, contract]) => `${name}: ${contract.method.toUpperCase()} ${contract.path}`);
    const unknown = documented.filter((route) => !contractOf(route)).map((route) => route.label);
    expect({ undocumented, unknown }).toEqual({ undocumented: [], unknown: [] });
  });

  it('are all called here, or say where they are proven', () => {
    const uncovered = documented
      .filter((route) => !scenarios[route.label] && !elsewhere[route.label])
      .map((route) => route.label);
    const stale = [...Object.keys(scenarios), ...Object.keys(elsewhere)].filter(
      (label) => !documented.some((route) => route.label === label),
    );
    expect({ uncovered, stale }).toEqual({ uncovered: [], stale: [] });
  });
});

describe('each documented body, sent exactly as listed, gets the documented answer', () => {
  for (const route of documented.filter((candidate) => scenarios[candidate.label])) {
    it(route.label, async () => {
      const variants = route.bodies.length
        ? route.bodies.map((body, index) => ({ body, index }))
        : [{ body: undefined, index: 0 }];
      for (const { body, index } of variants) {
        for (const literals of literalSets(body)) {
          const call = await scenarios[route.label]!(literals, index);
          const payload = body && bodyOf(route, body, call.values ?? {}, literals);
          expectDocumentedAnswer(route, await answerOf(route, call, payload));
          await call.after?.();
          if (!body?.anyOf) continue;
          for (const field of body.fields) {
            const alone = await scenarios[route.label]!(literals, index);
            const single = { [field.name]: bodyOf(route, body, alone.values ?? {}, literals)[field.name] };
            expectDocumentedAnswer(route, await answerOf(route, alone, single));
            await alone.after?.();
          }
        }
      }
    });
  }
});

describe('the documented bodies broken are refused with a 4xx problem+json, never a 500', () => {
  const expectRefusedOrTaken = (label: string, answer: { status: number; headers: Headers; text: string }) => {
    const problem = answer.status < 400 || /application\/problem\+json/.test(answer.headers.get('content-type') ?? '');
    expect({
      label,
      serverError: answer.status >= 500,
      problem,
      text: answer.status >= 500 || !problem ? answer.text : '',
    }).toEqual({ label, serverError: false, problem: true, text: '' });
  };

  for (const route of documented.filter((candidate) => candidate.bodies.length > 0 && scenarios[candidate.label])) {
    it(route.label, async () => {
      for (const [index, body] of route.bodies.entries()) {
        const [literals] = literalSets(body);
        const call = await scenarios[route.label]!(literals!, index);
        const valid = bodyOf(route, body, call.values ?? {}, literals!);
        const broken: [string, unknown][] = [
          ['{}', {}],
          ['not JSON', '{"unfinished": '],
          ...body.fields.map((field): [string, unknown] => [
            `${field.name} of the wrong type`,
            { ...valid, [field.name]: { wrong: ['type'] } },
          ]),
        ];
        for (const [what, payload] of broken)
          expectRefusedOrTaken(`${route.label} with ${what}`, await answerOf(route, call, payload));
        await call.after?.();
      }
    });
  }
});
