import type { EventDataOf } from '@aura/contracts';
import type { Aggregate } from '../../kernel/handle-command';

/**
 * Where a performer is paid, from `payout-details-<performerId>`: every change is an event. Her
 * first details apply at once; a later change takes effect from the next payout week on, so a
 * payout already due is never redirected (the payouts module decides the changes; the SEPA audit
 * checks each transfer against the details in force for its week).
 */
export type DetailsChange = EventDataOf<'PayoutDetailsChanged'>;

export interface PayoutDetailsState {
  changes: DetailsChange[];
}

export const payoutDetails: Aggregate<PayoutDetailsState> = {
  initialState: () => ({ changes: [] }),
  evolve: (state, event) =>
    event.type === 'PayoutDetailsChanged' ? { changes: [...state.changes, event.data] } : state,
};

/**
 * The details in force at `asOf`: the newest change effective by then; before her first details
 * took effect, those first details (they pay every week before them, as nothing else could).
 */
export function detailsInForce(state: PayoutDetailsState, asOf: Date): DetailsChange | null {
  const time = asOf.getTime();
  return state.changes.filter((change) => Date.parse(change.effectiveFrom) <= time).at(-1) ?? state.changes[0] ?? null;
}
