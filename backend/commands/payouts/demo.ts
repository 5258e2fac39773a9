import { ibanWithCheckDigits, payoutStreams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { decideChangeDetails, handlePayoutDetails } from './details';

/** A demo performer's sandbox IBAN (TEST MODE: paid by the sandbox ledger, never a real bank). */
export const demoIban = (index: number) =>
  ibanWithCheckDigits('IT', `X0542811101${String(700_001 + index).padStart(12, '0')}`);

const holderOf = (username: string) =>
  username
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');

/** The demo performers get sandbox payout details, so a fresh demo's first admin run pays them. */
export async function seedDemoPayoutDetails(
  eventStore: EventStore,
  now: () => Date,
  performers: { performerId: string; username: string }[],
) {
  for (const [index, { performerId, username }] of performers.entries()) {
    await handlePayoutDetails(
      eventStore,
      payoutStreams.details(performerId),
      (state) =>
        state.changes.length > 0
          ? []
          : decideChangeDetails(
              performerId,
              { method: 'iban', holderName: holderOf(username), iban: demoIban(index) },
              state,
              now(),
            ),
      { metadata: { source: 'seed' } },
    );
  }
}
