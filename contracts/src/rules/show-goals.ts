import type { DomainEvent } from '../events/index';

/**
 * How a show's goals move with its room's events, the one fold of them: the write side's room
 * (backend/commands/shows/room.ts) decides on it and the read model shows it (a pure function of the
 * events, so both tiers' one spelling lives with the events, as the other rules do).
 */

/** A goal of a show, in minor units: the first neither reached nor expired runs, the others wait. */
export interface ShowGoal {
  goalId: string;
  description: string;
  targetUnits: number;
  deadline: string | null;
  progressUnits: number;
  status: 'running' | 'queued' | 'reached' | 'expired';
}

export const runningShowGoalOf = (goals: readonly ShowGoal[]): ShowGoal | undefined =>
  goals.find((goal) => goal.status === 'running');

/** When none runs, the first queued goal starts, with what the one before carried over. */
function startNext(goals: ShowGoal[], carriedUnits: number): ShowGoal[] {
  const next = goals.findIndex((goal) => goal.status === 'queued');
  if (next < 0 || goals.some((goal) => goal.status === 'running')) return goals;
  return goals.map((goal, index) =>
    index === next ? { ...goal, status: 'running', progressUnits: goal.progressUnits + carriedUnits } : goal,
  );
}

/** The goals of a show after an event (the write side's room and the read model fold the same way). */
export function evolveShowGoals(goals: ShowGoal[], event: DomainEvent): ShowGoal[] {
  switch (event.type) {
    case 'ShowGoalSet': {
      const goal: ShowGoal = {
        goalId: event.data.goalId,
        description: event.data.description,
        targetUnits: event.data.targetUnits,
        deadline: event.data.deadline,
        progressUnits: 0,
        status: 'queued',
      };
      return startNext([...goals, goal], 0);
    }
    case 'ShowTipCounted':
      return goals.map((goal) =>
        goal.status === 'running' ? { ...goal, progressUnits: goal.progressUnits + event.data.amountUnits } : goal,
      );
    case 'ShowGoalReached':
    case 'ShowGoalExpired': {
      const reached = event.type === 'ShowGoalReached';
      const ended = goals.map((goal): ShowGoal =>
        goal.goalId === event.data.goalId
          ? {
              ...goal,
              status: reached ? 'reached' : 'expired',
              progressUnits: reached ? goal.targetUnits : goal.progressUnits,
            }
          : goal,
      );
      return startNext(ended, reached ? event.data.surplusUnits : 0);
    }
    default:
      return goals;
  }
}
