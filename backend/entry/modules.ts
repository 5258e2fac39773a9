import type { ModulePorts } from '../platform/module';
import { accountsModule } from '../modules/accounts';
import { adminsModule } from '../modules/admins';
import { aliasesModule } from '../modules/aliases';
import { chatModule } from '../modules/chat';
import { earningsModule } from '../modules/earnings';
import { favouritesModule } from '../modules/favourites';
import { filesModule } from '../modules/files';
import { offersModule } from '../modules/offers';
import { packagesModule } from '../modules/packages';
import { payoutsModule } from '../modules/payouts';
import { performersModule } from '../modules/performers';
import { photosModule } from '../modules/photos';
import { presenceModule } from '../modules/presence';
import { purchasesModule } from '../modules/purchases';
import { sessionsModule } from '../modules/sessions';
import { statisticsModule } from '../modules/statistics';
import { walletModule } from '../modules/wallet';

/** Every module of the product, one line each: the ports, and the few queries of others it declares. */
export function auraModules(ports: ModulePorts) {
  const accounts = accountsModule(ports);
  const admins = adminsModule(ports);
  const packages = packagesModule(ports);
  const offers = offersModule(ports);
  const presence = presenceModule(ports);
  const performers = performersModule(ports, { presence: presence.tracker });
  const aliases = aliasesModule(ports, { users: accounts.queries });
  return {
    accounts,
    admins,
    packages,
    offers,
    presence,
    performers,
    wallet: walletModule(ports, { users: accounts.queries }),
    aliases,
    purchases: purchasesModule(ports, { users: accounts.queries, packages: packages.queries, offers: offers.queries }),
    statistics: statisticsModule(ports),
    earnings: earningsModule(ports),
    photos: photosModule(ports, { performers: performers.queries, users: accounts.queries }),
    favourites: favouritesModule(ports, { performers: performers.queries }),
    files: filesModule(ports, { documents: performers.documents }),
    payouts: payoutsModule(ports, { performers: performers.queries }),
    chat: chatModule(ports, { identities: aliases.queries, users: accounts.queries, performers: performers.queries }),
    sessions: sessionsModule(ports, { performers: performers.queries, identities: aliases.queries }),
  };
}

export type AuraModules = ReturnType<typeof auraModules>;
