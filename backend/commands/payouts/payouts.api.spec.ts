import { payoutStreams, performerStreams, sepaStreams } from '@aura/contracts';
import { at, existingAdmin, existingPerformer } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectResponse,
  performer,
} from '../../test/api-spec';

const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const RUN = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const PAYOUT = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
const IBAN = 'IT60X0542811101000000123456';
const WEEK = '2026-06-07T22:00:00.000Z';
const PERIOD_END = '2026-06-14T21:59:59.999Z';

const luna = existingPerformer(LUNA, { username: 'luna' });
const lunasDetails = existingStream(payoutStreams.details(LUNA), [
  {
    type: 'PayoutDetailsChanged',
    data: {
      performerId: LUNA,
      holderName: 'Luna Bianchi',
      method: 'iban',
      iban: IBAN,
      cardReference: null,
      masked: 'IT60 •••• 3456',
      changedAt: at(-30 * 86_400_000),
      effectiveFrom: at(-29 * 86_400_000),
    },
  },
]);
const payout = { payoutId: PAYOUT, performerId: LUNA, runId: RUN, periodEnd: PERIOD_END, amountCents: 6_000 };
/** Luna earned 60 € last week; the run scheduled them to her IBAN */
const earnedAndScheduled = [
  {
    type: 'PerformerEarningsCredited' as const,
    data: {
      performerId: LUNA,
      source: 'photo' as const,
      sourceId: 'c3d4e5f6-a7b8-4c9d-8e0f-2a3b4c5d6e7f',
      grossUnits: 11_000,
      shareCents: 6_000,
      creditedAt: '2026-06-10T12:00:00.000Z',
    },
  },
  {
    type: 'PayoutScheduled' as const,
    data: {
      ...payout,
      weeks: [{ weekStart: WEEK, amountCents: 6_000 }],
      credits: [0],
      method: 'iban' as const,
      holderName: 'Luna Bianchi',
      destination: 'IT60 •••• 3456',
      scheduledAt: at(-3_600_000),
    },
  },
];
const failed = existingStream(performerStreams.earnings(LUNA), [
  ...earnedAndScheduled,
  {
    type: 'PayoutFailed',
    data: {
      ...payout,
      weeks: [{ weekStart: WEEK, amountCents: 6_000 }],
      attempt: 1,
      reason: 'bank_unavailable',
      failedAt: at(-1_800_000),
    },
  },
]);

