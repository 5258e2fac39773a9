import type { ModulePorts } from '../kernel/module';
import { accountsReadSide } from '../projections/accounts';
import { adminsReadSide } from '../projections/admins';
import { aliasesReadSide } from '../projections/aliases';
import { chatReadSide } from '../projections/chat';
import { earningsReadSide } from '../projections/earnings';
import { favouritesReadSide } from '../projections/favourites';
import { offersReadSide } from '../projections/offers';
import { packagesReadSide } from '../projections/packages';
import { payoutsReadSide } from '../projections/payouts';
import { performersReadSide } from '../projections/performers';
import { photosReadSide } from '../projections/photos';
import { purchasesReadSide } from '../projections/purchases';
import { refundsReadSide } from '../projections/refunds';
import { sessionsReadSide } from '../projections/sessions';
import { showsReadSide } from '../projections/shows';
import { statisticsReadSide } from '../projections/statistics';
import { walletReadSide } from '../projections/wallet';
import { moderationReadSide } from '../projections/moderation';

/** Every module's read side, one line each: read models and pushes (projector), queries and query routes (api). */
export function readSides(ports: ModulePorts) {
  const accounts = accountsReadSide(ports);
  // issue 39 items 3-5: what reports and decisions hide, honoured by the read sides that show content
  const moderation = moderationReadSide(ports, {
    inReview: async () =>
      [...(await photos.queries.inReview()), ...(await performers.queries.portraitsInReview())].sort((a, b) =>
        a.submittedAt.localeCompare(b.submittedAt),
      ),
  });
  const hidden = moderation.queries;
  const performers = performersReadSide(ports, {
    isHidden: (id) => hidden.isHidden('performer', id),
    hiddenIds: () => hidden.hiddenIds('performer'),
  });
  const photos = photosReadSide(ports, {
    performers: performers.queries,
    hiddenPhotos: () => hidden.hiddenIds('photo'),
  });
  const sessions = sessionsReadSide(ports, { performers: performers.queries });
  return {
    accounts,
    admins: adminsReadSide(ports),
    packages: packagesReadSide(ports),
    offers: offersReadSide(ports),
    performers,
    wallet: walletReadSide(ports, { users: accounts.queries, performers: performers.queries }),
    aliases: aliasesReadSide(ports, { users: accounts.queries }),
    purchases: purchasesReadSide(ports),
    statistics: statisticsReadSide(ports),
    earnings: earningsReadSide(ports),
    photos,
    favourites: favouritesReadSide(ports, { performers: performers.queries }),
    payouts: payoutsReadSide(ports, { performers: performers.queries }),
    chat: chatReadSide(ports, { performers: performers.queries, hiddenIds: () => hidden.hiddenIds('message') }),
    sessions,
    shows: showsReadSide(ports, {
      performers: performers.queries,
      hiddenIds: hidden.hiddenIds,
      isHidden: hidden.isHidden,
      privateSessionsRunning: sessions.queries.runningCount,
    }),
    refunds: refundsReadSide(ports, {
      usersMatching: accounts.queries.idsMatching,
      usernamesOf: accounts.queries.usernamesOf,
      performersMatching: performers.queries.idsMatching,
      performerNamesOf: performers.queries.namesOf,
    }),
    moderation,
  };
}

export type ReadSides = ReturnType<typeof readSides>;
