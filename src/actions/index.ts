/**
 * confirmed-rpc/actions: each call as a standalone function that takes a client first (anything
 * with `{ transport, u64? }`, a `createClient` result too), so a bundler keeps only the calls an
 * app imports.
 *
 * Every export is listed by name; a test snapshots this list so that API changes show in review.
 * @packageDocumentation
 */

export type {
  BalanceChange,
  BookDelta,
  BookRow,
  BooksCheckpoint,
  BooksReconciliation,
  ReconciledAsset,
} from '../books/types'
export { type BooksWalk, type WalletBooksOptions, walletBooks } from '../books/walletBooks'
export type { SignaturesForAddressOptions } from '../history/SignaturesForAddressOptions'
export { type SignatureWalk, signaturesForAddress } from '../history/signaturesForAddress'
export {
  type AddressTransaction,
  type TransactionsForAddressOptions,
  type TransactionWalk,
  transactionsForAddress,
} from '../history/transactionsForAddress'
export { planWalk } from '../plan/planWalk'
export type { BuiltInPrices, PriceTable } from '../plan/priceTables'
export type { PlanWalkOptions } from '../plan/readPlanOptions'
export type {
  HistoryWalkPlan,
  PlanBasis,
  WalkStrategyName,
  WalkStrategyPlan,
} from '../plan/types'
export type {
  WalletCheckpoint,
  WalletEntry,
  WalletHistoryOptions,
  WalletSourceCheckpoint,
} from '../wallet/types'
export { type WalletWalk, walletHistory } from '../wallet/walletHistory'
export type { ActionClient } from './ActionClient'
export {
  type GetConfirmedSignaturesForAddress2Config,
  type GetConfirmedSignaturesForAddress2Result,
  type GetSignaturesForAddressConfig,
  type GetSignaturesForAddressResult,
  getConfirmedSignaturesForAddress2,
  getSignaturesForAddress,
} from './getSignaturesForAddress'
export {
  type GetConfirmedTransactionConfig,
  type GetConfirmedTransactionParams,
  type GetConfirmedTransactionResult,
  type GetTransactionConfig,
  type GetTransactionParams,
  type GetTransactionResult,
  getConfirmedTransaction,
  getTransaction,
} from './getTransaction'
