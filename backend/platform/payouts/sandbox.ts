/**
 * TEST MODE payout provider: a sandbox ledger kept in the event store (stream
 * `payout-sandbox-<payoutId>`), so every process of the platform (api, workers, a worker that
 * restarts after a crash) sees the same ledger and a transfer is recorded at most once per
 * (payoutId, attempt): the append uses the stream's expected revision, and a second caller reads
 * the first outcome back. No real money moves. Test destinations decide the outcome:
 *
 * - IBAN `SANDBOX_CLOSED_IBAN` or card `card_test_closed`: refused, 'account_closed';
 * - IBAN `SANDBOX_FLAKY_IBAN` or card `card_test_flaky`: the first attempt fails with
 *   'bank_unavailable', a retry is paid;
 * - anything else: paid.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ibanWithCheckDigits } from '@aura/contracts';
import { WrongExpectedRevisionError, type EventStore, type StoredEvent } from '../eventstore/port';
import { deterministicId } from '../ids';
import type { PayoutProvider, TransferOutcome, TransferRequest } from './port';

export const SANDBOX_CLOSED_IBAN = ibanWithCheckDigits('IT', 'X0542811101000000000001');
export const SANDBOX_FLAKY_IBAN = ibanWithCheckDigits('IT', 'X0542811101000000000002');
export const SANDBOX_CLOSED_CARD = 'card_test_closed';
export const SANDBOX_FLAKY_CARD = 'card_test_flaky';
export const SANDBOX_REFERENCE_PREFIX = 'po_test_';

export const sandboxStream = (payoutId: string) => `payout-sandbox-${payoutId}`;
export const SANDBOX_TRANSFER_EVENT = 'SandboxPayoutTransfer';

/** One line of the sandbox ledger. */
export interface SandboxTransfer {
  payoutId: string;
  attempt: number;
  amountCents: number;
  outcome: TransferOutcome;
  mode: 'TEST MODE';
}

function outcomeFor(request: TransferRequest, now: Date): TransferOutcome {
  const { destination } = request;
  const target = destination.method === 'iban' ? destination.iban : destination.cardReference;
  const executedAt = now.toISOString();
  if (target === SANDBOX_CLOSED_IBAN || target === SANDBOX_CLOSED_CARD)
    return { status: 'failed', reason: 'account_closed', executedAt };
  if ((target === SANDBOX_FLAKY_IBAN || target === SANDBOX_FLAKY_CARD) && request.attempt === 1)
    return { status: 'failed', reason: 'bank_unavailable', executedAt };
  return {
    status: 'paid',
    reference: `${SANDBOX_REFERENCE_PREFIX}${request.payoutId.slice(0, 8)}_${request.attempt}`,
    executedAt,
  };
}

function recordedAttempt(stored: StoredEvent[], attempt: number): SandboxTransfer | undefined {
  return stored.map((event) => event.data as SandboxTransfer).find((line) => line.attempt === attempt);
}

export function createSandboxPayoutProvider(options: {
  eventStore: EventStore;
  now: () => Date;
  latencyMs?: number;
}): PayoutProvider {
  return {
    name: 'sandbox',
    testMode: true,
    async transfer(request: TransferRequest): Promise<TransferOutcome> {
      const stream = sandboxStream(request.payoutId);
      // a bank takes its time: tests widen this window to kill a worker mid-transfer
      if (options.latencyMs) await sleep(options.latencyMs);
      for (;;) {
        const stored = await options.eventStore.readStream(stream);
        const done = recordedAttempt(stored, request.attempt);
        if (done) return done.outcome;
        const line: SandboxTransfer = {
          payoutId: request.payoutId,
          attempt: request.attempt,
          amountCents: request.amountCents,
          outcome: outcomeFor(request, options.now()),
          mode: 'TEST MODE',
        };
        try {
          await options.eventStore.appendToStream(
            stream,
            [
              {
                id: deterministicId(`payout-sandbox:${request.payoutId}:${request.attempt}`),
                type: SANDBOX_TRANSFER_EVENT,
                data: line,
              },
            ],
            { expectedRevision: stored.length === 0 ? 'no_stream' : stored.length - 1 },
          );
          return line.outcome;
        } catch (error) {
          // another process recorded something in between: read its outcome back
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
        }
      }
    },
  };
}

/** The sandbox ledger as the auditor reads it from the log. */
export function sandboxTransfersIn(events: readonly StoredEvent[]): SandboxTransfer[] {
  return events.filter((event) => event.type === SANDBOX_TRANSFER_EVENT).map((event) => event.data as SandboxTransfer);
}
