import type { DomainEvent, ErrorCode } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { Aggregate } from '../../kernel/handle-command';

/**
 * Given events / when command / then events or error, for pure deciders:
 *   spec.given([...]).when((state) => decide(command, state, now)).then([...])
 */
export function deciderSpec<State>(aggregate: Aggregate<State>) {
  return {
    given(events: DomainEvent[]) {
      const state = events.reduce(aggregate.evolve, aggregate.initialState());
      return {
        when(decide: (state: State) => DomainEvent[]) {
          return {
            then(expected: DomainEvent[]) {
              expect(decide(state)).toEqual(expected);
            },
            thenThrows(code: ErrorCode, message?: string) {
              let thrown: unknown;
              try {
                decide(state);
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(DomainError);
              expect((thrown as DomainError).code).toBe(code);
              if (message) expect((thrown as DomainError).message).toBe(message);
            },
          };
        },
      };
    },
  };
}
