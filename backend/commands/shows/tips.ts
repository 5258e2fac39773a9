import { showStreams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { decideCountTip, decideExpireGoals, handleRoom } from './room';

/** A tip counts towards the show's goals, exactly once (the route and the tips reaction both may try). */
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
