import { showStreams, unitsToAuracoin, type ShowTipView } from '@aura/contracts';
import { spendEventIds, spendFromWallet } from '../../ledger';
import { foldStream } from '../../kernel/handle-command';
import { DomainError } from '../../platform/domain-error';
import { assertSameRequest } from '../../platform/http/idempotency';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import { appendToRoom, decideAcceptTip, decideCountTip, decideExpireGoals, handleRoom } from './room';
import type { RoomIdentities } from './room-identity';
import { decideTip, stage, tipTerms, type TipCommand } from './stage';

/**
 * A tip counts towards the show's goals, exactly once: the one writer of goal progress. The tip
 * handler calls it right after the payment, and the tips reaction (backend/workers/shows) calls it
 * for every tip, so a stop in between is caught; the decider counts each tip id once.
 */
export async function countTip(
  eventStore: EventStore,
  tip: { showId: string; tipId: string; amountUnits: number },
  now: () => Date,
) {
  return handleRoom(eventStore, showStreams.show(tip.showId), (state) => decideCountTip(tip, state, now()));
}

/** Goals of the show past their deadline and unmet end unmet. */
export async function expireGoals(eventStore: EventStore, showId: string, now: () => Date) {
  return handleRoom(eventStore, showStreams.show(showId), (state) => decideExpireGoals({ showId }, state, now()));
}

/** When a goal's deadline comes, the worker checks the clock (a delayed job). */
export interface GoalDeadlines {
  schedule(showId: string, goalId: string, deadline: Date): Promise<void>;
}

export const GOAL_DEADLINE_JOB = 'show-goal-deadline';

/**
 * The tip accepted in the show's room (`decideAcceptTip`), the stream her show's end closes
 * (./end.ts): gives the time it is tipped at, never after the end. The acceptance is appended after
 * whatever the room got meanwhile (no tip waits for another), and the stream's order decides: one
 * that landed after the close is void, and the tip is refused like any after the end.
 */
export async function acceptTip(
  eventStore: EventStore,
  tip: { showId: string; tipId: string; walletId: string; amountUnits: number },
  now: () => Date,
  metadata: Record<string, unknown>,
): Promise<Date> {
  const state = await appendToRoom(eventStore, tip.showId, (current) => decideAcceptTip(tip, current, now()), {
    eventId: deterministicId(`tip-accepted:${tip.tipId}`),
    metadata,
  });
  const tippedAt = state.accepted.get(tip.tipId);
  // its acceptance landed after the close: void
  if (tippedAt === undefined) throw new DomainError('show_ended');
  return new Date(tippedAt);
}

/**
 * He tips her live show: on her stage's terms (./stage.ts `tipTerms`), accepted in the show's room
 * (`acceptTip`: none once her show ended), decided (`decideTip`, at the time accepted), paid through
 * the ledger (the tip is the purchase appended right before its debit), then his room identity is
 * recorded and the goal bar moves. A repeated idempotency key gives back the first tip; with another
 * tip it is refused (422 `idempotency_key_reused`).
 */
export async function tipShow(
  deps: { eventStore: EventStore; identities: RoomIdentities; now: () => Date },
  command: Omit<TipCommand, 'tipId'> & { aliasId: string | null; idempotencyKey: string },
  metadata: Record<string, unknown>,
): Promise<{ tip: ShowTipView; position: number }> {
  const { eventStore, identities, now } = deps;
  const key = `tip:${command.showId}:${command.idempotencyKey}`;
  const [tipId] = spendEventIds(command.walletId, key);
  const current = foldStream(stage, await eventStore.readStream(showStreams.stage(command.performerId)));
  // refused on its terms before his identity is looked up
  tipTerms({ ...command, tipId }, current);
  const identity = await identities.identityFor(command.walletId, command.aliasId);
  const chosenIdentity = (await identities.chosen(command.showId, command.walletId)) ?? null;
  const tip = { ...command, tipId, identity, chosenIdentity };
  // refused on all its terms before the room is touched; then decided at the time the room accepted it
  decideTip(tip, current, now());
  const tippedAt = await acceptTip(eventStore, { ...pick(command), tipId }, now, metadata);
  const [purchase] = decideTip(tip, current, tippedAt);
  const result = await spendFromWallet(eventStore, {
    walletId: command.walletId,
    amountUnits: command.amountUnits,
    purchase: purchase!,
    reason: 'tip',
    reference: tipId,
    idempotencyKey: key,
    metadata,
    now,
  }).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'insufficient_balance')
      throw new DomainError('insufficient_balance');
    throw error;
  });
  // the same key with another tip is refused (the one rule of keyed routes)
  if (result.replayed) assertSameRequest(result.purchase.metadata, metadata);
  const tipped = result.purchase.data as ShowTipView & { tipId: string; amountUnits: number };
  // chosen once paid, so that a refused tip leaves nothing behind; a line under another identity that
  // got in between (his own, in the same instant) does not undo a tip already paid
  await identities.choose(command.showId, command.walletId, identity.identityId).catch((error: unknown) => {
    if (!(error instanceof DomainError && error.code === 'room_identity_taken')) throw error;
  });
  // the goal bar moves now; the tips reaction counts it too if this process stops here
  await countTip(eventStore, { showId: command.showId, tipId: tipped.tipId, amountUnits: tipped.amountUnits }, now);
  return { tip: tipView(tipped), position: result.position };
}

const pick = ({ showId, walletId, amountUnits }: { showId: string; walletId: string; amountUnits: number }) => ({
  showId,
  walletId,
  amountUnits,
});

const tipView = (tipped: ShowTipView & { tipId: string; amountUnits: number }): ShowTipView => ({
  id: tipped.tipId,
  showId: tipped.showId,
  identityId: tipped.identityId,
  displayName: tipped.displayName,
  amount: unitsToAuracoin(tipped.amountUnits),
  message: tipped.message,
  menuItemId: tipped.menuItemId,
  menuItemLabel: tipped.menuItemLabel,
  tippedAt: tipped.tippedAt,
});
