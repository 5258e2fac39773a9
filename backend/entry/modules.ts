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
import { PACKAGES, packagesProjection } from '../projections/packages/projection';
import { createPackageQueries } from '../projections/packages/queries';
import { packagesQueryRouter } from '../projections/packages/routes';
import { packagesRouter } from '../commands/packages/routes';
import { activeAdminSessions } from '../commands/admins/active-session';
import { adminsRouter } from '../commands/admins/routes';
import { ADMINS, adminsProjection } from '../projections/admins/projection';
import { createAdminQueries, toAdminView } from '../projections/admins/queries';
import { adminsQueryRouter } from '../projections/admins/routes';
import { statisticsEventTypes, statisticsProjection } from '../projections/statistics/projection';
import { createStatisticsQueries } from '../projections/statistics/queries';
import { statisticsQueryRouter } from '../projections/statistics/routes';
import { WELCOME_CREDIT_JOB, welcomeCreditJobOptions, type WelcomeCreditJob } from '../workers/welcome-credit';
import type { Infrastructure } from './infrastructure';
import { moneyProjections, moneyPushes, moneyRouters } from './money';
import { attachPerformerPresence, performerProjections, performerPushes, performerRouters } from './performers';

/** The composition root of the domain: every projection, reaction and router. */
export function projections(infra: Infrastructure): ProjectionDefinition[] {
  return [
    usersProjection,
    packagesProjection,
    adminsProjection,
    statisticsProjection,
    ...moneyProjections(infra),
    ...performerProjections(infra),
    welcomeCreditReaction((userId, causationId) =>
      infra.jobs.enqueue<WelcomeCreditJob>(WELCOME_CREDIT_JOB, { userId, causationId }, welcomeCreditJobOptions(userId)),
    ),
  ];
}

/** Sessions as every route and socket sees them: an admin session counts only while that admin is active. */
export function activeSessions(infra: Infrastructure, signedSessions: SessionManager): SessionManager {
  return activeAdminSessions(signedSessions, createAdminQueries(infra.readModels).isActive);
}

export function routers(infra: Infrastructure, sessions: SessionManager, now: () => Date): Router[] {
  const admins = createAdminQueries(infra.readModels);
  const users = createUserQueries(infra.readModels);
  return [
    ...performerRouters(infra, sessions, now),
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
    packagesQueryRouter({ sessions, packages: createPackageQueries(infra.readModels) }),
    packagesRouter({
      eventStore: infra.eventStore,
      sessions,
      now,
      packageViewAfter: async (packageId, position) => {
        if (position !== undefined) await waitForProjection(infra.readModels, PACKAGES, position);
        const view = await createPackageQueries(infra.readModels).byId(packageId);
        if (!view) throw notFound('Pacchetto non trovato');
        return view;
      },
      settled: async (position) => {
        if (position !== undefined) await waitForProjection(infra.readModels, PACKAGES, position);
      },
    }),
    adminsRouter({
      eventStore: infra.eventStore,
      sessions,
      kv: infra.kv,
      now,
      findAdminLogin: async (username) => {
        const doc = await admins.byUsername(username);
        return doc ? { id: doc._id, passwordHash: doc.passwordHash, isActive: doc.isActive } : null;
      },
      actorOf: async (adminId) => {
        const doc = await admins.byId(adminId);
        return doc?.isActive ? { id: doc._id, role: doc.role } : null;
      },
      adminViewAfter: async (adminId, position) => {
        if (position !== undefined) await waitForProjection(infra.readModels, ADMINS, position);
        const doc = await admins.byId(adminId);
        if (!doc) throw notFound('Admin non trovato');
        return toAdminView(doc);
      },
      settled: async (position) => {
        if (position !== undefined) await waitForProjection(infra.readModels, ADMINS, position);
      },
    }),
    adminsQueryRouter({ sessions, admins }),
    statisticsQueryRouter({ sessions, statistics: createStatisticsQueries(infra.readModels, now) }),
    ...moneyRouters(infra, sessions, now),
  ];
}

/** Socket connections of the api feed presence (performers' connections, viewers, online users). */
export function attachRealtime(infra: Infrastructure, realtime: Realtime) {
  attachPerformerPresence(infra, realtime);
}

/** After read models apply a batch, push what changed to the clients concerned. */
export function realtimePushes(infra: Infrastructure, realtime: Realtime) {
  const users = createUserQueries(infra.readModels);
  const performerPush = performerPushes(infra, realtime);
  const moneyPush = moneyPushes(infra, realtime);
  const statisticsTypes = new Set<string>(statisticsEventTypes);
  return async (events: StoredEvent[]) => {
    await performerPush(events);
    await moneyPush(events);
    // the statistics tab refetches whenever its read model has moved
    if (events.some((event) => statisticsTypes.has(event.type))) realtime.toAdmins('readmodel:changed', { model: 'statistics' });
    const wallets = new Set<string>();
    for (const event of events) {
      if (!isKnownEventType(event.type)) continue;
      if (event.type === 'AuracoinCredited' || event.type === 'AuracoinDebited' || event.type === 'AuracoinAdjusted') {
        wallets.add((event.data as { walletId: string }).walletId);
      }
    }
    for (const userId of wallets) {
      const doc = await users.byId(userId);
      if (doc) realtime.toUser(userId, 'balance:changed', { userId, auracoinBalance: toUserView(doc).auracoinBalance });
    }
  };
}
