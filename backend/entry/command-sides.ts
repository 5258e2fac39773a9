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
import { moderationCommands, moderationStatements, type Subject } from '../commands/moderation';
import type { ReadSides } from './read-sides';

/** Every module's write side, one line each: the ports, and the few queries of read sides it declares. */
export function commandSides(ports: ModulePorts, reads: ReadSides) {
  const { accounts: users, performers, aliases } = reads;
  // issue 39 item 4: every admin moderation act issues its statement of reasons by the same path
  const emailOf = async ({ subjectKind, subjectId }: Subject) =>
    subjectKind === 'performer'
      ? performers.queries.emailOf(subjectId)
      : ((await users.queries.recordById(subjectId))?.email ?? null);
  const issueStatement = moderationStatements(ports, emailOf);
  const performersSide = performersCommands(ports, { performers: performers.queries, issueStatement });
  const photosSide = photosCommands(ports, {
    issueStatement,
    performers: { ...performers.queries, demoPortraits: performersSide.demoPortraits },
    users: users.queries,
    photos: reads.photos.queries,
    photoHidden: (photoId) => reads.moderation.queries.isHidden('photo', photoId),
    onCamera: performersSide.onCamera,
  });
  const showsSide = showsCommands(ports, {
    onCamera: performersSide.onCamera,
    issueStatement,
    performers: performers.queries,
    identities: aliases.queries,
    users: users.queries,
    shows: reads.shows.queries,
  });
  return {
    presence: presenceCommands(ports),
    accounts: accountsCommands(ports, {
      users: users.queries,
      wallet: reads.wallet.queries,
      chat: reads.chat.queries,
      aliases: aliases.queries,
      shows: reads.shows.queries,
      sessions: reads.sessions.queries,
      purchases: reads.purchases.queries,
    }),
    admins: adminsCommands(ports, { admins: reads.admins.queries }),
    packages: packagesCommands(ports, { packages: reads.packages.queries, offers: reads.offers.queries }),
    offers: offersCommands(ports, { offers: reads.offers.queries, packages: reads.packages.queries }),
    performers: performersSide,
    wallet: walletCommands(ports, { users: users.queries }),
    aliases: aliasesCommands(ports, { users: users.queries, aliases: aliases.queries }),
    purchases: purchasesCommands(ports, {
      users: users.queries,
      packages: reads.packages.queries,
      offers: reads.offers.queries,
      purchases: reads.purchases.queries,
    }),
    photos: photosSide,
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
    shows: showsSide,
    refunds: refundsCommands(ports, { refunds: reads.refunds.queries }),
    // issue 39 items 3-5
    moderation: moderationCommands(ports, {
      subjects: {
        performer: async (id) =>
          (await performers.queries.exists(id)) ? { subjectKind: 'performer', subjectId: id } : null,
        photo: async (id) => {
          const performerId = await reads.photos.queries.ownerOf(id);
          return performerId ? { subjectKind: 'performer', subjectId: performerId } : null;
        },
        show: reads.shows.queries.showSubject,
        show_message: reads.shows.queries.messageSubject,
        message: reads.chat.queries.messageSubject,
      },
      emailOf,
      issueStatement,
      apply: { removePhoto: photosSide.moderation.removePhoto, endShow: showsSide.moderation.endShow },
      photoInReview: photosSide.moderation.inReview,
      reviewPhoto: photosSide.moderation.reviewPhoto,
      portraitOwner: performers.queries.portraitOwner,
      reviewPortrait: performersSide.portraits.review,
      isSanctioned: reads.moderation.queries.isSanctioned,
      reportsSettled: reads.moderation.queries.reportsSettled,
      noticesSettled: reads.moderation.queries.noticesSettled,
    }),
    ageVerification: ageVerificationCommands(ports),
  };
}

export type CommandSides = ReturnType<typeof commandSides>;
