/**
 * The SEPA credit-transfer rail (PAYOUT_PROVIDER=sepa, docs/architecture.md#sepa-payouts). A run's
 * IBAN payouts stay `scheduled` (the transfer answers `pending`); once the run has decided every
 * performer, its one pain.001.001.03 file is written (`SepaFileCreated` on `payout-sepa-file-<runId>`,
 * appended once: a second writer finds it there). The file holds that run's payouts only, so a
 * payout is in one file at most. An admin downloads it, gives it to the bank and marks it sent
 * (`SepaFileSent` on `payout-sepa-sent-<runId>`, once); from then on a transfer of one of its payouts
 * answers `paid`, which is how the service records each PayoutPaid, again after a crash.
 * Card payout references: to the TEST MODE sandbox, or failed as needing a manual payment.
 */
import { payoutDayOf, payoutWeekOf, romeDateOf, sepaStreams, type EventDataOf, type SepaDebtor } from '@aura/contracts';
import { DomainError } from '../../domain-error';
import { WrongExpectedRevisionError, type EventStore } from '../../eventstore/port';
import { deterministicId, newId } from '../../ids';
import type { PayoutProvider, TransferOutcome, TransferRequest } from '../port';
import { endToEndIdOf, renderPain001, type SepaFile } from './pain001';

export type SepaSent = EventDataOf<'SepaFileSent'>;
export const SEPA_REFERENCE_PREFIX = 'sepa_';
export const MANUAL_PAYMENT_REASON = 'manual_payment_required';

/** The remittance line of a transaction: the payout week it pays. */
export const sepaRemittance = (transaction: SepaFile['transactions'][number]) =>
  `Aura compensi settimana ${payoutWeekOf(new Date(transaction.periodEnd)).weekStart}`;

/** The bank reference of a paid payout: the file's message id and the transaction's end-to-end id. */
export const sepaReference = (file: Pick<SepaFile, 'messageId'>, payoutId: string) =>
  `${SEPA_REFERENCE_PREFIX}${file.messageId}_${endToEndIdOf(payoutId)}`;

/** The run's file from its pending transfers (pure): its payouts only, once each, in payout id order. */
export function sepaFileOf(
  run: { runId: string; periodEnd: string },
  pending: readonly TransferRequest[],
  debtor: SepaDebtor,
  now: Date,
): SepaFile | null {
  const seen = new Set<string>();
  const transactions = pending
    .filter(
      (request) =>
        request.runId === run.runId &&
        request.destination.method === 'iban' &&
        !seen.has(request.payoutId) &&
        seen.add(request.payoutId),
    )
    .sort((a, b) => a.payoutId.localeCompare(b.payoutId))
    .map((request) => ({
      payoutId: request.payoutId,
      performerId: request.performerId,
      attempt: request.attempt,
      amountCents: request.amountCents,
      holderName: request.destination.holderName,
      iban: request.destination.method === 'iban' ? request.destination.iban : '',
      periodEnd: request.periodEnd,
    }));
  if (transactions.length === 0) return null;
  const payoutDay = romeDateOf(payoutDayOf(payoutWeekOf(new Date(run.periodEnd))));
  const today = romeDateOf(now);
  return {
    runId: run.runId,
    messageId: run.runId.replace(/-/g, ''),
    createdAt: now.toISOString(),
    requestedExecutionDate: payoutDay > today ? payoutDay : today,
    debtor,
    transactions,
    numberOfTransactions: transactions.length,
    controlSumCents: transactions.reduce((sum, transaction) => sum + transaction.amountCents, 0),
  };
}

/** The file as the console lists it. */
export function sepaSummary(file: SepaFile, sent: SepaSent | null) {
  return {
    runId: file.runId,
    messageId: file.messageId,
    createdAt: file.createdAt,
    requestedExecutionDate: file.requestedExecutionDate,
    numberOfTransactions: file.numberOfTransactions,
    controlSumCents: file.controlSumCents,
    status: sent ? ('sent' as const) : ('ready' as const),
    sentAt: sent?.sentAt ?? null,
    sentBy: sent?.adminId ?? null,
  };
}

