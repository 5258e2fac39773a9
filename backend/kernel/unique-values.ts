import { streams, type DomainEvent, type ErrorCode, type UniqueValueKind } from '@aura/contracts';
import { DomainError } from '../platform/domain-error';
import { foldStream, handleCommand, type Aggregate } from './handle-command';
import type { EventStore } from '../platform/eventstore/port';

/**
 * Uniqueness across accounts (usernames, emails), decided on the write side: each value has its
 * own claim stream, so of two concurrent claims exactly one append wins.
 */
export type UniqueValue = { ownerId: string | undefined };

export interface Claim {
  kind: UniqueValueKind;
  value: string;
  ownerId: string;
}

export const uniqueValue: Aggregate<UniqueValue> = {
  initialState: () => ({ ownerId: undefined }),
  evolve(state, event) {
    switch (event.type) {
      case 'UniqueValueClaimed':
        return { ownerId: event.data.ownerId };
      case 'UniqueValueReleased':
        return { ownerId: undefined };
      default:
        return state;
    }
  },
};

const taken: Record<UniqueValueKind, ErrorCode> = {
  username: 'username_taken',
  email: 'email_taken',
  'admin-username': 'username_taken',
  'performer-username': 'username_taken',
  'performer-email': 'email_taken',
  'show-room-identity': 'room_identity_taken',
};

export function decideClaim(claim: Claim, state: UniqueValue, now: Date): DomainEvent[] {
  if (state.ownerId === claim.ownerId) return [];
  if (state.ownerId !== undefined) throw new DomainError(taken[claim.kind]);
  const data = { kind: claim.kind, value: claim.value.toLowerCase(), ownerId: claim.ownerId };
  return [{ type: 'UniqueValueClaimed', data: { ...data, claimedAt: now.toISOString() } }];
}

export function decideRelease(claim: Claim, state: UniqueValue, now: Date): DomainEvent[] {
  if (state.ownerId !== claim.ownerId) return [];
  const data = { kind: claim.kind, value: claim.value.toLowerCase(), ownerId: claim.ownerId };
  return [{ type: 'UniqueValueReleased', data: { ...data, releasedAt: now.toISOString() } }];
}

const streamOf = (claim: Claim) => streams.uniqueValue(claim.kind, claim.value);

/** Who holds a value now (undefined: no one), read from its claim stream. */
export async function ownerOf(
  eventStore: EventStore,
  kind: UniqueValueKind,
  value: string,
): Promise<string | undefined> {
  return foldStream(uniqueValue, await eventStore.readStream(streams.uniqueValue(kind, value))).ownerId;
}

/** Claims one value: nothing to do when its owner holds it already; refused when someone else does. */
export async function claimValue(
  eventStore: EventStore,
  claim: Claim,
  now: () => Date,
  metadata: Record<string, unknown> = {},
): Promise<void> {
  await handleCommand(eventStore, streamOf(claim), uniqueValue, (state) => decideClaim(claim, state, now()), {
    metadata,
  });
}

/** Claims every value or none: a value held by someone else releases what this call had claimed, then throws. */
export async function claimAll(
  eventStore: EventStore,
  claims: Claim[],
  now: () => Date,
  metadata: Record<string, unknown> = {},
) {
  const claimed: Claim[] = [];
  try {
    for (const claim of claims) {
      await claimValue(eventStore, claim, now, metadata);
      claimed.push(claim);
    }
  } catch (error) {
    await releaseAll(eventStore, claimed, now, metadata);
    throw error;
  }
}

export async function releaseAll(
  eventStore: EventStore,
  claims: Claim[],
  now: () => Date,
  metadata: Record<string, unknown> = {},
) {
  for (const claim of claims) {
    await handleCommand(eventStore, streamOf(claim), uniqueValue, (state) => decideRelease(claim, state, now()), {
      metadata,
    });
  }
}
