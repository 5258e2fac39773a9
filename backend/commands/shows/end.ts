import { showStreams, type EventDataOf } from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import { appendToRoom, decideCloseRoom } from './room';
import { decideEndShow, handleStage, showOnNow, stage } from './stage';

/**
 * Her show ends (her, an admin, or the SFU failing): its room closes first (`decideCloseRoom`, on the
 * stream that accepts the tips, so none is accepted after), then her stage records the end at the
 * room's `closedAt` (never before a tip accepted). A stop in between leaves the room closed and the show on her stage: the next
 * end finds the room closed and ends it at that time.
 */
export async function endShow(
  deps: { eventStore: EventStore; now: () => Date },
  command: { showId: string; performerId: string; reason: EventDataOf<'ShowEnded'>['reason']; peakViewers: number },
  metadata?: Record<string, unknown>,
) {
  const { eventStore, now } = deps;
  // an ended or unknown show is refused before its room is touched
  showOnNow(foldStream(stage, await eventStore.readStream(showStreams.stage(command.performerId))), command.showId);
  const closed = await appendToRoom(
    eventStore,
    command.showId,
    (state) => decideCloseRoom({ showId: command.showId }, state, now()),
    {
      eventId: deterministicId(`room-closed:${command.showId}`),
      metadata,
    },
  );
  const endedAt = new Date(closed.closedAt!);
  return handleStage(
    eventStore,
    showStreams.stage(command.performerId),
    (state) => decideEndShow(command, state, endedAt),
    { metadata },
  );
}