describe('payouts API', () => {
  const spec = apiSpec({ covers: ['setPayoutDetails', 'runPayouts', 'retryPayout'] });

  describe('PUT /api/performers/{id}/payout-details', () => {
    it('she names her IBAN for the first time: kept in full, shown masked, in force at once', () =>
      spec
        .given(...luna)
        .when((request) =>
          request
            .put(`/api/performers/${LUNA}/payout-details`, { method: 'iban', holderName: 'Luna Bianchi', iban: IBAN })
            .as(performer(LUNA)),
        )
        .then([
          expectResponse(200),
          expectNewEvents(payoutStreams.details(LUNA), [
            {
              type: 'PayoutDetailsChanged',
              data: {
                method: 'iban',
                iban: IBAN,
                holderName: 'Luna Bianchi',
                effectiveFrom: at(),
              },
            },
          ]),
          ({ response }) => expect(JSON.stringify(response.body)).not.toContain(IBAN),
        ]));

    it('refuses an admin (where her money goes is hers alone to say)', () =>
      spec
        .given(...luna, ...existingAdmin(ADMIN))
        .when((request) =>
          request
            .put(`/api/performers/${LUNA}/payout-details`, { method: 'iban', holderName: 'Altro', iban: IBAN })
            .as(admin(ADMIN)),
        )
        .then([expectError(403, 'forbidden')]));
  });

  describe('POST /api/admin/payouts/run (a fresh second factor)', () => {
    it('an admin asks for a run of last week: recorded, and queued for the worker', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) => request.post('/api/admin/payouts/run', {}).as(admin(ADMIN, { secondFactor: true })))
        .then([
          expectResponse(202, { body: { periodEnd: PERIOD_END, status: 'queued' } }),
          ({ response, newEvents, world }) => {
            const { runId } = response.body as { runId: string };
            expect(newEvents.filter((event) => event.streamId === payoutStreams.run(runId))).toMatchObject([
              { type: 'PayoutRunRequested', data: { trigger: 'admin', adminId: ADMIN, periodEnd: PERIOD_END } },
            ]);
            expect(world.jobs.map((job) => job.payload)).toContainEqual(expect.objectContaining({ runId }));
          },
        ]));

    it('refuses a period that ends in the future', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) =>
          request
            .post('/api/admin/payouts/run', { periodEnd: at(86_400_000) })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(400, 'period_end_future', { allowNewEvents: true })]));
  });

  describe('POST /api/admin/payouts/{id}/retry (a fresh second factor)', () => {
    it('an admin retries a failed payout: the same earnings taken again, settled by the worker', () =>
      spec
        .given(...existingAdmin(ADMIN), ...luna, lunasDetails, failed)
        .when((request) => request.post(`/api/admin/payouts/${PAYOUT}/retry`).as(admin(ADMIN, { secondFactor: true })))
        .then([
          expectResponse(202, { body: { id: PAYOUT } }),
          expectNewEvents(performerStreams.earnings(LUNA), [
            { type: 'PayoutRetried', data: { payoutId: PAYOUT, attempt: 2, adminId: ADMIN } },
          ]),
          ({ world }) => expect(world.jobs).toMatchObject([{ payload: { performerId: LUNA } }]),
        ]));

    it('refuses a payout that does not exist', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) => request.post(`/api/admin/payouts/${PAYOUT}/retry`).as(admin(ADMIN, { secondFactor: true })))
        .then([expectError(404, 'not_found', { allowNewEvents: true })]));
  });
});

describe('payouts API on the SEPA rail', () => {
  const spec = apiSpec({
    covers: ['markSepaFileSent'],
    env: {
      PAYOUT_PROVIDER: 'sepa',
      SEPA_DEBTOR_NAME: 'Aura Srl',
      SEPA_DEBTOR_IBAN: 'DE89370400440532013000',
      SEPA_DEBTOR_BIC: 'COBADEFFXXX',
    },
  });
  const file = existingStream(sepaStreams.file(RUN), [
    {
      type: 'SepaFileCreated',
      data: {
        runId: RUN,
        messageId: RUN.replace(/-/g, ''),
        createdAt: at(-3_600_000),
        requestedExecutionDate: '2026-06-16',
        debtor: { name: 'Aura Srl', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        transactions: [{ ...payout, attempt: 1, holderName: 'Luna Bianchi', iban: IBAN }],
        numberOfTransactions: 1,
        controlSumCents: 6_000,
      },
    },
  ]);

  describe('POST /api/admin/payouts/runs/{id}/sepa/sent (a fresh second factor)', () => {
    it('an admin marks the run’s file sent to the bank: its payouts are paid', () =>
      spec
        .given(
          ...existingAdmin(ADMIN),
          ...luna,
          lunasDetails,
          existingStream(performerStreams.earnings(LUNA), earnedAndScheduled),
          file,
        )
        .when((request) =>
          request.post(`/api/admin/payouts/runs/${RUN}/sepa/sent`).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectResponse(200),
          expectNewEvents(sepaStreams.sent(RUN), [{ type: 'SepaFileSent', data: { runId: RUN, adminId: ADMIN } }]),
        ]));

    it('refuses a run without a file', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) =>
          request.post(`/api/admin/payouts/runs/${RUN}/sepa/sent`).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(404, 'sepa_no_file', { allowNewEvents: true })]));
  });
});
