/**
 * Where a performer is paid, from `payout-details-<performerId>`: every change is an event. Her
 * first details apply at once (there is nothing to redirect: they pay every week not paid yet); a
 * later change takes effect from the next payout week on, so a payout already due is never redirected.
 */
import {
  isValidIban,
  maskCardReference,
  maskIban,
  normalizeIban,
  payoutWeekOf,
  type DomainEvent,
  type PayoutDetailsBody,
} from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler } from '../../kernel/handle-command';
import type { PayoutDestination } from '../../platform/payouts/port';
import {
  detailsInForce,
  payoutDetails,
  type DetailsChange,
  type PayoutDetailsState,
  type ShownDestination,
} from '../../ledger';

// the fold and the details in force are the ledger's (the SEPA audit checks every transfer against them)
export { detailsInForce, payoutDetails };

export const handlePayoutDetails = commandHandler(payoutDetails);

/** She sets her details: the first at once, a change from the Monday after `now` (Europe/Rome); the same details again change nothing. */
export function decideChangeDetails(
  performerId: string,
  body: PayoutDetailsBody,
  state: PayoutDetailsState,
  now: Date,
): DomainEvent[] {
  const iban = body.method === 'iban' ? normalizeIban(body.iban) : null;
  if (iban !== null && !isValidIban(iban)) throw new DomainError('iban_invalid');
  const cardReference = body.method === 'card' ? body.cardReference : null;
  const last = state.changes.at(-1);
  if (
    last &&
    last.holderName === body.holderName &&
    last.method === body.method &&
    last.iban === iban &&
    last.cardReference === cardReference
  )
    return [];
  const effectiveFrom = last ? new Date(payoutWeekOf(now).end.getTime() + 1).toISOString() : now.toISOString();
  return [
    {
      type: 'PayoutDetailsChanged',
      data: {
        performerId,
        holderName: body.holderName,
        method: body.method,
        iban,
        cardReference,
        masked: iban !== null ? maskIban(iban) : maskCardReference(cardReference!),
        changedAt: now.toISOString(),
        effectiveFrom,
      },
    },
  ];
}

export function shownDestination(change: DetailsChange | null): ShownDestination | null {
  return change && { method: change.method, holderName: change.holderName, masked: change.masked };
}

/** What the provider needs to pay. */
export function providerDestination(change: DetailsChange): PayoutDestination {
  return change.method === 'iban'
    ? { method: 'iban', holderName: change.holderName, iban: change.iban! }
    : { method: 'card', holderName: change.holderName, cardReference: change.cardReference! };
}
