/**
 * The payouts read models: her account (the decider's own fold), each payout, her weekly
 * statements, each run, and her payout details (masked).
 */
import {
  payoutWeekOf,
  type DomainEvent,
  type StatementLineKind,
  type EventDataOf,
  type EventType,
  type WeekAmount,
} from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import { docProjection, guardedUpdate, guardedUpdates } from '../../kernel/projections/doc-projection';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import type { Update } from '../../platform/readmodels/port';
import { earningsAccount, type EarningsAccount } from '../../ledger';

export const PAYOUT_ACCOUNTS = 'payout-accounts';
export const PAYOUTS = 'payouts';
export const PAYOUT_STATEMENTS = 'payout-statements';
export const PAYOUT_RUNS = 'payout-runs';
export const PAYOUT_DETAILS = 'payout-details';

const domainEvent = (event: StoredEvent) => ({ type: event.type, data: event.data }) as DomainEvent;
const payoutEventTypes = [
  'PayoutScheduled',
  'PayoutPaid',
  'PayoutFailed',
  'PayoutRetried',
] as const satisfies EventType[];
const debtEventTypes = [
  'PerformerEarningsClawedBack',
  'PerformerEarningsHeld',
  'PerformerEarningsReleased',
] as const satisfies EventType[];
const accountEventTypes = [
  'PerformerEarningsCredited',
  ...payoutEventTypes,
  'PayoutCarriedOver',
  ...debtEventTypes,
] as const satisfies EventType[];

export type AccountDoc = EarningsAccount & { _id: string; unpaidCount: number; [key: string]: unknown };

/** Her account, folded by the decider's own evolve: what the run lists and her summary reads. */
export const payoutAccountsProjection = docProjection<AccountDoc>({
  name: PAYOUT_ACCOUNTS,
  collection: PAYOUT_ACCOUNTS,
  eventTypes: accountEventTypes,
  indexes: [{ keys: { scheduledCents: 1 } }],
  documentId: (event) => (event.data as { performerId?: string }).performerId,
  // the decider's evolve: pure, and her unpaid earnings grow all week
  pureEvolve: true,
  evolve: (doc, event) => {
    const performerId = (event.data as { performerId: string }).performerId;
    const state = earningsAccount.evolve(doc ?? earningsAccount.initialState(), domainEvent(event));
    return { ...state, _id: performerId, unpaidCount: state.unpaid.length };
  },
});

export interface PayoutDoc {
  _id: string;
  performerId: string;
  runId: string;
  periodEnd: string;
  amountCents: number;
  status: 'scheduled' | 'paid' | 'failed';
  attempt: number;
  method: 'iban' | 'card';
  holderName: string;
  destination: string;
  weeks: WeekAmount[];
  scheduledAt: string;
  paidAt: string | null;
  failedAt: string | null;
  failureReason: string | null;
  providerReference: string | null;
  /** every attempt's outcome and the admin of each retry */
  history: {
    attempt: number;
    status: 'scheduled' | 'paid' | 'failed';
    at: string;
    reason?: string;
    adminId?: string;
  }[];
  [key: string]: unknown;
}

export function evolvePayout(doc: PayoutDoc | null, event: DomainEvent): PayoutDoc | null {
  switch (event.type) {
    case 'PayoutScheduled': {
      const d = event.data;
      return {
        _id: d.payoutId,
        performerId: d.performerId,
        runId: d.runId,
        periodEnd: d.periodEnd,
        amountCents: d.amountCents,
        status: 'scheduled',
        attempt: 1,
        method: d.method,
        holderName: d.holderName,
        destination: d.destination,
        weeks: d.weeks,
        scheduledAt: d.scheduledAt,
        paidAt: null,
        failedAt: null,
        failureReason: null,
        providerReference: null,
        history: [{ attempt: 1, status: 'scheduled', at: d.scheduledAt }],
      };
    }
    case 'PayoutPaid':
      return (
        doc && {
          ...doc,
          status: 'paid',
          attempt: event.data.attempt,
          paidAt: event.data.paidAt,
          providerReference: event.data.providerReference,
          history: [...doc.history, { attempt: event.data.attempt, status: 'paid', at: event.data.paidAt }],
        }
      );
    case 'PayoutFailed':
      return (
        doc && {
          ...doc,
          status: 'failed',
          attempt: event.data.attempt,
          failedAt: event.data.failedAt,
          failureReason: event.data.reason,
          history: [
            ...doc.history,
            { attempt: event.data.attempt, status: 'failed', at: event.data.failedAt, reason: event.data.reason },
          ],
        }
      );
    case 'PayoutRetried':
      return (
        doc && {
          ...doc,
          status: 'scheduled',
          attempt: event.data.attempt,
          history: [
            ...doc.history,
            { attempt: event.data.attempt, status: 'scheduled', at: event.data.retriedAt, adminId: event.data.adminId },
          ],
        }
      );
    default:
      return doc;
  }
}

