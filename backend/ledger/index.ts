/**
 * The one room for money (docs/architecture.md#money): wallets, the sale → share rule and the one
 * earnings credit, performers' earnings accounts and the ledger audit. Modules reach money only
 * through this file, and never append to a `wallet-` or `earnings-` stream themselves.
 */
export {
  adjustmentSplit,
  applyWalletEvent,
  availableBalance,
  availablePurchased,
  balanceDelta,
  emptyWallet,
  foldWallet,
  holdSplit,
  isFrozen,
  kindsMoved,
  recordedSplit,
  spendableFor,
  spendSplit,
  walletBalance,
  type PurchasedLot,
  type UnitSplit,
  type WalletHold,
  type WalletTotals,
} from './wallet/fold';
export {
  decideHold,
  decideRelease,
  decideSpend,
  INSUFFICIENT_BALANCE_MESSAGE,
  WALLET_FROZEN_MESSAGE,
  walletTotals,
  type Hold,
  type PaidWith,
  type Spend,
} from './wallet/wallet';
export { spendEventIds, spendFromWallet, type SpendFromWallet, type SpendResult } from './wallet/spend';
export { creditWallet, type WalletCredit } from './wallet/credit';
export { assertPriceSeen } from './prices/price-seen';
export { adjustWallet, decideAdjustBalance, type AdjustBalance } from './wallet/adjust';
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

export { earningsCredited, earningsEventId, saleShareCents, type EarningsSource, type Sale } from './earnings/credit';
export { photoSale, tipSale, saleOf, SALE_EVENT_TYPES, sessionPartSale, type DatedSale } from './earnings/sales';
export { earningsCreditReaction } from './earnings/reaction';
export {
  decideOnEarnings,
  decidePayout,
  decideRetry,
  decideSettlement,
  debtCents,
  earningsAccount,
  earningsAccountOf,
  emptyAccount,
  payoutIdFor,
  evolveAccount,
  RETRY_MESSAGES,
  unpaidCents,
  type AccountPayout,
  type CarryOver,
  type Credit,
  type DecidePayout,
  type EarningsAccount,
  type Settlement,
  type ShownDestination,
} from './earnings/account';

export {
  decideRefund,
  REFUND_MESSAGES,
  refundableWallet,
  refundSale,
  saleKey,
  walletSaleOf,
  type Refund,
  type RefundableWallet,
  type WalletSale,
} from './refunds/refund';
export { clawbackEventId, clawbackOf, clawbackReaction } from './refunds/clawback';
export {
  decideFreeze,
  decideUnfreeze,
  disputeEarnings,
  disputeEarningsReaction,
  freezeForDispute,
  heldShares,
  traceOf,
  unfreezeForDispute,
} from './refunds/dispute';

export { ledgerWorkers } from './worker';

export { auditBalances } from './audit/balances';
export { embeddedStoreMissing, readWholeLog, runLedgerAudit, type AuditReport } from './audit/run-audit';
export { auditLedger, type LedgerAudit } from './audit/audit';
export { formatAuditUnits } from './audit/format';
export { moneyAudits } from './audit/money-audits';
export { auditPayouts, auditPayoutReadModels, type ShownPayouts } from './audit/payouts';
export { detailsInForce, payoutDetails, type DetailsChange, type PayoutDetailsState } from './earnings/payout-details';
