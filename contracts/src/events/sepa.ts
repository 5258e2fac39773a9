import { z } from 'zod';

/**
 * The SEPA payout rail (PAYOUT_PROVIDER=sepa): each payout run writes one ISO 20022
 * pain.001.001.03 file of its IBAN payouts for the operator's bank; an admin marks it sent, and
 * its payouts are paid. The file and its sending are two small streams per run.
 */
export const sepaStreams = {
  /** the run's file as written (SepaFileCreated): immutable, so asking again answers the same bytes */
  file: (runId: string) => `payout-sepa-file-${runId}`,
  /** the admin marked it sent to the bank (SepaFileSent): once */
  sent: (runId: string) => `payout-sepa-sent-${runId}`,
} as const;

/** One credit transfer of a file: a payout, to the IBAN of the week it pays. */
export const SepaTransaction = z.object({
  payoutId: z.string().uuid(),
  performerId: z.string().uuid(),
  /** the payout's attempt the file pays */
  attempt: z.number().int().positive(),
  amountCents: z.number().int().positive(),
  holderName: z.string(),
  /** electronic form */
  iban: z.string(),
  /** the period the payout closes (its remittance information names the week) */
  periodEnd: z.string(),
});
export type SepaTransaction = z.infer<typeof SepaTransaction>;

export const SepaDebtor = z.object({ name: z.string(), iban: z.string(), bic: z.string() });
export type SepaDebtor = z.infer<typeof SepaDebtor>;

/** A run's pain.001.001.03 file: everything its XML is rendered from, fixed once. */
export const SepaFileCreated = z.object({
  runId: z.string().uuid(),
  /** GrpHdr/MsgId: the run id without hyphens (at most 35 characters) */
  messageId: z.string().max(35),
  createdAt: z.string(),
  /** ISO date (Rome) the bank is asked to execute it */
  requestedExecutionDate: z.string(),
  debtor: SepaDebtor,
  transactions: z.array(SepaTransaction).min(1),
  numberOfTransactions: z.number().int().positive(),
  controlSumCents: z.number().int().positive(),
});

/** The admin sent the file to the bank: its payouts are paid. */
export const SepaFileSent = z.object({
  runId: z.string().uuid(),
  messageId: z.string(),
  adminId: z.string(),
  sentAt: z.string(),
});

export const sepaEvents = { SepaFileCreated, SepaFileSent } as const;