export interface SepaRail {
  /** the run's file and whether it was sent, or null */
  fileOf(runId: string): Promise<{ file: SepaFile; sent: SepaSent | null } | null>;
  /** its pain.001.001.03 XML */
  xmlOf(file: SepaFile): string;
  /** the admin marks it sent: once (a second time is a 409), nothing for a run without a file (404) */
  markSent(
    runId: string,
    adminId: string,
    metadata: Record<string, unknown>,
  ): Promise<{ file: SepaFile; sent: SepaSent }>;
}

export function createSepaPayoutProvider(options: {
  eventStore: EventStore;
  now: () => Date;
  debtor: SepaDebtor;
  cards: PayoutProvider | null;
}): PayoutProvider & { sepa: SepaRail } {
  const { eventStore, now } = options;
  // a written file never changes: kept once read
  const files = new Map<string, SepaFile>();

  async function readFile(runId: string): Promise<SepaFile | null> {
    const kept = files.get(runId);
    if (kept) return kept;
    const stored = (await eventStore.readStream(sepaStreams.file(runId))).find(
      (event) => event.type === 'SepaFileCreated',
    );
    if (!stored) return null;
    const file = stored.data as SepaFile;
    if (files.size > 200) files.clear();
    files.set(runId, file);
    return file;
  }
  const readSent = async (runId: string) =>
    ((await eventStore.readStream(sepaStreams.sent(runId))).find((event) => event.type === 'SepaFileSent')?.data as
      SepaSent | undefined) ?? null;

  const sepa: SepaRail = {
    async fileOf(runId) {
      const file = await readFile(runId);
      return file && { file, sent: await readSent(runId) };
    },
    xmlOf: (file) => renderPain001(file, sepaRemittance),
    async markSent(runId, adminId, metadata) {
      const file = await readFile(runId);
      if (!file) throw new DomainError('sepa_no_file');
      const sent: SepaSent = { runId, messageId: file.messageId, adminId, sentAt: now().toISOString() };
      try {
        // a fresh id: a second 'sent' must meet the first (a fixed id would be taken for a retry of it)
        await eventStore.appendToStream(
          sepaStreams.sent(runId),
          [{ id: newId(), type: 'SepaFileSent', data: sent, metadata }],
          { expectedRevision: 'no_stream' },
        );
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) throw new DomainError('sepa_sent');
        throw error;
      }
      return { file, sent };
    },
  };

  return {
    name: 'sepa',
    testMode: false,
    sepa,
    batches: {
      async closeRun(run, pending) {
        const existing = await readFile(run.runId);
        if (existing) return existing;
        const file = sepaFileOf(run, pending, options.debtor, now());
        if (!file) return null;
        try {
          await eventStore.appendToStream(
            sepaStreams.file(run.runId),
            [{ id: deterministicId(`SepaFileCreated:${run.runId}`), type: 'SepaFileCreated', data: file }],
            { expectedRevision: 'no_stream' },
          );
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          return readFile(run.runId);
        }
        return file;
      },
    },
    async transfer(request: TransferRequest): Promise<TransferOutcome> {
      if (request.destination.method === 'card') {
        if (options.cards) return options.cards.transfer(request);
        return { status: 'failed', reason: MANUAL_PAYMENT_REASON, executedAt: now().toISOString() };
      }
      const file = await readFile(request.runId);
      const filed = file?.transactions.find((transaction) => transaction.payoutId === request.payoutId);
      if (!file || !filed || filed.attempt !== request.attempt || filed.amountCents !== request.amountCents)
        return { status: 'pending' };
      const sent = await readSent(request.runId);
      return sent
        ? { status: 'paid', reference: sepaReference(file, request.payoutId), executedAt: sent.sentAt }
        : { status: 'pending' };
    },
  };
}
