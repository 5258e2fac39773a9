import type { DomainEvent, EventDataOf } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { onWallet, walletAs } from '../wallet/wallet';
import {
  decideBilling,
  decideSessionHold,
  decideSettle,
  sessionMoney,
  sessionWalletEventIds,
  type BillOutcome,
  type Closing,
  type SessionMoney,
  type SessionOnWallet,
  type UnstartedOutcome,
} from './money';

/**
 * A private session's money on the user's wallet (docs/architecture.md#money), the one way a
 * session reaches it: the hold at the request, the minutes billed by the clock, the settlement
 * at the end (the rest of the minimum included). Each is decided on the wallet's latest state and
 * appended with its expected revision and the session's fixed event ids, so a repeat is a no-op and
 * minutes, the minimum and the settlement serialise there with every other spend.
 */
export function sessionWallet(eventStore: EventStore) {
  function decide(
    walletId: string,
    sessionId: string,
    decision: (money: SessionMoney) => DomainEvent[],
    metadata?: Record<string, unknown>,
  ) {
    // Stryker disable next-line ArrayDeclaration: every decision sets the ids before the append reads one
    let ids: string[] = [];
    return onWallet(
      eventStore,
      walletId,
      sessionMoney(sessionId),
      (money) => {
        const events = decision(money);
        ids = sessionWalletEventIds(walletId, sessionId, events);
        return events;
      },
      { metadata, eventId: (_event, index) => ids[index]! },
    );
  }

  return {
    /** The session's money as the wallet holds it now. */
    money: (walletId: string, sessionId: string): Promise<SessionMoney> =>
      walletAs(eventStore, walletId, sessionMoney(sessionId)),

    /** Holds the minimum for a request (refused: the balance, another open session, a frozen wallet). */
    hold: (terms: EventDataOf<'SessionRequested'>, at: Date, metadata?: Record<string, unknown>) =>
      decide(terms.userId, terms.sessionId, (money) => decideSessionHold(terms, money, at), metadata),

    /** Bills the minutes of a running session due at `at`; answers what the clock does next. */
    async bill(session: SessionOnWallet, at: Date): Promise<BillOutcome> {
      // Stryker disable next-line ObjectLiteral,StringLiteral: the decision runs at least once and sets it
      let outcome: BillOutcome = { kind: 'done' };
      await decide(session.terms.userId, session.terms.sessionId, (latest) => {
        outcome = decideBilling(session, latest, at);
        return outcome.kind === 'bill' ? outcome.events : [];
      });
      return outcome;
    },

    /** Makes the session's money final, once; `session` null: a hold whose request was lost. */
    settle: (
      session: SessionOnWallet | null,
      ids: { sessionId: string; walletId: string },
      end: Closing | UnstartedOutcome,
      now: () => Date,
      metadata?: Record<string, unknown>,
    ) =>
      decide(
        ids.walletId,
        ids.sessionId,
        (money) => decideSettle(session, ids.sessionId, ids.walletId, money, end, now()),
        metadata,
      ),
  };
}

export type SessionWallet = ReturnType<typeof sessionWallet>;
