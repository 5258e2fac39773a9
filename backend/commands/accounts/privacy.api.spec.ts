/**
 * Privacy that holds everywhere (issue 39 item 8), over the HTTP API in a world of its own: his data
 * export holds his aliases, tips, room lines, sessions, ratings and card payments in euros; deleting
 * his account forgets his name in show tips, the leaderboard and room lines; what visitors and other
 * users see of a tip never carries an account id, while her own view and the admins' keep it.
 */
import { DELETED_USER_DISPLAY_NAME, streams } from '@aura/contracts';
import { existingAdmin, existingPerformer } from '../../test/api-fixtures';
import { apiSpec, existingStream, SPEC_NOW, type SpecWorld } from '../../test/api-spec';
import { registeredClient, worldClient, type WorldAnswer } from '../../test/world-client';

const spec = apiSpec({ covers: [] });
const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const ROOT = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const PURCHASE = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const PACKAGE = '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c';

let world: SpecWorld;
beforeEach(async () => {
  world = await spec.world();
  await world.append(...existingPerformer(LUNA, { username: 'luna', online: true }), ...existingAdmin(ROOT));
});
afterEach(() => world.close());

/** Reads `read` until `holds` says its answer is the one awaited (read models follow the log a moment later). */
async function until(read: () => Promise<WorldAnswer>, holds: (answer: WorldAnswer) => boolean): Promise<WorldAnswer> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const answer = await read();
    if (holds(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`never held: ${answer.status} ${answer.text}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Luna goes live; he writes a line and tips 2 auracoin with a message in her room. */
async function heTipsAndWrites() {
  const him = await registeredClient(world, { prefix: 'priv', password: 'his-pass-1' });
  const luna = worldClient(world, { kind: 'performer', id: LUNA });
  const show = await luna.post('/api/shows', { title: 'Sera di musica' });
  expect(show.status).toBe(201);
  const showId = show.json.id as string;
  expect((await him.http.post(`/api/shows/${showId}/messages`, { content: 'Ciao Luna!' })).status).toBe(201);
  const tip = await him.http.post(
    `/api/shows/${showId}/tips`,
    { amount: 2, message: 'Brava!' },
    { 'idempotency-key': 'tip-privacy-1' },
  );
  expect(tip.status).toBe(201);
  return { him, luna, showId };
}

const tipsOf = (answer: WorldAnswer) => answer.json as unknown as Record<string, unknown>[];

describe('what others see of tips', () => {
  it('visitors and other users read tips and the leaderboard without an account id; she and the admins keep it', async () => {
    const { him, luna, showId } = await heTipsAndWrites();
    const visitor = await until(
      () => worldClient(world).get(`/api/shows/${showId}/tips`),
      (answer) => tipsOf(answer).length === 1,
    );
    expect(tipsOf(visitor)[0]).toMatchObject({ displayName: him.username, amount: 2 });
    expect(tipsOf(visitor)[0]).not.toHaveProperty('identityId');
    expect(visitor.text).not.toContain(him.id);
    const other = await registeredClient(world, { prefix: 'other' });
    expect((await other.http.get(`/api/shows/${showId}/tips`)).text).not.toContain(him.id);
    expect((await worldClient(world).get(`/api/shows/${showId}/leaderboard`)).text).not.toContain(him.id);

    expect(tipsOf(await luna.get(`/api/shows/${showId}/tips`))[0]).toMatchObject({ identityId: him.id });
    const admin = worldClient(world, { kind: 'admin', id: ROOT });
    expect(tipsOf(await admin.get(`/api/shows/${showId}/tips`))[0]).toMatchObject({ identityId: him.id });
  });
});

describe('his data export', () => {
  it('holds his aliases, tips, room lines, sessions, ratings and card payments in euros', async () => {
    const { him, showId } = await heTipsAndWrites();
    // a card payment of 9,99 € he started for a package
    await world.append(
      existingStream(streams.purchase(PURCHASE), [
        {
          type: 'CheckoutStarted',
          data: {
            purchaseId: PURCHASE,
            userId: him.id,
            packageId: PACKAGE,
            credits: 10,
            bonus: 0,
            listPriceCents: 999,
            priceCents: 999,
            tier: 'base',
            discountPercent: 0,
            offerBonusPercent: 0,
            auracoinUnits: 1000,
            provider: 'sandbox',
            checkoutId: 'chk-1',
            checkoutUrl: 'https://pay.example/chk-1',
            idempotencyKey: 'buy-1',
            startedAt: SPEC_NOW.toISOString(),
          },
        },
      ]),
    );
    const exported = await until(
      () => him.http.get('/api/me/export'),
      (answer) =>
        (answer.json.tips as unknown[] | undefined)?.length === 1 &&
        (answer.json.roomLines as unknown[]).length === 1 &&
        (answer.json.cardPayments as unknown[]).length === 1,
    );
    expect(exported.status).toBe(200);
    expect(exported.json.tips).toEqual([
      expect.objectContaining({ showId, performerId: LUNA, displayName: him.username, amount: 2, message: 'Brava!' }),
    ]);
    expect(exported.json.roomLines).toEqual([
      expect.objectContaining({ showId, performerId: LUNA, content: 'Ciao Luna!', deleted: false }),
    ]);
    expect(exported.json.cardPayments).toEqual([
      expect.objectContaining({ id: PURCHASE, packageId: PACKAGE, status: 'pending', amountEuro: 9.99, auracoin: 10 }),
    ]);
    // none yet: present and empty
    expect(exported.json).toMatchObject({ aliases: [], sessions: [], ratings: [] });
    expect(exported.text).not.toContain('passwordHash');
  });
});

describe('account deletion', () => {
  it('forgets his name in the show tips, the leaderboard and the room lines; the amounts stay', async () => {
    const { him, showId } = await heTipsAndWrites();
    const anyone = worldClient(world);
    await until(
      () => anyone.get(`/api/shows/${showId}/leaderboard`),
      (answer) => answer.text.includes(him.username),
    );
    expect((await him.http.post('/api/me/delete', { password: 'his-pass-1' })).status).toBe(200);

    const tips = await until(
      () => anyone.get(`/api/shows/${showId}/tips`),
      (answer) => !answer.text.includes(him.username),
    );
    expect(tipsOf(tips)).toEqual([expect.objectContaining({ displayName: DELETED_USER_DISPLAY_NAME, amount: 2 })]);
    const leaderboard = await anyone.get(`/api/shows/${showId}/leaderboard`);
    expect(leaderboard.json.tippers).toEqual([
      expect.objectContaining({ rank: 1, displayName: DELETED_USER_DISPLAY_NAME, amount: 2 }),
    ]);
    const lines = await anyone.get(`/api/shows/${showId}/messages`);
    expect(lines.json).toEqual([
      expect.objectContaining({ displayName: DELETED_USER_DISPLAY_NAME, content: 'Ciao Luna!' }),
    ]);
    expect(`${tips.text}${leaderboard.text}${lines.text}`).not.toContain(him.username);
  });

  it("withdrawing his consent closes the account by the deletion's path, recording why", async () => {
    const him = await registeredClient(world, { prefix: 'cons', password: 'his-pass-1' });
    const refused = await him.http.post('/api/me/delete', { password: 'his-pass-1', reason: 'changed_mind' });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('validation_failed');
    const closed = await him.http.post('/api/me/delete', { password: 'his-pass-1', reason: 'consent_withdrawn' });
    expect(closed.status).toBe(200);
    expect((await him.http.get('/api/me')).status).toBe(401);
    const deletions = (await world.ports.eventStore.readAll()).filter((event) => event.type === 'UserDeleted');
    expect(deletions.map((event) => event.data)).toEqual([
      expect.objectContaining({ userId: him.id, deletedBy: him.id, reason: 'consent_withdrawn' }),
    ]);
  });
});
