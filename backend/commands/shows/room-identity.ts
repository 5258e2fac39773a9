import { type Identity } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import { claimValue, ownerOf } from '../../kernel/unique-values';

/**
 * A signed-in user's identity in a room: chosen once, by his first line or tip, and held by its own
 * claim stream (docs/product.md#18-public-shows); another identity is refused once he has chosen.
 */
export function roomIdentities(deps: {
  eventStore: EventStore;
  identityFor: (userId: string, aliasId?: string | null) => Promise<Identity>;
  now: () => Date;
}) {
  const key = (showId: string, userId: string) => `${showId}:${userId}`;
  /** the identity he chose in this room, if any */
  const chosen = (showId: string, userId: string) =>
    ownerOf(deps.eventStore, 'show-room-identity', key(showId, userId));
  return {
    identityFor: deps.identityFor,
    chosen,
    /** the identity he writes with, refused when he chose another one */
    async identityIn(showId: string, userId: string, aliasId: string | null): Promise<Identity> {
      const identity = await deps.identityFor(userId, aliasId);
      const earlier = await chosen(showId, userId);
      if (earlier && earlier !== identity.identityId) throw new DomainError('room_identity_taken');
      return identity;
    },
    /** records his choice: of two first lines at once under two identities, one is refused */
    choose: (showId: string, userId: string, identityId: string) =>
      claimValue(
        deps.eventStore,
        { kind: 'show-room-identity', value: key(showId, userId), ownerId: identityId },
        deps.now,
      ),
  };
}

export type RoomIdentities = ReturnType<typeof roomIdentities>;
