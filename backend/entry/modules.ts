import type Router from '@koa/router';
import { isKnownEventType } from '@aura/contracts';
import { accountsRouter } from '../commands/accounts/routes';
import { welcomeCreditReaction } from '../commands/accounts/reactions';
import type { StoredEvent } from '../platform/eventstore/port';
import type { SessionManager } from '../platform/http/session';
import type { ProjectionDefinition } from '../platform/projections/runner';
import { waitForProjection } from '../platform/projections/wait';
import type { Realtime } from '../platform/realtime/realtime';
import { notFound } from '../platform/http/errors';
import { USERS, usersProjection } from '../projections/users/projection';
import { createUserQueries, toUserView } from '../projections/users/queries';
import { usersQueryRouter } from '../projections/users/routes';
import { WELCOME_CREDIT_JOB, welcomeCreditJobOptions, type WelcomeCreditJob } from '../workers/welcome-credit';
import type { Infrastructure } from './infrastructure';

/** The composition root of the domain: every projection, reaction and router. */
export function projections(infra: Infrastructure): ProjectionDefinition[] {
  return [
    usersProjection,
    welcomeCreditReaction((userId, causationId) =>
      infra.jobs.enqueue<WelcomeCreditJob>(WELCOME_CREDIT_JOB, { userId, causationId }, welcomeCreditJobOptions(userId)),
    ),
  ];
}

export function routers(infra: Infrastructure, sessions: SessionManager, now: () => Date): Router[] {
  const users = createUserQueries(infra.readModels);
  return [
    accountsRouter({
      eventStore: infra.eventStore,
      sessions,
      kv: infra.kv,
      now,
      findLogin: async (identifier) => {
        const doc = await users.byLogin(identifier);
        return doc ? { id: doc._id, passwordHash: doc.passwordHash } : null;
      },
      userViewAfter: async (userId, position) => {
        if (position !== undefined) await waitForProjection(infra.readModels, USERS, position);
        const doc = await users.byId(userId);
        if (!doc) throw notFound('Utente non trovato');
        return toUserView(doc);
      },
    }),
    usersQueryRouter({ sessions, users }),
  ];
}

/** After read models apply a batch, push what changed to the clients concerned. */
export function realtimePushes(infra: Infrastructure, realtime: Realtime) {
  const users = createUserQueries(infra.readModels);
  return async (events: StoredEvent[]) => {
    const wallets = new Set<string>();
    for (const event of events) {
      if (!isKnownEventType(event.type)) continue;
      if (event.type === 'AuracoinCredited') wallets.add((event.data as { walletId: string }).walletId);
    }
    for (const userId of wallets) {
      const doc = await users.byId(userId);
      if (doc) realtime.toUser(userId, 'balance:changed', { userId, auracoinBalance: toUserView(doc).auracoinBalance });
    }
  };
}
