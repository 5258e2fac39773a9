/**
 * Inside a running private session (issue 40 item 5): its two parties write lines to each other,
 * and the user tips her. Pure deciders on the session's own stream (./session.ts): a line or a tip
 * only while it runs, a line under the name the session shows its writer (his identity's, never
 * his account's when he chose an alias), a tip by the user only, on the shows' tip rule.
 */
import { isTipAmount, unitsToAuracoin, type DomainEvent, type SessionParty } from '@aura/contracts';
import type { WalletTotals } from '../../ledger';
import { DomainError } from '../../platform/domain-error';
import { assertRunning, type Session } from './session';

export interface PostSessionMessage {
  messageId: string;
  party: SessionParty;
  /** her name as the session page shows it (her lines are signed with it) */
  performerName: string;
  /** normalised by the route's contract (the chat's rule: not empty, at most CHAT_MESSAGE_MAX characters) */
  text: string;
}

/** A line from one party to the other, while the session runs; appended to the session's stream after whatever ended it. */
export function decidePostSessionMessage(command: PostSessionMessage, state: Session, now: Date): DomainEvent[] {
  if (state.status === 'none') throw new DomainError('not_found');
  assertRunning(state);
  const { sessionId, displayName } = state.terms;
  return [
    {
      type: 'SessionMessagePosted',
      data: {
        sessionId,
        messageId: command.messageId,
        party: command.party,
        displayName: command.party === 'user' ? displayName : command.performerName,
        text: command.text,
        postedAt: now.toISOString(),
      },
    },
  ];
}

export interface TipInSession {
  tipId: string;
  party: SessionParty;
  amountUnits: number;
}

/**
 * The user's tip to her while the session runs (the shows' amounts: `isTipAmount`): the sale the
 * ledger appends before its debit. She does not tip herself (403 `session_tip_user_only`).
 */
export function decideSessionTip(command: TipInSession, state: Session, now: Date): DomainEvent[] {
  if (state.status === 'none') throw new DomainError('not_found');
  if (command.party !== 'user') throw new DomainError('session_tip_user_only');
  if (!isTipAmount(unitsToAuracoin(command.amountUnits))) throw new DomainError('validation_failed');
  assertRunning(state);
  const { sessionId, userId, performerId, identityId, displayName } = state.terms;
  return [
    {
      type: 'SessionTipped',
      data: {
        sessionId,
        tipId: command.tipId,
        walletId: userId,
        performerId,
        identityId,
        displayName,
        amountUnits: command.amountUnits,
        tippedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * On the wallet, at the tip's append: the session's money is still open (its hold not released),
 * so no tip lands after the settlement, whatever the session's stream said a moment before. The
 * tip itself spends the available balance only (the ledger's spend rule): the held minimum stays
 * the session's.
 */
export function assertSessionMoneyOpen(wallet: WalletTotals, sessionId: string): void {
  if (!wallet.holds[sessionId]) throw new DomainError('session_not_active');
}
