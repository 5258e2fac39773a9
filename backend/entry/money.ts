/**
 * Composition of the money side (wallet, aliases, purchases, offers, admin user routes): its
 * projections, routers and realtime pushes, plugged into modules.ts with one line each so the
 * shared root stays small.
 */
import type Router from '@koa/router';
import type { StoredEvent } from '../platform/eventstore/port';
import { userAdminRouter } from '../commands/accounts/admin-routes';
import { releaseDeletedUserClaims } from '../commands/accounts/reactions';
import { aliasesRouter } from '../commands/aliases/routes';
import { walletRouter } from '../commands/wallet/routes';
import { offersRouter } from '../commands/offers/routes';
import { purchasesRouter } from '../commands/purchases/routes';
import { notFound } from '../platform/http/errors';
import type { SessionManager } from '../platform/http/session';
import { paymentProviderFromEnv } from '../platform/payments/config';
import type { PaymentProvider } from '../platform/payments/port';
import type { ProjectionDefinition } from '../platform/projections/runner';
import { waitForProjection } from '../platform/projections/wait';
import type { Realtime } from '../platform/realtime/realtime';
import { ALIASES, aliasesProjection, toAliasView } from '../projections/aliases/projection';
import { createAliasQueries } from '../projections/aliases/queries';
import { aliasesQueryRouter } from '../projections/aliases/routes';
import { OFFERS, offersProjection, toOfferView } from '../projections/offers/projection';
import { createOfferQueries } from '../projections/offers/queries';
import { offersQueryRouter } from '../projections/offers/routes';
import { createPackageQueries } from '../projections/packages/queries';
import { USERS } from '../projections/users/projection';
import { createUserQueries, toUserView } from '../projections/users/queries';
import { PURCHASES, purchasesProjection, toPurchaseView, type PurchaseDoc } from '../projections/wallet-ledger/purchases';
import { walletLedgerProjection } from '../projections/wallet-ledger/entries';
import { purchasesQueryRouter } from '../projections/wallet-ledger/routes';
import type { Infrastructure } from './infrastructure';

export function moneyProjections(infra: Infrastructure): ProjectionDefinition[] {
  return [aliasesProjection, offersProjection, purchasesProjection, walletLedgerProjection, releaseDeletedUserClaims(infra.eventStore, () => new Date())];
}

export interface MoneyOptions {
  /** the payment adapter (default: from the environment, the sandbox unless PAYMENT_PROVIDER=stripe) */
  payments?: { provider: PaymentProvider; sandboxWebhookSecret?: string };
}

export function moneyRouters(infra: Infrastructure, sessions: SessionManager, now: () => Date, options: MoneyOptions = {}): Router[] {
  const aliases = createAliasQueries(infra.readModels);
  const offers = createOfferQueries(infra.readModels);
  const packages = createPackageQueries(infra.readModels);
  const users = createUserQueries(infra.readModels);
  const payments = options.payments ?? paymentProviderFromEnv();
  const purchases = infra.readModels.collection<PurchaseDoc>(PURCHASES);
  const settledOn = (name: string) => async (position: number | undefined) => {
    if (position !== undefined) await waitForProjection(infra.readModels, name, position);
  };
  return [
    walletRouter({
      eventStore: infra.eventStore,
      sessions,
      now,
      userExists: async (userId) => (await users.byId(userId)) !== null,
      userViewAfter: async (userId, position) => {
        await settledOn(USERS)(position);
        const doc = await users.byId(userId);
        if (!doc) throw notFound('Utente non trovato');
        return toUserView(doc);
      },
    }),
    userAdminRouter({ eventStore: infra.eventStore, sessions, now, settled: settledOn(USERS) }),
    aliasesQueryRouter({ sessions, aliases }),
    aliasesRouter({
      eventStore: infra.eventStore,
      sessions,
      now,
      aliasOwner: async (aliasId) => {
        const doc = await aliases.byId(aliasId);
        return doc && !doc.deleted && doc.aliasName ? doc.userId : null;
      },
      aliasViewAfter: async (aliasId, position) => {
        await waitForProjection(infra.readModels, ALIASES, position);
        const doc = await aliases.byId(aliasId);
        if (!doc) throw notFound('Alias non trovato');
        return toAliasView(doc);
      },
      settled: settledOn(ALIASES),
      userActive: async (userId) => (await users.byId(userId)) !== null,
    }),
    offersQueryRouter({ sessions, offers, now }),
    offersRouter({
      eventStore: infra.eventStore,
      sessions,
      now,
      offerViewAfter: async (offerId, position) => {
        await settledOn(OFFERS)(position);
        const doc = await offers.byId(offerId);
        if (!doc) throw notFound('Offerta non trovata');
        return toOfferView(doc);
      },
    }),
    purchasesQueryRouter({ sessions, readModels: infra.readModels }),
    purchasesRouter({
      eventStore: infra.eventStore,
      sessions,
      now,
      provider: payments.provider,
      sandboxWebhookSecret: payments.sandboxWebhookSecret,
      packageById: (packageId) => packages.byId(packageId),
      currentOffer: async (at) => {
        const doc = await offers.current(at);
        return doc ? { offerId: doc._id, bonusPercent: doc.bonusPercent } : null;
      },
      userActive: async (userId) => (await users.byId(userId)) !== null,
      purchaseViewAfter: async (purchaseId, position) => {
        await settledOn(PURCHASES)(position);
        const doc = await purchases.findOne({ _id: purchaseId });
        if (!doc) throw notFound('Acquisto non trovato');
        return toPurchaseView(doc);
      },
    }),
  ];
}

/** Realtime for the money side: a purchase's status changed → its buyer refetches it; an offer changed → everyone. */
export function moneyPushes(infra: Infrastructure, realtime: Realtime) {
  const purchases = infra.readModels.collection<PurchaseDoc>(PURCHASES);
  return async (events: StoredEvent[]) => {
    let offersChanged = false;
    for (const event of events) {
      if (event.type === 'OfferCreated' || event.type === 'OfferEnded') offersChanged = true;
      if (event.type === 'PaymentConfirmed' || event.type === 'PaymentDeclined') {
        const purchaseId = (event.data as { purchaseId: string }).purchaseId;
        const doc = await purchases.findOne({ _id: purchaseId });
        if (doc) realtime.toUser(doc.userId, 'readmodel:changed', { model: 'purchases', id: purchaseId });
      }
    }
    if (offersChanged) realtime.toEveryone('readmodel:changed', { model: 'offers' });
  };
}
