import {
  evolveShowGoals,
  runningShowGoalOf,
  showStreams,
  type DomainEvent,
  type EventDataOf,
  type ShowGoal,
} from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import { commandHandler, foldStream, type Aggregate } from '../../kernel/handle-command';

/**
 * One show's room (stream `show-<showId>`): the tips accepted and its close (one stream orders them:
 * no tip is accepted once it closed), its goals in order (the first not finished runs, the others
 * wait), the tips counted towards them (each once), muted identities and deleted lines.
 */
export interface Room {
  /** when the room closed (her show ended), null while it takes tips */
  closedAt: string | null;
  /** tips accepted, by id: their `tippedAt` */
  accepted: Map<string, string>;
  /** the latest `tippedAt` accepted (the close is never earlier) */
  lastTippedAt: string | null;
  goals: ShowGoal[];
  counted: Set<string>;
  tippedUnits: number;
  muted: Set<string>;
  deleted: Set<string>;
}

/** The goal that runs now: the first that is neither reached nor expired. */
export const runningGoal = (state: Room): ShowGoal | undefined => runningShowGoalOf(state.goals);

export const room: Aggregate<Room> = {
  initialState: () => ({
    closedAt: null,
    accepted: new Map(),
    lastTippedAt: null,
    goals: [],
    counted: new Set(),
    tippedUnits: 0,
    muted: new Set(),
    deleted: new Set(),
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'ShowTipAccepted':
        // appended after the close (it raced the end): void, never accepted
        if (state.closedAt !== null) return state;
        return {
          ...state,
          accepted: new Map(state.accepted).set(event.data.tipId, event.data.tippedAt),
          lastTippedAt: latest(state.lastTippedAt, event.data.tippedAt),
        };
      case 'ShowRoomClosed':
        // once; never before a tip it accepted (one accepted on a node whose clock runs ahead)
        if (state.closedAt !== null) return state;
        return { ...state, closedAt: latest(state.lastTippedAt, event.data.closedAt) };
      case 'ShowGoalSet':
      case 'ShowGoalReached':
      case 'ShowGoalExpired':
        return { ...state, goals: evolveShowGoals(state.goals, event) };
      case 'ShowTipCounted':
        return {
          ...state,
          goals: evolveShowGoals(state.goals, event),
          counted: new Set(state.counted).add(event.data.tipId),
          tippedUnits: state.tippedUnits + event.data.amountUnits,
        };
      case 'ShowIdentityMuted':
        return { ...state, muted: new Set(state.muted).add(event.data.identityId) };
      case 'ShowMessageDeleted':
        return { ...state, deleted: new Set(state.deleted).add(event.data.messageId) };
      default:
        return state;
    }
  },
};

export const handleRoom = commandHandler(room);

/**
 * Appends a tip's acceptance or the close to the room after whatever it got meanwhile (no writer
 * waits for another: a crowd of tips never holds the end back), and answers the room as the
 * stream's order makes it, up to this event: an acceptance after the close is void, a close comes
 * after every tip accepted before it. `decide` runs on the room as read (a refusal appends nothing).
 */
export async function appendToRoom(
  eventStore: EventStore,
  showId: string,
  decide: (state: Room) => DomainEvent[],
  options: { eventId: string; metadata?: Record<string, unknown> },
): Promise<Room> {
  const streamId = showStreams.show(showId);
  const stored = await eventStore.readStream(streamId);
  const before = foldStream(room, stored);
  const [event] = decide(before);
  if (!event) return before;
  const result = await eventStore.appendToStream(
    streamId,
    [{ id: options.eventId, type: event.type, data: event.data, metadata: options.metadata }],
    { expectedRevision: 'any' },
  );
  const since = await eventStore.readStream(streamId, { fromRevision: stored.length });
  return foldStream(room, [...stored, ...since.filter((later) => later.revision <= result.nextExpectedRevision)]);
}

/** The later of two ISO instants (null: none yet). */
const latest = (a: string | null, b: string): string => (a !== null && Date.parse(a) > Date.parse(b) ? a : b);

/**
 * A tip is accepted in the room before it is paid, at the time it is tipped: once the room has
 * closed none is (409, 'Lo show è terminato'), and one whose acceptance the stream holds after the
 * close is void (`room.evolve`). A tip accepted before (a repeated key) stays accepted at its first
 * time, which the charge then carries.
 */
