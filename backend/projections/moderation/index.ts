import type { ReviewItemView } from '@aura/contracts';
import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import {
  hiddenProjection,
  MODERATION_NOTICES,
  MODERATION_REPORTS,
  noticesProjection,
  reportsProjection,
} from './projection';
import { createModerationQueries } from './queries';
import { moderationQueryRouter } from './query-routes';

export interface ModerationReadDeps {
  /** content waiting for review, oldest first (the photos module's) */
  inReview: () => Promise<ReviewItemView[]>;
}

/** Reports, statements of reasons and what is hidden, as read. */
export function moderationReadSide(ports: ModulePorts, deps: ModerationReadDeps) {
  const moderation = createModerationQueries(ports.readModels);
  return {
    name: 'moderation',
    projections: [reportsProjection, noticesProjection, hiddenProjection],
    routers: [
      moderationQueryRouter({ sessions: ports.sessions, moderation, now: ports.clock.now, inReview: deps.inReview }),
    ],
    queries: {
      hiddenIds: moderation.hiddenIds,
      isHidden: moderation.isHidden,
      isSanctioned: moderation.isSanctioned,
      /** read-your-writes of a report's decision: the open and decided lists read after it show it */
      reportsSettled: settledOn(ports.readModels, MODERATION_REPORTS),
      /** read-your-writes of an appeal filed or decided: his notices and the appeals lists read after it show it */
      noticesSettled: settledOn(ports.readModels, MODERATION_NOTICES),
    },
  } satisfies ReadSide & Record<string, unknown>;
}
