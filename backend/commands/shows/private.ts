import { showStreams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { decidePauseShow, decideResumeShow, handleStage } from './stage';

/** She went into a private session: her live show waits ('In privato'). */
export function pauseForPrivate(eventStore: EventStore, performerId: string, sessionId: string, now: () => Date) {
  return handleStage(eventStore, showStreams.stage(performerId), (state) =>
    decidePauseShow({ performerId, sessionId }, state, now()),
  );
}

/** Her private session ended: the paused show goes on. */
export function resumeAfterPrivate(eventStore: EventStore, performerId: string, now: () => Date) {
  return handleStage(eventStore, showStreams.stage(performerId), (state) =>
    decideResumeShow({ performerId }, state, now()),
  );
}
