import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

/** A run's SEPA file as the console shows it (the file itself: GET …/sepa). */
export const SepaFileSummary = z.object({
  runId: z.string().uuid(),
  messageId: z.string(),
  createdAt: z.string(),
  requestedExecutionDate: z.string(),
  numberOfTransactions: z.number().int(),
  controlSumCents: z.number().int(),
  status: z.enum(['ready', 'sent']),
  sentAt: z.string().nullable(),
  sentBy: z.string().nullable(),
});
export type SepaFileSummary = z.infer<typeof SepaFileSummary>;

export const SEPA_MESSAGES = {
  notSepa: 'I pagamenti non sono configurati per i bonifici SEPA (PAYOUT_PROVIDER=sepa)',
  noFile: 'Questa esecuzione non ha un file SEPA: nessun pagamento su IBAN',
  alreadySent: 'Il file SEPA di questa esecuzione è già stato segnato come inviato',
  retryFiled: 'Il file SEPA di questa esecuzione è già stato prodotto: questo pagamento va eseguito a mano',
} as const;

export const sepaRoutes = {
  payoutRunSepaFile: {
    ...apiPaths.payoutRunSepaFile,
    summary: "The run's ISO 20022 pain.001.001.03 credit-transfer file (the same bytes every time)",
    tag: 'payouts',
    refusals: ['sepa_no_file', 'sepa_not_configured'],
    params: IdParam,
    answers: 'file',
    response: z.unknown(),
  },
  markSepaFileSent: {
    ...apiPaths.markSepaFileSent,
    summary: "Mark the run's SEPA file as sent to the bank: its payouts are paid (once; again: 409)",
    tag: 'payouts',
    refusals: moduleRefusals.payouts,
    params: IdParam,
    response: SepaFileSummary,
    secondFactor: 'fresh',
  },
} as const satisfies Record<string, RouteContract>;
