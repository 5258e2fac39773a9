import type { z } from 'zod';
import { accountsEvents, type UniqueValueKind } from './accounts';
import { adminsEvents } from './admins';
import { aliasesEvents } from './aliases';
import { chatEvents } from './chat';
import { offersEvents } from './offers';
import { purchasesEvents } from './purchases';
import { refundsEvents } from './refunds';
import { packagesEvents } from './packages';
import { payoutsEvents } from './payouts';
import { sepaEvents } from './sepa';
import { adminMfaEvents } from './admin-mfa';
import { performersEvents } from './performers';
import { sessionsEvents } from './sessions';
import { sessionTalkEvents } from './session-talk';
import { spiesEvents } from './spies';
import { showsEvents } from './shows';
import { ticketShowsEvents } from './ticket-shows';
import { systemEvents } from './system';
import { walletEvents } from './wallet';
import { moderationEvents } from './moderation';
import { whipEvents } from './whip';

export * from './accounts';
export * from './admins';
export * from './aliases';
export * from './chat';
export * from './offers';
export * from './purchases';
export * from './refunds';
export * from './packages';
export * from './payouts';
export * from './sepa';
export * from './admin-mfa';
export * from './performers';
export * from './sessions';
export * from './session-talk';
export * from './spies';
export * from './shows';
export * from './ticket-shows';
export * from './system';
export * from './wallet';
export * from './moderation';
export * from './whip';

/**
 * Every domain event: its type name and the zod schema of its data, one file per module.
 * Backend deciders produce them, projections consume them, the auditor replays them.
 */
export const eventSchemas = {
  ...accountsEvents,
  ...walletEvents,
  ...aliasesEvents,
  ...purchasesEvents,
  ...offersEvents,
  ...adminsEvents,
  ...packagesEvents,
  ...performersEvents,
  ...sessionsEvents,
  ...sessionTalkEvents,
  ...spiesEvents,
  ...systemEvents,
  ...payoutsEvents,
  ...sepaEvents,
  ...adminMfaEvents,
  ...chatEvents,
  ...showsEvents,
  ...ticketShowsEvents,
  ...refundsEvents,
  ...moderationEvents,
  ...whipEvents,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventDataOf<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

/** A domain event as deciders emit it: a type and its data. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventDataOf<T> } }[EventType];

export function isKnownEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(eventSchemas, type);
}

/** Stream names: one stream per aggregate instance. */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  wallet: (walletId: string) => `wallet-${walletId}`,
  admin: (adminId: string) => `admin-${adminId}`,
  package: (packageId: string) => `package-${packageId}`,
  alias: (aliasId: string) => `alias-${aliasId}`,
  purchase: (purchaseId: string) => `purchase-${purchaseId}`,
  offer: (offerId: string) => `offer-${offerId}`,
  performer: (performerId: string) => `performer-${performerId}`,
  demoSeed: () => 'system-demo-seed',
  /** claim stream guarding a unique value (usernames and emails are unique ignoring case) */
  uniqueValue: (kind: UniqueValueKind, value: string) => `unique-${kind}-${value.toLowerCase()}`,
} as const;
