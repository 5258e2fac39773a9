import { streams, ticketShowStreams } from '@aura/contracts';
import type { AuditHook } from '../../kernel/module';
import { auditTicketShows, ledgerWorkers, runLedgerAudit } from '../../ledger';
import { createTestClock } from '../../platform/clock';
import { existingPerformer, registeredUser } from '../../test/api-fixtures';
import {
  apiSpec,
  ask,
  existingStream,
  type EventsInStream,
  expectError,
  expectNewEvents,
  expectResponse,
  inWorld,
  performer,
  priorRequest,
  SPEC_NOW,
  user,
  type SpecResponse,
  type SpecWorld,
} from '../../test/api-spec';
import { TICKET_SHOW_START_JOB } from './ticket-sales';
import { startTicketShow, ticketSales, ticketShowEndReaction } from './ticket-jobs';

const clock = createTestClock(SPEC_NOW);
const spec = apiSpec({
  covers: ['announceTicketShow', 'cancelTicketShow', 'buyShowTicket', 'getTicketShow'],
  clock,
  // the show's end closes its ticketed part; the ledger credits her share of tickets paid
  reactions: (ports) => [ticketShowEndReaction(ports), ...ledgerWorkers(ports).reactions],
});

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOLE = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ANNA = '6b8d1f3f-2e2a-4dab-8b54-1e3c2d4f5a61';
const CARLA = '8c9d0e1f-2a3b-4c4d-9e5f-6a7b8c9d0e1f';
const MINUTE = 60_000;

const room = [
  ...existingPerformer(LUNA, { username: 'luna', online: true }),
  ...registeredUser(BOB, { username: 'bob', auracoin: 50 }),
  ...registeredUser(ANNA, { username: 'anna', auracoin: 5 }),
];
/** Luna went live (priors[0]) */
const live = priorRequest((request) => request.post('/api/shows', { title: 'Sera di musica' }).as(performer(LUNA)));
const showOf = (priors: SpecResponse[]) => (priors[0]!.body as { id: string }).id;
const ticketShow = { price: 20, startsInMinutes: 10, description: 'Balli sul palco' };
/** she announced a ticket show of 20 auracoin in 10 minutes (priors[1]) */
const announced = priorRequest((request, priors) =>
  request.post(`/api/shows/${showOf(priors)}/ticket-show`, ticketShow).as(performer(LUNA)),
);
const bobBought = priorRequest((request, priors) =>
  request
    .post(`/api/shows/${showOf(priors)}/tickets`)
    .header('idempotency-key', 'bob-1')
    .as(user(BOB)),
);
const cancelled = priorRequest((request, priors) =>
  request.post(`/api/shows/${showOf(priors)}/ticket-show/cancel`).as(performer(LUNA)),
);

