/**
 * The payout-provider port: how money leaves the platform for a performer's bank account or card.
 * The embedded adapter is a sandbox ledger (TEST MODE: no real money moves); a real one (a bank's
 * SEPA credit-transfer API, a card network's push-to-card service) implements the same interface.
 *
 * A transfer is idempotent by (payoutId, attempt): asking again, from any process, after a crash
 * or concurrently, answers the first outcome and never moves money twice.
 */
export type PayoutDestination =
  | { method: 'iban'; holderName: string; iban: string }
  | { method: 'card'; holderName: string; cardReference: string };

export interface TransferRequest {
  payoutId: string;
  /** 1 for the first try, then one more for each admin retry */
  attempt: number;
  amountCents: number;
  currency: 'eur';
  destination: PayoutDestination;
}

export type TransferOutcome =
  | { status: 'paid'; reference: string; executedAt: string }
  | { status: 'failed'; reason: string; executedAt: string };

export interface PayoutProvider {
  readonly name: string;
  /** true for the sandbox: every screen that shows its payouts says TEST MODE */
  readonly testMode: boolean;
  transfer(request: TransferRequest): Promise<TransferOutcome>;
}
