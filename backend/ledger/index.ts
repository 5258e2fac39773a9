/**
 * The one room for money (docs/architecture.md#money): wallets, the sale → share rule and the one
 * earnings credit, performers' earnings accounts and the ledger audit. Modules reach money only
 * through this file, and never append to a `wallet-` or `earnings-` stream themselves.
 */
export {
  applyWalletEvent,
  balanceDelta,
  emptyWallet,
  foldWallet,
  kindsMoved,
  spendableFor,
  walletBalance,
  type WalletTotals,
} from './wallet/fold';
export { walletIdOfStream, walletTotals } from './wallet/wallet';
export { spendEventIds, spendFromWallet, type SpendFromWallet } from './wallet/spend';
export { creditWallet } from './wallet/credit';
export { assertPriceSeen } from './prices/price-seen';
export { adjustWallet, decideAdjustBalance } from './wallet/adjust';
export {
  decideSettle,
  dueMinutes,
  paidUntil,
  sessionMoney,
  type BillOutcome,
  type SessionMoney,
  type UnstartedOutcome,
} from './sessions/money';
export { minimumOwed } from './sessions/minimum';
export { sessionWallet } from './sessions/on-wallet';
export { ticketWallet, type TicketTerms, type TicketWallet } from './tickets/money';
export { canPaySpyMinute, spyMoneyOf, spyWallet, type SpyMoney, type SpyTerms } from './spies/on-wallet';

export { earningsCredited, earningsEventId, saleShareCents } from './earnings/credit';
export { photoSale, tipSale, saleOf, SALE_EVENT_TYPES, sessionPartSale } from './earnings/sales';
export { earningsCreditReaction } from './earnings/reaction';
export {
  decideOnEarnings,
  decidePayout,
  decideRetry,
  decideSettlement,
  earningsAccount,
  earningsAccountOf,
  payoutIdFor,
  unpaidCents,
  type AccountPayout,
  type EarningsAccount,
  type Settlement,
  type ShownDestination,
} from './earnings/account';

export { refundSale, saleKey, walletSaleOf } from './refunds/refund';
export { freezeForDispute, unfreezeForDispute } from './refunds/dispute';

export { ledgerWorkers } from './worker';

export { auditBalances } from './audit/balances';
export { embeddedStoreMissing, runLedgerAudit, type AuditReport } from './audit/run-audit';
export { moneyAudits } from './audit/money-audits';
export { auditTicketShows } from './audit/tickets';
export { auditPayouts, auditPayoutReadModels, type ShownPayouts } from './audit/payouts';
export { detailsInForce, payoutDetails, type DetailsChange, type PayoutDetailsState } from './earnings/payout-details';