export const payoutsProjection = docProjection<PayoutDoc>({
  name: PAYOUTS,
  collection: PAYOUTS,
  eventTypes: payoutEventTypes,
  indexes: [{ keys: { performerId: 1 } }, { keys: { runId: 1 } }, { keys: { status: 1 } }],
  documentId: (event) => (event.data as { payoutId?: string }).payoutId,
  evolve: (doc, event) => evolvePayout(doc, domainEvent(event)),
});

export interface StatementDoc {
  _id: string;
  performerId: string;
  weekStart: string;
  sources: Record<
    'session' | 'message' | 'photo' | 'tip' | 'ticket',
    { count?: number; grossUnits: number; purchasedUnits?: number; shareCents: number }
  >;
  grossUnits: number;
  /** of the gross, paid with purchased units (absent on statements folded before the split: all of it) */
  purchasedUnits?: number;
  shareCents: number;
  scheduledCents: number;
  paidCents: number;
  carriedOverCents: number;
  carryReason: 'below_minimum' | 'missing_details' | null;
  payoutIds: string[];
  /** the sessions credited this week: a session once, however many parts it was billed in */
  saleIds?: { session?: string[] };
  /** taken back (refunds, disputes lost) and held (open disputes) in this week */
  clawedBackCents?: number;
  heldCents?: number;
  lines: {
    creditedAt: string;
    source: 'session' | 'message' | 'photo' | 'tip' | 'ticket';
    grossUnits: number;
    purchasedUnits?: number;
    shareCents: number;
    kind?: StatementLineKind;
    reason?: string;
  }[];
  [key: string]: unknown;
}

/** The session a session credit is part of: its parts (`<sessionId>:minute-3`, `<sessionId>:minimum`) are one sale. */
export function sessionIdOf(sourceId: string): string {
  return sourceId.split(':')[0] ?? sourceId;
}

export const statementId = (performerId: string, weekStart: string) => `${performerId}:${weekStart}`;

/** The statement updates an event makes: one per week it touches. */
export function statementUpdates(event: DomainEvent): { id: string; update: Update }[] {
  const perWeek = (data: { performerId: string; weeks: WeekAmount[] }, update: (amountCents: number) => Update) =>
    data.weeks.map((week) => ({ id: statementId(data.performerId, week.weekStart), update: update(week.amountCents) }));
  switch (event.type) {
    case 'PerformerEarningsCredited': {
      const d = event.data;
      const weekStart = payoutWeekOf(new Date(d.creditedAt)).weekStart;
      // a credit made before the split earned on its whole gross
      const purchasedUnits = d.purchasedUnits ?? d.grossUnits;
      return [
        {
          id: statementId(d.performerId, weekStart),
          update: {
            $set: { performerId: d.performerId, weekStart },
            // a session is one sale credited in parts (each minute, its minimum's rest): its sales are counted by id;
            // any other credit is a sale of its own
            ...(d.source === 'session' ? { $addToSet: { 'saleIds.session': sessionIdOf(d.sourceId) } } : {}),
            $inc: {
              ...(d.source === 'session' ? {} : { [`sources.${d.source}.count`]: 1 }),
              [`sources.${d.source}.grossUnits`]: d.grossUnits,
              [`sources.${d.source}.purchasedUnits`]: purchasedUnits,
              [`sources.${d.source}.shareCents`]: d.shareCents,
              grossUnits: d.grossUnits,
              purchasedUnits,
              shareCents: d.shareCents,
            },
            $push: {
              lines: {
                creditedAt: d.creditedAt,
                source: d.source,
                grossUnits: d.grossUnits,
                purchasedUnits,
                shareCents: d.shareCents,
              },
            },
          },
        },
      ];
    }
    case 'PerformerEarningsClawedBack':
    case 'PerformerEarningsHeld':
    case 'PerformerEarningsReleased':
      return [debtLine(event)];
    case 'PayoutScheduled':
      return perWeek(event.data, (amount) => ({
        $inc: { scheduledCents: amount },
        $addToSet: { payoutIds: event.data.payoutId },
      }));
    case 'PayoutRetried':
      return perWeek(event.data, (amount) => ({ $inc: { scheduledCents: amount } }));
    case 'PayoutPaid':
      return perWeek(event.data, (amount) => ({ $inc: { scheduledCents: -amount, paidCents: amount } }));
    case 'PayoutFailed':
      return perWeek(event.data, (amount) => ({ $inc: { scheduledCents: -amount } }));
    case 'PayoutCarriedOver':
      return perWeek(event.data, (amount) => ({ $set: { carriedOverCents: amount, carryReason: event.data.reason } }));
    default:
      return [];
  }
}

