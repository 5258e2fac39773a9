/**
 * Inside a running private session (issue 40 item 5), its commands: a line appended to the
 * session's stream (after whatever ended it: none once over), and his tip through the ledger, a
 * spend from his available balance only (the session's hold stays the session's), appended while
 * the session's hold is open. A repeated idempotency key gives back the first tip; with another
 * tip it is refused (422 `idempotency_key_reused`).
 */
import {
  sessionStreams,
  unitsToAuracoin,
  type EventDataOf,
  type SessionMessageView,
  type SessionParty,
  type SessionTipView,
} from '@aura/contracts';
import { spendEventIds, spendFromWallet, walletTotals } from '../../ledger';
import { foldStream } from '../../kernel/handle-command';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import { assertSameRequest } from '../../platform/http/idempotency';
import { newId } from '../../platform/ids';
import { assertSessionMoneyOpen, decidePostSessionMessage, decideSessionTip } from './in-session';
import { handleSession, session, type Session } from './session';

type Metadata = Record<string, unknown>;

export interface SessionTalkDeps {
  eventStore: EventStore;
  now: () => Date;
}

export const messageView = (posted: EventDataOf<'SessionMessagePosted'>): SessionMessageView => ({
  id: posted.messageId,
  sessionId: posted.sessionId,
  from: posted.party,
  displayName: posted.displayName,
  text: posted.text,
  postedAt: posted.postedAt,
});

export const tipView = (tipped: EventDataOf<'SessionTipped'>): SessionTipView => ({
  id: tipped.tipId,
  sessionId: tipped.sessionId,
  displayName: tipped.displayName,
  amount: unitsToAuracoin(tipped.amountUnits),
  tippedAt: tipped.tippedAt,
});

export function sessionTalkCommands({ eventStore, now }: SessionTalkDeps) {
  const loadSession = async (sessionId: string): Promise<Session> =>
    foldStream(session, await eventStore.readStream(sessionStreams.session(sessionId)));

  async function postMessage(
    sessionId: string,
    command: { party: SessionParty; performerName: string; text: string },
    metadata: Metadata,
  ): Promise<SessionMessageView> {
    const messageId = newId();
    const result = await handleSession(
      eventStore,
      sessionStreams.session(sessionId),
      (state) => decidePostSessionMessage({ ...command, messageId }, state, now()),
      { metadata },
    );
    const posted = result.events[0];
    if (posted?.type !== 'SessionMessagePosted') throw new Error('a line decided without its event');
    return messageView(posted.data);
  }

  async function tip(
    sessionId: string,
    command: { party: SessionParty; amountUnits: number; idempotencyKey: string },
    metadata: Metadata,
  ): Promise<{ tip: SessionTipView; balance: number }> {
    const state = await loadSession(sessionId);
    if (state.status === 'none') throw new DomainError('not_found');
    const walletId = state.terms.userId;
    const key = `session-tip:${sessionId}:${command.idempotencyKey}`;
    const [tipId] = spendEventIds(walletId, key);
    const result = await spendFromWallet(eventStore, {
      walletId,
      amountUnits: command.amountUnits,
      // decided unless the key's tip was made already (its answer is given back, even once the session ended),
      // and appended only while the session's money is open
      purchase: (wallet) => {
        assertSessionMoneyOpen(wallet, sessionId);
        return decideSessionTip({ ...command, tipId }, state, now())[0]!;
      },
      reason: 'tip',
      reference: tipId,
      idempotencyKey: key,
      metadata,
      now,
    });
    // the same key with another tip is refused (the one rule of keyed routes)
    if (result.replayed) assertSameRequest(result.purchase.metadata, metadata);
    const tipped = result.purchase.data as EventDataOf<'SessionTipped'>;
    const { balance } = await walletTotals(eventStore, walletId);
    return { tip: tipView(tipped), balance: unitsToAuracoin(balance) };
  }

  return { loadSession, postMessage, tip };
}

export type SessionTalkCommands = ReturnType<typeof sessionTalkCommands>;