export function decideAcceptTip(
  command: { showId: string; tipId: string; walletId: string; amountUnits: number },
  state: Room,
  now: Date,
): DomainEvent[] {
  if (state.accepted.has(command.tipId)) return [];
  if (state.closedAt !== null) throw new DomainError('show_ended');
  return [{ type: 'ShowTipAccepted', data: { ...command, tippedAt: now.toISOString() } }];
}

/**
 * Her show ends: its room closes, once. Its time as the room folds it is never before a tip it
 * accepted (`room.evolve`: a tip accepted on another node whose clock runs ahead).
 */
export function decideCloseRoom(command: { showId: string }, state: Room, now: Date): DomainEvent[] {
  if (state.closedAt !== null) return [];
  return [{ type: 'ShowRoomClosed', data: { ...command, closedAt: now.toISOString() } }];
}

export function decideSetGoal(
  command: { showId: string; goalId: string; description: string; targetUnits: number; deadline: string | null },
  _state: Room,
  now: Date,
): DomainEvent[] {
  if (!(command.targetUnits > 0)) throw new DomainError('validation_failed');
  if (command.deadline && new Date(command.deadline).getTime() <= now.getTime())
    throw new DomainError('validation_failed');
  return [{ type: 'ShowGoalSet', data: { ...command, setAt: now.toISOString() } }];
}

/** Goals past their deadline and unmet end unmet, each in turn (the next one starts from zero). */
export function decideExpireGoals(command: { showId: string }, state: Room, now: Date): DomainEvent[] {
  const events: DomainEvent[] = [];
  let current = state;
  for (
    let goal = runningGoal(current);
    goal?.deadline && new Date(goal.deadline).getTime() <= now.getTime();
    goal = runningGoal(current)
  ) {
    const expired: DomainEvent = {
      type: 'ShowGoalExpired',
      data: {
        showId: command.showId,
        goalId: goal.goalId,
        progressUnits: goal.progressUnits,
        expiredAt: now.toISOString(),
      },
    };
    events.push(expired);
    current = room.evolve(current, expired);
  }
  return events;
}

/**
 * A tip counts once towards the running goal (after the overdue ones ended unmet); each goal it
 * fills is reached, and the surplus carries over to the next queued one, which may be filled too.
 */
export function decideCountTip(
  command: { showId: string; tipId: string; amountUnits: number },
  state: Room,
  now: Date,
): DomainEvent[] {
  if (state.counted.has(command.tipId)) return [];
  const events = decideExpireGoals(command, state, now);
  let current = events.reduce(room.evolve, state);
  const counted: DomainEvent = {
    type: 'ShowTipCounted',
    data: {
      showId: command.showId,
      tipId: command.tipId,
      amountUnits: command.amountUnits,
      countedAt: now.toISOString(),
    },
  };
  events.push(counted);
  current = room.evolve(current, counted);
  for (let goal = runningGoal(current); goal && goal.progressUnits >= goal.targetUnits; goal = runningGoal(current)) {
    const reached: DomainEvent = {
      type: 'ShowGoalReached',
      data: {
        showId: command.showId,
        goalId: goal.goalId,
        surplusUnits: goal.progressUnits - goal.targetUnits,
        reachedAt: now.toISOString(),
      },
    };
    events.push(reached);
    current = room.evolve(current, reached);
  }
  return events;
}

/** She (or an admin) mutes an identity in her room, once; never herself (`performerId`: whose room). */
export function decideMute(
  command: { showId: string; identityId: string; mutedBy: string; performerId?: string },
  state: Room,
  now: Date,
): DomainEvent[] {
  const { performerId, ...muted } = command;
  if (muted.identityId === performerId) throw new DomainError('mute_self');
  if (state.muted.has(muted.identityId)) return [];
  return [{ type: 'ShowIdentityMuted', data: { ...muted, at: now.toISOString() } }];
}

/** A line in the room, from whoever is not muted in it. */
export function decidePostMessage(
  command: Omit<EventDataOf<'ShowMessagePosted'>, 'postedAt'>,
  state: Room,
  now: Date,
): DomainEvent[] {
  if (state.muted.has(command.identityId)) throw new DomainError('show_muted');
  return [{ type: 'ShowMessagePosted', data: { ...command, postedAt: now.toISOString() } }];
}

export function decideDeleteMessage(
  command: { showId: string; messageId: string; deletedBy: string },
  state: Room,
  now: Date,
): DomainEvent[] {
  if (state.deleted.has(command.messageId)) return [];
  return [{ type: 'ShowMessageDeleted', data: { ...command, at: now.toISOString() } }];
}
