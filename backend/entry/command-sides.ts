import type { ModulePorts } from '../kernel/module';
import { accountsCommands } from '../commands/accounts';
import { ageVerificationCommands } from '../commands/age-verification';
import { adminsCommands } from '../commands/admins';
import { aliasesCommands } from '../commands/aliases';
import { chatCommands } from '../commands/chat';
import { favouritesCommands } from '../commands/favourites';
import { filesCommands } from '../commands/files';
import { offersCommands } from '../commands/offers';
import { packagesCommands } from '../commands/packages';
import { payoutsCommands } from '../commands/payouts';
import { performersCommands } from '../commands/performers';
import { photosCommands } from '../commands/photos';
import { presenceCommands } from '../commands/presence';
import { purchasesCommands } from '../commands/purchases';
import { refundsCommands } from '../commands/refunds';
import { sessionsCommands } from '../commands/sessions';
import { showsCommands } from '../commands/shows';
import { walletCommands } from '../commands/wallet';
import type { ReadSides } from './read-sides';

/** Every module's write side, one line each: the ports, and the few queries of read sides it declares. */
export function commandSides(ports: ModulePorts, reads: ReadSides) {
  const { accounts: users, performers, aliases } = reads;
  const performersSide = performersCommands(ports, { performers: performers.queries });
  return {
    presence: presenceCommands(ports),
    accounts: accountsCommands(ports, { users: users.queries, wallet: reads.wallet.queries, chat: reads.chat.queries }),
    admins: adminsCommands(ports, { admins: reads.admins.queries }),
    packages: packagesCommands(ports, { packages: reads.packages.queries }),
    offers: offersCommands(ports, { offers: reads.offers.queries }),
    performers: performersSide,
    wallet: walletCommands(ports, { users: users.queries }),
    aliases: aliasesCommands(ports, { users: users.queries, aliases: aliases.queries }),
    purchases: purchasesCommands(ports, {
      users: users.queries,
      packages: reads.packages.queries,
      offers: reads.offers.queries,
      purchases: reads.purchases.queries,
    }),
    photos: photosCommands(ports, {
      performers: { ...performers.queries, demoPortraits: performersSide.demoPortraits },
      users: users.queries,
      photos: reads.photos.queries,
    }),
    favourites: favouritesCommands(ports, { performers: performers.queries, favourites: reads.favourites.queries }),
    files: filesCommands(ports, { documents: performersSide.documents }),
    payouts: payoutsCommands(ports, {
      performers: { ...performers.queries, demoPortraits: performersSide.demoPortraits },
      payouts: reads.payouts.queries,
    }),
    chat: chatCommands(ports, {
      identities: aliases.queries,
      users: users.queries,
      performers: performers.queries,
      chat: reads.chat.queries,
    }),
    sessions: sessionsCommands(ports, {
      performers: performers.queries,
      identities: aliases.queries,
      sessions: reads.sessions.queries,
    }),
    shows: showsCommands(ports, {
      performers: performers.queries,
      identities: aliases.queries,
      users: users.queries,
      shows: reads.shows.queries,
    }),
    refunds: refundsCommands(ports, { refunds: reads.refunds.queries }),
    ageVerification: ageVerificationCommands(ports),
  };
}

export type CommandSides = ReturnType<typeof commandSides>;
