/**
 * The SEPA files in `npm run ledger:audit` (docs/architecture.md#sepa-payouts): every transaction
 * of every file matches a payout (its performer, run, amount and attempt), pays it to the IBAN in
 * force for the week it pays, and is in one file once; each file's count and control sum are its
 * transactions'; a file is sent at most once, and only a sent file's payouts are paid through it.
 */
import { payoutStreams, sepaStreams, type EventDataOf } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import type { AuditProblem } from '../../kernel/module';
import { SEPA_REFERENCE_PREFIX, sepaReference } from '../../platform/payouts/sepa/provider';
import { recorded } from '../../platform/recorded-event';
import { detailsInForce, payoutDetails, type PayoutDetailsState } from '../earnings/payout-details';

type SepaFile = EventDataOf<'SepaFileCreated'>;
const euro = (cents: number) => (cents / 100).toFixed(2);

export interface SepaLedger {
  /** payoutId → the sent file's transaction paying it */
  paidBySepa: Map<string, { attempt: number; amountCents: number; reference: string }>;
  files: number;
  transactions: number;
  sent: number;
}

/** Checks the files against the payouts and payout details of the log; pure over the events. */
export function auditSepaFiles(events: readonly StoredEvent[]): { ledger: SepaLedger; problems: AuditProblem[] } {
  const problems: AuditProblem[] = [];
  const details = new Map<string, PayoutDetailsState>();
  const scheduled = new Map<string, EventDataOf<'PayoutScheduled'>>();
  const retriedAt = new Map<string, string>();
  const files = new Map<string, { file: SepaFile; stream: string; revision: number }>();
  const sent = new Map<string, EventDataOf<'SepaFileSent'>[]>();
  const paidEvents: { data: EventDataOf<'PayoutPaid'>; stream: string; revision: number }[] = [];
  for (const stored of events) {
    const event = recorded(stored);
    if (!event) continue;
    switch (event.type) {
      case 'PayoutDetailsChanged':
        details.set(
          event.data.performerId,
          payoutDetails.evolve(details.get(event.data.performerId) ?? payoutDetails.initialState(), event),
        );
        break;
      case 'PayoutScheduled':
        scheduled.set(event.data.payoutId, event.data);
        break;
      case 'PayoutRetried':
        retriedAt.set(`${event.data.payoutId}:${event.data.attempt}`, event.data.retriedAt);
        break;
      case 'SepaFileCreated': {
        if (files.has(event.data.runId))
          problems.push({
            stream: stored.streamId,
            revision: stored.revision,
            problem: `a second SEPA file for run ${event.data.runId}`,
          });
        else files.set(event.data.runId, { file: event.data, stream: stored.streamId, revision: stored.revision });
        // the details as they were when the file was written: a later change must not move an IBAN already filed
        checkFile(event.data, stored, details, scheduled, retriedAt, problems);
        break;
      }
      case 'SepaFileSent':
        sent.set(event.data.runId, [...(sent.get(event.data.runId) ?? []), event.data]);
        break;
      case 'PayoutPaid':
        paidEvents.push({ data: event.data, stream: stored.streamId, revision: stored.revision });
        break;
      default:
    }
  }

  const filedIn = new Map<string, string>();
  const paidBySepa: SepaLedger['paidBySepa'] = new Map();
  let transactions = 0;
  for (const { file, stream } of files.values()) {
    for (const transaction of file.transactions) {
      transactions += 1;
      const other = filedIn.get(transaction.payoutId);
      if (other)
        problems.push({
          stream,
          problem: `payout ${transaction.payoutId} is in two SEPA files (runs ${other} and ${file.runId}): paid twice`,
        });
      filedIn.set(transaction.payoutId, file.runId);
      if (sent.has(file.runId))
        paidBySepa.set(transaction.payoutId, {
          attempt: transaction.attempt,
          amountCents: transaction.amountCents,
          reference: sepaReference(file, transaction.payoutId),
        });
    }
  }
  for (const [runId, marks] of sent) {
    if (!files.has(runId))
      problems.push({
        stream: sepaStreams.sent(runId),
        problem: `SEPA file of run ${runId} marked sent, but it was never written`,
      });
    if (marks.length > 1)
      problems.push({
        stream: sepaStreams.sent(runId),
        problem: `SEPA file of run ${runId} marked sent ${marks.length} times`,
      });
  }
  for (const { data, stream, revision } of paidEvents) {
    if (!data.providerReference.startsWith(SEPA_REFERENCE_PREFIX)) continue;
    const paid = paidBySepa.get(data.payoutId);
    if (
      !paid ||
      paid.reference !== data.providerReference ||
      paid.attempt !== data.attempt ||
      paid.amountCents !== data.amountCents
    ) {
      problems.push({
        stream,
        revision,
        problem: `PayoutPaid ${data.payoutId} through SEPA without a sent file's transaction of ${euro(data.amountCents)} €`,
      });
    }
  }
  return { ledger: { paidBySepa, files: files.size, transactions, sent: sent.size }, problems };
}

function checkFile(
  file: SepaFile,
  stored: StoredEvent,
  details: Map<string, PayoutDetailsState>,
  scheduled: Map<string, EventDataOf<'PayoutScheduled'>>,
  retriedAt: Map<string, string>,
  problems: AuditProblem[],
) {
  const problem = (text: string) =>
    problems.push({ stream: stored.streamId, revision: stored.revision, problem: text });
  const sum = file.transactions.reduce((total, transaction) => total + transaction.amountCents, 0);
  if (file.numberOfTransactions !== file.transactions.length)
    problem(
      `SEPA file ${file.messageId} says ${file.numberOfTransactions} transactions but holds ${file.transactions.length}`,
    );
  if (file.controlSumCents !== sum)
    problem(
      `SEPA file ${file.messageId}: control sum ${euro(file.controlSumCents)} € but its transactions add up to ${euro(sum)} €`,
    );
  const seen = new Set<string>();
  for (const transaction of file.transactions) {
    if (seen.has(transaction.payoutId)) problem(`payout ${transaction.payoutId} twice in SEPA file ${file.messageId}`);
    seen.add(transaction.payoutId);
    const payout = scheduled.get(transaction.payoutId);
    if (!payout) {
      problem(`SEPA transaction ${transaction.payoutId} matches no payout`);
      continue;
    }
    if (payout.amountCents !== transaction.amountCents)
      problem(
        `SEPA transaction ${transaction.payoutId} of ${euro(transaction.amountCents)} € but the payout is ${euro(payout.amountCents)} €`,
      );
    if (payout.performerId !== transaction.performerId || payout.runId !== file.runId)
      problem(`SEPA transaction ${transaction.payoutId} is not a payout of this performer and run`);
    const asOf =
      transaction.attempt === 1 ? payout.periodEnd : retriedAt.get(`${transaction.payoutId}:${transaction.attempt}`);
    const inForce = asOf
      ? detailsInForce(details.get(payout.performerId) ?? payoutDetails.initialState(), new Date(asOf))
      : null;
    if (!inForce || inForce.method !== 'iban' || inForce.iban !== transaction.iban) {
      problems.push({
        stream: stored.streamId,
        revision: stored.revision,
        problem:
          `SEPA transaction ${transaction.payoutId} pays an IBAN that is not the one in force for its week` +
          ` (${payoutStreams.details(payout.performerId)})`,
      });
    }
  }
}