/** A clawback, a dispute's hold or its release: a signed line on the statement of its week, with the reason. */
function debtLine(event: Extract<DomainEvent, { type: (typeof debtEventTypes)[number] }>): {
  id: string;
  update: Update;
} {
  const line = (
    at: string,
    cents: number,
    kind: StatementLineKind,
    reason: string,
    source: 'session' | 'message' | 'photo' | 'tip' | 'ticket' = 'session',
  ) => ({
    at,
    cents,
    kind,
    reason,
    source,
  });
  const made =
    event.type === 'PerformerEarningsClawedBack'
      ? // a lost dispute's share was held already (its hold's line): this line only says it is final
        line(
          event.data.clawedBackAt,
          event.data.cause === 'refund' ? -event.data.shareCents : 0,
          event.data.cause === 'refund' ? 'refund' : 'dispute_lost',
          event.data.reason,
          event.data.source,
        )
      : event.type === 'PerformerEarningsHeld'
        ? line(
            event.data.heldAt,
            -event.data.shareCents,
            'dispute_hold',
            'Contestazione del pagamento aperta: quota trattenuta',
          )
        : line(
            event.data.releasedAt,
            event.data.shareCents,
            'dispute_release',
            'Contestazione chiusa a favore: quota liberata',
          );
  const weekStart = payoutWeekOf(new Date(made.at)).weekStart;
  // a lost dispute turns its hold into a clawback: the held share moves, nothing more is taken
  const inc =
    event.type === 'PerformerEarningsClawedBack'
      ? event.data.cause === 'dispute'
        ? { clawedBackCents: event.data.shareCents, heldCents: -event.data.shareCents }
        : { clawedBackCents: event.data.shareCents }
      : { heldCents: -made.cents };
  return {
    id: statementId(event.data.performerId, weekStart),
    update: {
      $set: { performerId: event.data.performerId, weekStart },
      $inc: inc,
      $push: {
        lines: {
          creditedAt: made.at,
          source: made.source,
          grossUnits: 0,
          purchasedUnits: 0,
          shareCents: made.cents,
          kind: made.kind,
          reason: made.reason,
        },
      },
    },
  };
}

export const payoutStatementsProjection: ProjectionDefinition = {
  name: PAYOUT_STATEMENTS,
  collections: [PAYOUT_STATEMENTS],
  eventTypes: accountEventTypes,
  indexes: [{ collection: PAYOUT_STATEMENTS, keys: { performerId: 1, weekStart: -1 } }],
  async apply(event, store) {
    const statements = store.collection(PAYOUT_STATEMENTS);
    for (const { id, update } of statementUpdates(domainEvent(event)))
      await guardedUpdate(statements, id, event.position, update);
  },
  /** a week's statement takes a batch's credits in one write (`guardedUpdates`) */
  async applyBatch(events, store) {
    await guardedUpdates(
      store,
      events.flatMap((event) =>
        statementUpdates(domainEvent(event)).map(({ id, update }) => ({
          collection: PAYOUT_STATEMENTS,
          id,
          position: event.position,
          update,
        })),
      ),
    );
  },
};

