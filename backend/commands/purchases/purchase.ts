import { quotePackage, tierFor, type DomainEvent } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/** A purchase of a package by card (stream `purchase-<purchaseId>`). */
export type Purchase =
  | { status: 'none' }
  | {
      status: 'pending' | 'paid' | 'declined';
      purchaseId: string;
      userId: string;
      packageId: string;
      credits: number;
      checkoutId: string;
      priceCents: number;
      auracoinUnits: number;
      provider: string;
      idempotencyKey: string;
    };

export const purchase: Aggregate<Purchase> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'CheckoutStarted':
        return {
          status: 'pending',
          purchaseId: event.data.purchaseId,
          userId: event.data.userId,
          packageId: event.data.packageId,
          credits: event.data.credits,
          checkoutId: event.data.checkoutId,
          priceCents: event.data.priceCents,
          auracoinUnits: event.data.auracoinUnits,
          provider: event.data.provider,
          idempotencyKey: event.data.idempotencyKey,
        };
      case 'PaymentConfirmed':
        return state.status === 'none' ? state : { ...state, status: 'paid' };
      case 'PaymentDeclined':
        return state.status === 'pending' ? { ...state, status: 'declined' } : state;
      default:
        return state;
    }
  },
};

/** Every command of a purchase goes through this handler. */
export const handlePurchase = commandHandler(purchase);

export interface StartCheckout {
  purchaseId: string;
  userId: string;
  idempotencyKey: string;
  pkg: { packageId: string; credits: number; bonus: number; priceCents: number };
  /** auracoin the buyer has spent so far (decides the tier discount) */
  totalSpent: number;
  offer: { offerId: string; bonusPercent: number } | null;
  checkout: { provider: string; checkoutId: string; url: string };
}

/** The quote of a purchase: tier discount on the price, running offer's bonus on the auracoin (rules/packages). */
export function quoteFor(command: Pick<StartCheckout, 'pkg' | 'totalSpent' | 'offer'>) {
  const tier = tierFor(command.totalSpent);
  return { tier, quote: quotePackage(command.pkg, tier.discount, command.offer?.bonusPercent ?? 0) };
}

export function decideStartCheckout(command: StartCheckout, state: Purchase, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict');
  const { tier, quote } = quoteFor(command);
  return [
    {
      type: 'CheckoutStarted',
      data: {
        purchaseId: command.purchaseId,
        userId: command.userId,
        packageId: command.pkg.packageId,
        credits: command.pkg.credits,
        bonus: command.pkg.bonus,
        listPriceCents: command.pkg.priceCents,
        priceCents: quote.priceCents,
        tier: tier.name,
        discountPercent: quote.discountPercent,
        ...(command.offer ? { offerId: command.offer.offerId } : {}),
        offerBonusPercent: quote.offerBonusPercent,
        auracoinUnits: quote.totalUnits,
        provider: command.checkout.provider,
        checkoutId: command.checkout.checkoutId,
        checkoutUrl: command.checkout.url,
        idempotencyKey: command.idempotencyKey,
        startedAt: now.toISOString(),
      },
    },
  ];
}

export interface ConfirmPayment {
  checkoutId: string;
  paymentId: string;
  amountCents: number;
}

export interface PaymentSettlement {
  /** appended to the purchase stream */
  purchaseEvents: DomainEvent[];
  /** appended to the buyer's wallet stream, with fixed event ids */
  walletEvents: DomainEvent[];
}

/**
 * A verified confirmation: the purchase is paid and the wallet credited. A purchase already paid
 * gives nothing to append (the confirmation may come many times).
 */
export function decideConfirmPayment(command: ConfirmPayment, state: Purchase, now: Date): PaymentSettlement {
  if (state.status === 'none') throw new DomainError('not_found');
  if (state.checkoutId !== command.checkoutId) throw new DomainError('validation_failed');
  if (state.status === 'paid') return { purchaseEvents: [], walletEvents: [] };
  if (command.amountCents !== state.priceCents) throw new DomainError('validation_failed');
  const at = now.toISOString();
  return {
    purchaseEvents: [
      {
        type: 'PaymentConfirmed',
        data: {
          purchaseId: state.purchaseId,
          checkoutId: state.checkoutId,
          providerPaymentId: command.paymentId,
          confirmedAt: at,
        },
      },
    ],
    walletEvents: [
      {
        type: 'AuracoinPurchased',
        data: {
          purchaseId: state.purchaseId,
          walletId: state.userId,
          packageId: state.packageId,
          credits: state.credits,
          amount: state.auracoinUnits,
          priceCents: state.priceCents,
          provider: state.provider,
          providerPaymentId: command.paymentId,
          purchasedAt: at,
        },
      },
      {
        type: 'AuracoinCredited',
        data: {
          walletId: state.userId,
          amount: state.auracoinUnits,
          reason: 'purchase',
          purchaseId: state.purchaseId,
          creditedAt: at,
        },
      },
    ],
  };
}

/** A declined or expired checkout: nothing is credited. A late failure after payment changes nothing. */
export function decideDeclinePayment(command: { checkoutId: string }, state: Purchase, now: Date): DomainEvent[] {
  if (state.status === 'none') throw new DomainError('not_found');
  if (state.checkoutId !== command.checkoutId) throw new DomainError('validation_failed');
  if (state.status !== 'pending') return [];
  return [
    {
      type: 'PaymentDeclined',
      data: { purchaseId: state.purchaseId, checkoutId: state.checkoutId, declinedAt: now.toISOString() },
    },
  ];
}

/** Fixed ids of a purchase's settlement events: a repeated confirmation appends nothing. */
export const settlementEventName = (purchaseId: string, index: number) => `purchase-settlement:${purchaseId}:${index}`;
