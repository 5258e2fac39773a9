/**
 * A private's spy room at the SFU (docs/architecture.md#spies): when the private's terms allow
 * spies, her browser publishes her camera to a room named after the session (`spy:*` messages, the
 * shows' signalling on its own channel), and each spy with a running watch subscribes to it. The
 * private's own user never publishes there: his camera stays on the peer-to-peer call. The room
 * closes when the private ends, and a spy whose watch ended is dropped (at once from this node's
 * routes, within a second otherwise).
 */
import { sessionStreams, spyStreams } from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import type { Logger } from '../../platform/logging/logger';
import {
  createShowMediaSignalling,
  showIceConfig,
  type ShowMediaAuthorization,
  type ShowMediaCaller,
} from '../../platform/sfu/media';
import type { ShowMedia } from '../../platform/sfu';
import { spyMediaRole } from './policy';
import { session } from './session';
import { spies } from './spies';

/** how often this api node checks that the spy rooms it opened still belong to a running private */
const RECONCILE_MS = 1_000;

export interface SpyMediaRoomDeps {
  media: ShowMedia;
  eventStore: EventStore;
  iceSettings: Parameters<typeof showIceConfig>[0];
  now: () => Date;
  logger: Logger;
}

export function spyMediaRoom(deps: SpyMediaRoomDeps) {
  /** sessions whose spy room this node opened at the SFU */
  const rooms = new Set<string>();

  async function stateOf(sessionId: string) {
    const [privateSession, watches] = await Promise.all([
      deps.eventStore.readStream(sessionStreams.session(sessionId)),
      deps.eventStore.readStream(spyStreams.spies(sessionId)),
    ]);
    return { privateSession: foldStream(session, privateSession), watching: foldStream(spies, watches).watching };
  }

  const authorize = async (caller: ShowMediaCaller, sessionId: string): Promise<ShowMediaAuthorization> => {
    const { privateSession, watching } = await stateOf(sessionId);
    const role = spyMediaRole(privateSession, watching, caller.principal);
    if (typeof role !== 'string') return role;
    // opened by whoever comes first: a spy before her stream is up hears 'not_publishing' and asks again
    await deps.media.openRoom(sessionId);
    rooms.add(sessionId);
    return role;
  };

  const signalling = createShowMediaSignalling({
    media: deps.media,
    authorize,
    iceConfig: showIceConfig(deps.iceSettings, deps.now),
    logger: deps.logger,
    channel: 'spy',
  });

  /** the private ended: its room closes, every spy's page and hers hear it ('spy:media' ended) */
  async function close(sessionId: string) {
    rooms.delete(sessionId);
    await signalling.endShow(sessionId).catch(() => undefined);
  }

  /** spies whose watch is over (he left, his balance ran out) leave the SFU */
  const dropEnded = (sessionId: string, watching: Record<string, string>) =>
    signalling.dropViewers(
      sessionId,
      (caller) => caller.principal?.kind !== 'user' || !watching[caller.principal.sub],
      'ended',
    );

  async function reconcile() {
    for (const sessionId of [...rooms]) {
      const { privateSession, watching } = await stateOf(sessionId);
      if (privateSession.status !== 'active') await close(sessionId);
      else await dropEnded(sessionId, watching);
    }
  }

  const timer = setInterval(() => {
    void reconcile().catch((error: unknown) =>
      deps.logger.warn('spies: checking the spy rooms failed', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }, RECONCILE_MS);
  timer.unref();

  return {
    onConnection: signalling.onConnection,
    close,
    /** his watch ended on this node: his pages leave the room now */
    dropSpy: (sessionId: string, userId: string) =>
      signalling.dropViewers(
        sessionId,
        (caller) => caller.principal?.kind === 'user' && caller.principal.sub === userId,
        'ended',
      ),
    /** one pass of the check the timer runs (the tests call it instead of waiting) */
    reconcile,
    stop() {
      clearInterval(timer);
      signalling.stop();
    },
  };
}

export type SpyMediaRoom = ReturnType<typeof spyMediaRoom>;
