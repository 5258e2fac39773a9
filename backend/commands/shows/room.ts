import { evolveShowGoals, runningShowGoalOf, type DomainEvent, type EventDataOf, type ShowGoal } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/**
 * One show's room (stream `show-<showId>`): its goals in order (the first not finished runs, the
 * others wait), the tips counted towards them (each once), muted identities and deleted lines.
 */
export interface Room {
  goals: ShowGoal[];
  counted: Set<string>;
  tippedUnits: number;
  muted: Set<string>;
  deleted: Set<string>;
}

/** The goal that runs now: the first that is neither reached nor expired. */
export const runningGoal = (state: Room): ShowGoal | undefined => runningShowGoalOf(state.goals);

export const room: Aggregate<Room> = {
  initialState: () => ({ goals: [], counted: new Set(), tippedUnits: 0, muted: new Set(), deleted: new Set() }),
  evolve(state, event) {
    switch (event.type) {
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

export function decideSetGoal(
  command: { showId: string; goalId: string; description: string; targetUnits: number; deadline: string | null },
  _state: Room,
  now: Date,
): DomainEvent[] {
  if (!(command.targetUnits > 0))
    throw new DomainError('validation_failed', "L'obiettivo deve essere maggiore di zero");
  if (command.deadline && new Date(command.deadline).getTime() <= now.getTime())
    throw new DomainError('validation_failed', 'La scadenza deve essere nel futuro');
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

export const MUTED_MESSAGE = 'Sei stato silenziato in questa stanza';

/** She (or an admin) mutes an identity in her room, once; never herself (`performerId`: whose room). */
export function decideMute(
  command: { showId: string; identityId: string; mutedBy: string; performerId?: string },
  state: Room,
  now: Date,
): DomainEvent[] {
  const { performerId, ...muted } = command;
  if (muted.identityId === performerId) throw new DomainError('validation_failed', 'Non puoi silenziare te stessa');
  if (state.muted.has(muted.identityId)) return [];
  return [{ type: 'ShowIdentityMuted', data: { ...muted, at: now.toISOString() } }];
}

/** A line in the room, from whoever is not muted in it. */
export function decidePostMessage(
  command: Omit<EventDataOf<'ShowMessagePosted'>, 'postedAt'>,
  state: Room,
  now: Date,
): DomainEvent[] {
  if (state.muted.has(command.identityId)) throw new DomainError('forbidden', MUTED_MESSAGE);
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