describe('ticket shows API', () => {
  describe('POST /api/shows/{id}/ticket-show', () => {
    it('she announces it from her live show: 201, the start job at its time, the room told', () =>
      spec
        .given(...room, live)
        .when((request, priors) =>
          request.post(`/api/shows/${showOf(priors)}/ticket-show`, ticketShow).as(performer(LUNA)),
        )
        .then([
          expectResponse(201, {
            body: { price: 20, description: 'Balli sul palco', status: 'announced', ticketsSold: 0, hasTicket: false },
          }),
          ({ response, world }) => {
            const { showId, startsAt } = response.body as { showId: string; startsAt: string };
            expect(Date.parse(startsAt) - clock.nowMs()).toBe(10 * MINUTE);
            expect(world.jobs).toContainEqual({
              name: TICKET_SHOW_START_JOB,
              payload: { showId },
              options: { jobId: `${TICKET_SHOW_START_JOB}:${showId}`, delayMs: 10 * MINUTE },
            });
            expect(world.pushes).toContainEqual(
              expect.objectContaining({ to: 'show', room: showId, event: 'show:ticket-show' }),
            );
          },
          async ({ response, world }) => {
            const showId = (response.body as { showId: string }).showId;
            const events = await world.ports.eventStore.readStream(ticketShowStreams.ticketShow(showId));
            expect(events.map((event) => event.type)).toEqual(['TicketShowAnnounced']);
          },
        ]));

    it('refuses anyone but her', async () => {
      await spec
        .given(...room, live)
        .when((request, priors) => request.post(`/api/shows/${showOf(priors)}/ticket-show`, ticketShow).as(user(BOB)))
        .then([expectError(403, 'forbidden')]);
      await spec
        .given(...room, ...existingPerformer(SOLE, { username: 'sole' }), live)
        .when((request, priors) =>
          request.post(`/api/shows/${showOf(priors)}/ticket-show`, ticketShow).as(performer(SOLE)),
        )
        .then([expectError(403, 'forbidden')]);
    });

    it('refuses a second one, and one in a show that ended', async () => {
      await spec
        .given(...room, live, announced)
        .when((request, priors) =>
          request.post(`/api/shows/${showOf(priors)}/ticket-show`, ticketShow).as(performer(LUNA)),
        )
        .then([expectError(409, 'ticket_show_exists')]);
      await spec
        .given(
          ...room,
          live,
          priorRequest((request, priors) => request.post(`/api/shows/${showOf(priors)}/end`).as(performer(LUNA))),
        )
        .when((request, priors) =>
          request.post(`/api/shows/${showOf(priors)}/ticket-show`, ticketShow).as(performer(LUNA)),
        )
        .then([expectError(409, 'show_ended')]);
    });

    it('bad input: a start outside 2–60 minutes, a bad price, no description, a banned term', async () => {
      for (const body of [
        { ...ticketShow, startsInMinutes: 1 },
        { ...ticketShow, startsInMinutes: 61 },
        { ...ticketShow, startsInMinutes: 2.5 },
        { ...ticketShow, price: 0 },
        { ...ticketShow, price: 1.2 },
        { ...ticketShow, description: '  ' },
        { price: 20, startsInMinutes: 10 },
      ])
        await spec
          .given(...room, live)
          .when((request, priors) => request.post(`/api/shows/${showOf(priors)}/ticket-show`, body).as(performer(LUNA)))
          .then([expectError(400, 'validation_failed')]);
      await spec
        .given(...room, live)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/ticket-show`, { ...ticketShow, description: 'Show con una ragazzina' })
            .as(performer(LUNA)),
        )
        .then([expectError(400, 'banned_terms')]);
    });
  });

  describe('POST /api/shows/{id}/tickets', () => {
    it('he buys a ticket: 201, its price held on his wallet until the end', () =>
      spec
        .given(...room, live, announced)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tickets`)
            .header('idempotency-key', 'bob-1')
            .as(user(BOB)),
        )
        .then([
          expectResponse(201, { body: { price: 20, balance: 50 } }),
          expectNewEvents(streams.wallet(BOB), [
            { type: 'ShowTicketBought', data: { walletId: BOB, priceUnits: 2000 } },
            { type: 'AuracoinHeld', data: { walletId: BOB, amount: 2000, reason: 'ticket' } },
          ]),
        ]));

    it('the same key twice is the same ticket, held once', () =>
      spec
        .given(...room, live, announced, bobBought)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tickets`)
            .header('idempotency-key', 'bob-1')
            .as(user(BOB)),
        )
        .then([
          expectResponse(201, { body: { price: 20, balance: 50 } }),
          ({ newEvents }) => expect(newEvents).toEqual([]),
        ]));

    it('the same key answers the same ticket id', () =>
      inWorld(spec, room, async (world) => {
        const show = await ask(world, 'post', '/api/shows', performer(LUNA), { title: 'Sera' });
        const showId = (show.body as { id: string }).id;
        await ask(world, 'post', `/api/shows/${showId}/ticket-show`, performer(LUNA), ticketShow);
        const key = { 'idempotency-key': 'same' };
        const first = await ask(world, 'post', `/api/shows/${showId}/tickets`, user(BOB), undefined, key);
        const again = await ask(world, 'post', `/api/shows/${showId}/tickets`, user(BOB), undefined, key);
        expect(again.status).toBe(201);
        expect(again.body).toEqual(first.body);
        const another = await ask(world, 'post', `/api/shows/${showId}/tickets`, user(BOB), undefined, {
          'idempotency-key': 'other',
        });
        expect(another.status).toBe(409);
        expect((another.body as { code: string }).code).toBe('ticket_already_bought');
        const wallet = await world.ports.eventStore.readStream(streams.wallet(BOB));
        expect(wallet.filter((event) => event.type === 'AuracoinHeld')).toHaveLength(1);
      }));

    it('too little balance is the insufficient_balance refusal, nothing held', () =>
      spec
        .given(...room, live, announced)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tickets`)
            .header('idempotency-key', 'a')
            .as(user(ANNA)),
        )
        .then([expectError(400, 'insufficient_balance')]));

    it('refuses without an announcement, after a cancel, after the show ended', async () => {
      await spec
        .given(...room, live)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tickets`)
            .header('idempotency-key', 'b')
            .as(user(BOB)),
        )
        .then([expectError(404, 'ticket_show_none')]);
      await spec
        .given(...room, live, announced, cancelled)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tickets`)
            .header('idempotency-key', 'b')
            .as(user(BOB)),
        )
        .then([expectError(409, 'ticket_show_closed')]);
      await spec
        .given(
          ...room,
          live,
          announced,
          priorRequest((request, priors) => request.post(`/api/shows/${showOf(priors)}/end`).as(performer(LUNA))),
        )
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tickets`)
            .header('idempotency-key', 'b')
            .as(user(BOB)),
        )
        .then([expectError(409, 'show_ended')]);
    });

    it('bad input and callers: no Idempotency-Key, a performer, an unknown show', async () => {
      await spec
        .given(...room, live, announced)
        .when((request, priors) => request.post(`/api/shows/${showOf(priors)}/tickets`).as(user(BOB)))
        .then([expectError(400, 'validation_failed')]);
      await spec
        .given(...room, live, announced)
        .when((request, priors) =>
          request
            .post(`/api/shows/${showOf(priors)}/tickets`)
            .header('idempotency-key', 'l')
            .as(performer(LUNA)),
        )
        .then([expectError(403, 'forbidden')]);
      await spec
        .given(...room)
        .when((request) =>
          request
            .post('/api/shows/7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f/tickets')
            .header('idempotency-key', 'x')
            .as(user(BOB)),
        )
        .then([expectError(404, 'not_found')]);
    });
  });

  describe('POST /api/shows/{id}/ticket-show/cancel', () => {
    it('her cancel refunds every ticket (recorded refunds, the hold released), her share never credited', () =>
      spec
        .given(
          ...room,
          ...registeredUser(CARLA, { username: 'carla', auracoin: 30 }),
          live,
          announced,
          bobBought,
          priorRequest((request, priors) =>
            request
              .post(`/api/shows/${showOf(priors)}/tickets`)
              .header('idempotency-key', 'carla')
              .as(user(CARLA)),
          ),
        )
        .when((request, priors) => request.post(`/api/shows/${showOf(priors)}/ticket-show/cancel`).as(performer(LUNA)))
        .then([
          expectResponse(200, { body: { status: 'cancelled', ticketsSold: 2 } }),
          expectNewEvents(streams.wallet(BOB), [
            { type: 'ShowTicketRefunded', data: { walletId: BOB, amountUnits: 2000 } },
            { type: 'AuracoinReleased', data: { walletId: BOB, amount: 2000 } },
          ]),
          expectNewEvents(streams.wallet(CARLA), [
            { type: 'ShowTicketRefunded', data: { walletId: CARLA, amountUnits: 2000 } },
            { type: 'AuracoinReleased', data: { walletId: CARLA, amount: 2000 } },
          ]),
          ({ newEvents }) => expect(newEvents.filter((event) => event.streamId.startsWith('earnings-'))).toEqual([]),
          async ({ world }) => expect((await runLedgerAudit(world.ports.eventStore, auditOnly)).problems).toEqual([]),
        ]));

    it('refuses a user, and a second cancel', async () => {
      await spec
        .given(...room, live, announced)
        .when((request, priors) => request.post(`/api/shows/${showOf(priors)}/ticket-show/cancel`).as(user(BOB)))
        .then([expectError(403, 'forbidden')]);
      await spec
        .given(...room, live, announced, cancelled)
        .when((request, priors) => request.post(`/api/shows/${showOf(priors)}/ticket-show/cancel`).as(performer(LUNA)))
        .then([expectError(409, 'ticket_show_closed')]);
    });
  });

  describe('GET /api/shows/{id}/ticket-show', () => {
    it('tells the room its price and start, and him whether he holds a ticket', () =>
      spec
        .given(...room, live, announced, bobBought)
        .when((request, priors) => request.get(`/api/shows/${showOf(priors)}/ticket-show`).as(user(BOB)))
        .then([expectResponse(200, { body: { price: 20, status: 'announced', ticketsSold: 1, hasTicket: true } })]));

    it('404 ticket_show_none when none was announced', () =>
      spec
        .given(...room, live)
        .when((request, priors) => request.get(`/api/shows/${showOf(priors)}/ticket-show`).as(user(BOB)))
        .then([expectError(404, 'ticket_show_none')]));
  });

  describe('when it starts and ends', () => {
    it('from its start viewers without a ticket get no media; holders and she do; the start is recorded once', () =>
      inWorld(spec, room, async (world) => {
        const showId = await liveWithTicketShow(world);
        await ask(world, 'post', `/api/shows/${showId}/tickets`, user(BOB), undefined, { 'idempotency-key': 'k' });
        const access = world.commands.shows.access;
        const viewer = { kind: 'user' as const, sub: ANNA };
        expect(await access(viewer, showId, { forMedia: true })).toMatchObject({ ok: true });
        await clock.advance(10 * MINUTE);
        expect(await access(viewer, showId, { forMedia: true })).toEqual({ ok: false, error: 'ticket_required' });
        expect(await access(undefined, showId, { forMedia: true })).toEqual({ ok: false, error: 'ticket_required' });
        // the room itself (its chat, the announcement) stays open to him
        expect(await access(viewer, showId)).toMatchObject({ ok: true });
        expect(await access({ kind: 'user', sub: BOB }, showId, { forMedia: true })).toMatchObject({ ok: true });
        expect(await access({ kind: 'performer', sub: LUNA }, showId, { forMedia: true })).toMatchObject({
          ok: true,
          role: 'publisher',
        });
        const sales = ticketSales(world.ports);
        await startTicketShow(sales, showId);
        await startTicketShow(sales, showId);
        const events = await world.ports.eventStore.readStream(ticketShowStreams.ticketShow(showId));
        expect(events.filter((event) => event.type === 'TicketShowStarted')).toHaveLength(1);
        // he buys during it: he watches
        const late = await ask(world, 'post', `/api/shows/${showId}/tickets`, user(ANNA), undefined, {
          'idempotency-key': 'late',
        });
        expect(late.status).toBe(400);
        await world.append(cardPurchase(ANNA, 30, '9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a'));
        const paid = await ask(world, 'post', `/api/shows/${showId}/tickets`, user(ANNA), undefined, {
          'idempotency-key': 'late',
        });
        expect(paid.status).toBe(201);
        expect(await access(viewer, showId, { forMedia: true })).toMatchObject({ ok: true });
      }));

    it('the show ending 5 minutes or more after its start credits her 55% of every ticket', () =>
      inWorld(spec, [...room, cardPurchase(BOB, 40, '0e1f2a3b-4c5d-4e6f-9a7b-8c9d0e1f2a3b')], async (world) => {
        const showId = await liveWithTicketShow(world);
        await ask(world, 'post', `/api/shows/${showId}/tickets`, user(BOB), undefined, { 'idempotency-key': 'k' });
        await clock.advance(15 * MINUTE);
        await ask(world, 'post', `/api/shows/${showId}/end`, performer(LUNA));
        // the end's reaction charges the tickets; the earnings credit reacts to the charge
        await world.settled();
        const wallet = await world.ports.eventStore.readStream(streams.wallet(BOB));
        expect(wallet.slice(-3).map((event) => event.type)).toEqual([
          'ShowTicketCharged',
          'AuracoinDebited',
          'AuracoinReleased',
        ]);
        const earnings = await world.ports.eventStore.readStream(`earnings-${LUNA}`);
        expect(earnings.map((event) => event.data)).toEqual([
          expect.objectContaining({ source: 'ticket', grossUnits: 2000, shareCents: 1100 }),
        ]);
        expect((await runLedgerAudit(world.ports.eventStore, auditOnly)).problems).toEqual([]);
      }));

    it('the show ending before 5 minutes from its start refunds every ticket', () =>
      inWorld(spec, room, async (world) => {
        const showId = await liveWithTicketShow(world);
        await ask(world, 'post', `/api/shows/${showId}/tickets`, user(BOB), undefined, { 'idempotency-key': 'k' });
        await clock.advance(14 * MINUTE);
        await ask(world, 'post', `/api/shows/${showId}/end`, performer(LUNA));
        const wallet = await world.ports.eventStore.readStream(streams.wallet(BOB));
        expect(wallet.slice(-2).map((event) => event.type)).toEqual(['ShowTicketRefunded', 'AuracoinReleased']);
        expect(await world.ports.eventStore.readStream(`earnings-${LUNA}`)).toEqual([]);
        const view = await ask(world, 'get', `/api/shows/${showId}/ticket-show`, user(BOB));
        expect(view.body).toMatchObject({ status: 'refunded' });
      }));
  });

  it('purchases racing her cancel end refunded or refused: nothing charged without its refund', () =>
    inWorld(spec, [], async (world) => {
      const buyers = Array.from({ length: 8 }, (_, i) => `7e8f9a0b-1c2d-4e3f-8a4b-${String(i).padStart(12, '0')}`);
      await world.append(
        ...existingPerformer(LUNA, { username: 'luna', online: true }),
        ...buyers.flatMap((id, i) => registeredUser(id, { username: `fan${i}`, auracoin: 30 })),
      );
      const showId = await liveWithTicketShow(world);
      const purchases = buyers.map((id) =>
        ask(world, 'post', `/api/shows/${showId}/tickets`, user(id), undefined, { 'idempotency-key': `k-${id}` }),
      );
      const cancel = ask(world, 'post', `/api/shows/${showId}/ticket-show/cancel`, performer(LUNA));
      const [bought, cancelledAnswer] = [await Promise.all(purchases), await cancel];
      expect(cancelledAnswer.status).toBe(200);
      for (const answer of bought) expect([201, 409]).toContain(answer.status);
      for (const id of buyers) {
        const wallet = await world.ports.eventStore.readStream(streams.wallet(id));
        const types = wallet.map((event) => event.type);
        // every hold placed was released whole, nothing debited
        expect(types.filter((type) => type === 'AuracoinHeld').length).toBe(
          types.filter((type) => type === 'AuracoinReleased').length,
        );
        expect(types).not.toContain('AuracoinDebited');
        expect(types).not.toContain('ShowTicketCharged');
      }
      expect((await runLedgerAudit(world.ports.eventStore, auditOnly)).problems).toEqual([]);
    }));
});

// the ledger's own audit and its ticket shows' (each ticket at her price, settled once as the show closed)
const ticketShowsAudit: AuditHook = async (events) => auditTicketShows(events);
const auditOnly = { hooks: [ticketShowsAudit], storedReadModels: false } as const;

/** `auracoin` he bought by card (purchased units: they earn her share), as the checkout records them. */
function cardPurchase(userId: string, auracoin: number, purchaseId: string): EventsInStream {
  const at = new Date(SPEC_NOW.getTime() - MINUTE).toISOString();
  const amount = auracoin * 100;
  return existingStream(streams.wallet(userId), [
    {
      type: 'AuracoinPurchased',
      data: {
        purchaseId,
        walletId: userId,
        packageId: purchaseId,
        credits: auracoin,
        amount,
        priceCents: amount,
        provider: 'sandbox',
        providerPaymentId: 'pi',
        purchasedAt: at,
      },
    },
    { type: 'AuracoinCredited', data: { walletId: userId, amount, reason: 'purchase', purchaseId, creditedAt: at } },
  ]);
}

/** Luna live with a ticket show of 20 auracoin in 10 minutes: the show's id. */
async function liveWithTicketShow(world: SpecWorld): Promise<string> {
  const show = await ask(world, 'post', '/api/shows', performer(LUNA), { title: 'Sera di musica' });
  const showId = (show.body as { id: string }).id;
  const announcedAnswer = await ask(world, 'post', `/api/shows/${showId}/ticket-show`, performer(LUNA), ticketShow);
  expect(announcedAnswer.status).toBe(201);
  return showId;
}
