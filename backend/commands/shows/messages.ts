import { showStreams, type ShowMessageView } from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import type { Principal } from '../../platform/http/session';
import { newId } from '../../platform/ids';
import { decidePostMessage, room } from './room';
import type { RoomIdentities } from './room-identity';

export interface MessageDeps {
  eventStore: EventStore;
  identities: RoomIdentities;
  performerName: (performerId: string) => Promise<string | null>;
  now: () => Date;
}

/** Who writes a line: she as herself, an admin as 'Moderazione', a user under his room identity. */
async function senderOf(
  deps: MessageDeps,
  caller: Principal,
  showId: string,
  performerId: string,
  aliasId: string | null,
) {
  if (caller.kind === 'performer')
    return {
      identityId: performerId,
      userId: null,
      displayName: (await deps.performerName(performerId)) ?? '',
      senderType: 'performer' as const,
    };
  if (caller.kind === 'admin')
    return { identityId: caller.sub, userId: null, displayName: 'Moderazione', senderType: 'admin' as const };
  const identity = await deps.identities.identityIn(showId, caller.sub, aliasId);
  return {
    identityId: identity.identityId,
    userId: caller.sub,
    displayName: identity.displayName,
    senderType: 'user' as const,
  };
}

/**
 * A line in her room, decided on the room's stream (who is muted in it) and stored in its own
 * stream; a user's first line records his room identity.
 */
export async function postMessage(
  deps: MessageDeps,
  command: { caller: Principal; showId: string; performerId: string; aliasId: string | null; content: string },
  metadata: Record<string, unknown>,
): Promise<{ message: ShowMessageView; position: number }> {
  const { showId, performerId } = command;
  const sender = await senderOf(deps, command.caller, showId, performerId, command.aliasId);
  const current = foldStream(room, await deps.eventStore.readStream(showStreams.show(showId)));
  const messageId = newId();
  const [posted] = decidePostMessage(
    { messageId, showId, performerId, ...sender, content: command.content },
    current,
    deps.now(),
  );
  if (sender.userId) await deps.identities.choose(showId, sender.userId, sender.identityId);
  const result = await deps.eventStore.appendToStream(
    showStreams.message(messageId),
    [{ id: messageId, ...posted!, metadata }],
    { expectedRevision: 'no_stream' },
  );
  const message: ShowMessageView = {
    id: messageId,
    showId,
    identityId: sender.identityId,
    displayName: sender.displayName,
    senderType: sender.senderType,
    content: command.content,
    postedAt: (posted!.data as { postedAt: string }).postedAt,
  };
  return { message, position: result.position };
}
