/**
 * The payout-provider port: how money leaves the platform for a performer's bank account or card.
 * The embedded adapter is a sandbox ledger (TEST MODE: no real money moves); the SEPA rail writes
 * each run's pain.001 file for the operator's bank (docs/architecture.md#sepa-payouts); another
 * (a bank's API, a card network's push-to-card service) implements the same interface.
 *
 * A transfer is idempotent by (payoutId, attempt): asking again, from any process, after a crash
 * or concurrently, answers the first outcome and never moves money twice.
 */
export type PayoutDestination =
  { method: 'iban'; holderName: string; iban: string } | { method: 'card'; holderName: string; cardReference: string };

export interface TransferRequest {
  payoutId: string;
  performerId: string;
  /** the run that scheduled the payout (a batch rail files it in that run's file) */
  runId: string;
  /** the period the payout closes */
  periodEnd: string;
  /** 1 for the first try, then one more for each admin retry */
  attempt: number;
  amountCents: number;
  currency: 'eur';
  destination: PayoutDestination;
}

export type TransferOutcome =
  | { status: 'paid'; reference: string; executedAt: string }
  | { status: 'failed'; reason: string; executedAt: string }
  /** a batch rail: it goes in its run's file, and stays scheduled until that file is sent */
  | { status: 'pending' };

/** A rail that pays in files (SEPA): the run's transfers left pending go in its one file. */
export interface PayoutBatches {
  /** writes the run's file of these pending transfers, once per run (a run that has one keeps it); answers it, or null when there is nothing to file */
  closeRun(run: { runId: string; periodEnd: string }, pending: TransferRequest[]): Promise<unknown>;
}

export interface PayoutProvider {
  readonly name: string;
  /** true for the sandbox: every screen that shows its payouts says TEST MODE */
  readonly testMode: boolean;
  transfer(request: TransferRequest): Promise<TransferOutcome>;
  /** present on a rail that pays in files */
  readonly batches?: PayoutBatches;
}
