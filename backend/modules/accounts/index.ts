import { notFound } from '../../platform/http/errors';
import type { AuraModule, ModulePorts } from '../../platform/module';
import { settledOn } from '../../platform/projections/wait';
import { WELCOME_CREDIT_JOB, welcomeCreditJob, welcomeCreditJobOptions, type WelcomeCreditJob } from './jobs';
import { USERS, usersProjection, type UserDoc } from './projection';
import { createUserQueries, toUserView } from './queries';
import { usersQueryRouter } from './query-routes';
import { releaseDeletedUserClaims, welcomeCreditReaction } from './reactions';
import { replayUsers } from './replay';
import { accountsRouter } from './routes';

/** Users: registration, sign-in, the users read model (balances included), deletion by an admin. */
export function accountsModule(ports: ModulePorts) {
  const users = createUserQueries(ports.readModels);
  const settled = settledOn(ports.readModels, USERS);
  /** the welcome credit is in the log already (the users read model saw it) */
  const isCredited = async (userId: string) => (await ports.readModels.collection<UserDoc>(USERS).findOne({ _id: userId }))?.welcomeCredited === true;
  const queries = {
    /** registered and not deleted */
    exists: async (userId: string) => (await users.byId(userId)) !== null,
    /** the username of a registered, not deleted user, else null */
    usernameOf: async (userId: string) => (await users.byId(userId))?.username ?? null,
    /** the user's view once the users read model has applied `position` */
    async viewAfter(userId: string, position: number | undefined) {
      await settled(position);
      const doc = await users.byId(userId);
      if (!doc) throw notFound('Utente non trovato');
      return toUserView(doc);
    },
    /** auracoin balance, or null for an unknown or deleted user */
    async balanceOf(userId: string) {
      const doc = await users.byId(userId);
      return doc ? toUserView(doc).auracoinBalance : null;
    },
    /** auracoin balance (0 for an unknown user) once the users read model has applied `position` */
    async balanceAfter(userId: string, position: number | undefined) {
      await settled(position);
      return (await queries.balanceOf(userId)) ?? 0;
    },
  };
  return {
    name: 'accounts',
    projections: [
      usersProjection,
      // users come before the reaction in a batch: a credit in the same batch needs no job
      welcomeCreditReaction(async (userId, causationId) => {
        if (!(await isCredited(userId))) await ports.jobs.enqueue<WelcomeCreditJob>(WELCOME_CREDIT_JOB, { userId, causationId }, welcomeCreditJobOptions(userId));
      }),
      releaseDeletedUserClaims(ports.eventStore, ports.now),
    ],
    routers: [
      accountsRouter({
        ...ports,
        findLogin: async (identifier) => {
          const doc = await users.byLogin(identifier);
          return doc ? { id: doc._id, passwordHash: doc.passwordHash } : null;
        },
        userViewAfter: queries.viewAfter,
        settled,
      }),
      usersQueryRouter({ sessions: ports.sessions, users }),
    ],
    jobs: [welcomeCreditJob({ ...ports, isCredited })],
    queries,
    /** what `npm run ledger:audit` compares balances with: the users read model replayed from the log, and the stored one */
    auditSources: { replay: replayUsers, stored: () => ports.readModels.collection<UserDoc>(USERS).find({}) },
  } satisfies AuraModule & Record<string, unknown>;
}