export interface RunDoc {
  _id: string;
  trigger: 'schedule' | 'admin';
  adminId: string | null;
  periodEnd: string;
  requestedAt: string;
  completedAt: string | null;
  minimumCents: number;
  reserveDays: number;
  cutoff: string;
  performers: number;
  scheduledCount: number;
  paidCount: number;
  failedCount: number;
  carriedOverCount: number;
  scheduledCents: number;
  paidCents: number;
  failedCents: number;
  carriedOverCents: number;
  carries: { performerId: string; amountCents: number; reason: 'below_minimum' | 'missing_details' }[];
  [key: string]: unknown;
}

/** The run counters an event changes (a retried payout counts in the run that scheduled it). */
export function runUpdate(event: DomainEvent): { id: string; update: Update } | undefined {
  switch (event.type) {
    case 'PayoutRunRequested': {
      const { runId, ...rest } = event.data;
      return { id: runId, update: { $set: { ...rest, completedAt: null } } };
    }
    case 'PayoutRunCompleted':
      return {
        id: event.data.runId,
        update: { $set: { completedAt: event.data.completedAt, performers: event.data.performers } },
      };
    case 'PayoutScheduled':
      return { id: event.data.runId, update: { $inc: { scheduledCount: 1, scheduledCents: event.data.amountCents } } };
    case 'PayoutPaid':
      return {
        id: event.data.runId,
        update: {
          $inc: {
            scheduledCount: -1,
            scheduledCents: -event.data.amountCents,
            paidCount: 1,
            paidCents: event.data.amountCents,
          },
        },
      };
    case 'PayoutFailed':
      return {
        id: event.data.runId,
        update: {
          $inc: {
            scheduledCount: -1,
            scheduledCents: -event.data.amountCents,
            failedCount: 1,
            failedCents: event.data.amountCents,
          },
        },
      };
    case 'PayoutRetried':
      return {
        id: event.data.runId,
        update: {
          $inc: {
            scheduledCount: 1,
            scheduledCents: event.data.amountCents,
            failedCount: -1,
            failedCents: -event.data.amountCents,
          },
        },
      };
    case 'PayoutCarriedOver':
      return {
        id: event.data.runId,
        update: {
          $inc: { carriedOverCount: 1, carriedOverCents: event.data.amountCents },
          $push: {
            carries: {
              performerId: event.data.performerId,
              amountCents: event.data.amountCents,
              reason: event.data.reason,
            },
          },
        },
      };
    default:
      return undefined;
  }
}

export const payoutRunsProjection: ProjectionDefinition = {
  name: PAYOUT_RUNS,
  collections: [PAYOUT_RUNS],
  eventTypes: ['PayoutRunRequested', 'PayoutRunCompleted', ...payoutEventTypes, 'PayoutCarriedOver'],
  indexes: [{ collection: PAYOUT_RUNS, keys: { requestedAt: -1 } }],
  async apply(event, store) {
    const change = runUpdate(domainEvent(event));
    if (change) await guardedUpdate(store.collection(PAYOUT_RUNS), change.id, event.position, change.update);
  },
};

/** Her details as she and admins may see them: masked, never the IBAN or the card reference. */
export type MaskedChange = Omit<EventDataOf<'PayoutDetailsChanged'>, 'iban' | 'cardReference' | 'performerId'>;
export type DetailsDoc = { _id: string; changes: MaskedChange[] };

export const payoutDetailsProjection = docProjection<DetailsDoc>({
  name: PAYOUT_DETAILS,
  collection: PAYOUT_DETAILS,
  eventTypes: ['PayoutDetailsChanged'],
  documentId: (event) => (event.data as { performerId?: string }).performerId,
  evolve: (doc, event) => {
    const {
      performerId,
      iban: _iban,
      cardReference: _card,
      ...masked
    } = event.data as EventDataOf<'PayoutDetailsChanged'>;
    return { _id: performerId, changes: [...(doc?.changes ?? []), masked] };
  },
});

export const payoutsProjections = [
  payoutAccountsProjection,
  payoutsProjection,
  payoutStatementsProjection,
  payoutRunsProjection,
  payoutDetailsProjection,
];
