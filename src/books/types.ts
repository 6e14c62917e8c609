import type { WalletCheckpoint } from '../wallet/types'

/**
 * One account's change of one asset in one transaction record.
 *
 * @example
 * ```ts
 * import { type BalanceChange, balanceChanges, createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const tx = await client.getTransaction(
 *   '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
 * )
 * const mine: BalanceChange[] = (tx === null ? [] : balanceChanges(tx)).filter(
 *   (change) => change.owner === 'Vote111111111111111111111111111111111111111',
 * )
 * ```
 */
export type BalanceChange = Readonly<{
  /** The account, base58: a wallet, a token account, any key of the transaction. */
  account: string
  /** `'SOL'` for the account's lamports, else the token mint (base58). */
  asset: 'SOL' | (string & {})
  /**
   * Whose holdings the change belongs to. For a token balance, the token account's owner as the
   * record names it (`null` where the node did not send `owner`: data stored before 1.7.16 /
   * 1.8.1). For lamports, the owner of the token account when the account is one in the record
   * (its token balances), else the account itself. An account that changed hands in the
   * transaction (created, closed, given to another owner) has one entry per holder: the one
   * before goes to 0, the one after comes from 0.
   */
  owner: string | null
  /** Balance before, in base units (lamports, or the token's raw amount). */
  before: bigint
  /** Balance after, in base units. */
  after: bigint
  /** `after - before`. */
  delta: bigint
  /** Decimals of the asset: 9 for SOL, the mint's for a token. */
  decimals: number
}>
/**
 * The owner's holdings' change of one asset in one transaction.
 *
 * @example
 * ```ts
 * import type { BookDelta } from 'confirmed-rpc/actions'
 *
 * const paid: BookDelta = { asset: 'SOL', delta: -5_000n, decimals: 9 }
 * ```
 */
export type BookDelta = Readonly<{
  /** `'SOL'` or the token mint (base58). */
  asset: 'SOL' | (string & {})
  /** Net change of the owner's holdings of the asset, in base units (negative: out). */
  delta: bigint
  /** Decimals of the asset: 9 for SOL, the mint's for a token. */
  decimals: number
}>
/**
 * One row of a wallet's books: a transaction that changed the owner's holdings or charged it a fee.
 *
 * @example
 * ```ts
 * import type { BookRow } from 'confirmed-rpc/actions'
 *
 * function solChange(row: BookRow): bigint {
 *   return row.deltas.find((delta) => delta.asset === 'SOL')?.delta ?? 0n
 * }
 * ```
 */
export type BookRow = Readonly<{
  /** The transaction's first signature (base58). */
  signature: string
  /** Slot of the transaction. */
  slot: bigint
  /** Production time, Unix seconds; `null` where the node does not know it. */
  blockTime: number | null
  /** The transaction failed: only its fee moved. */
  failed: boolean
  /** What the owner paid as the transaction fee (0n when another account paid it). */
  fee: bigint
  /**
   * The net change of each asset the transaction moved for the owner, the fee included in SOL's;
   * assets whose net change is 0 are left out.
   */
  deltas: readonly BookDelta[]
  /** The owner's entries that moved (its own lamports, its token accounts). */
  accounts: readonly BalanceChange[]
}>
/**
 * One asset of a {@link BooksReconciliation}.
 *
 * @example
 * ```ts
 * import type { ReconciledAsset } from 'confirmed-rpc/actions'
 *
 * const line = (asset: ReconciledAsset) => `${asset.asset}: ${asset.chain} = ${asset.opening} + ${asset.rows}`
 * ```
 */
export type ReconciledAsset = Readonly<{
  /** `'SOL'` or the token mint (base58). */
  asset: 'SOL' | (string & {})
  /** Sum of the rows' deltas of the asset, in base units. */
  rows: bigint
  /** The owner's holdings of the asset the chain reports at the walk's slot. */
  chain: bigint
  /**
   * The holdings at the start of the rows that the chain implies: `chain - rows` (less the
   * changes of transactions newer than a `to` time bound). The opening balance the history did
   * not show: 0 on a chain when the walk reached the wallet's first transaction.
   */
  opening: bigint
}>
/**
 * The rows of a wallet's books against its holdings on chain.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { type BooksReconciliation, walletBooks } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const books = walletBooks(client, 'Vote111111111111111111111111111111111111111')
 * for await (const row of books) console.log(row.signature)
 * const reconciliation: BooksReconciliation = await books.reconcile()
 * console.log(reconciliation.ok, reconciliation.slot)
 * ```
 */
export type BooksReconciliation = Readonly<{
  /** The slot the holdings were read at: the walk's (S0). */
  slot: bigint
  /** Every asset's `opening` is the one the history shows: the rows add up to the chain. */
  ok: boolean
  /** Each asset the rows or the chain hold, `'SOL'` first, then by mint. */
  assets: readonly ReconciledAsset[]
}>

/**
 * Where a wallet's books stand: the wallet walk's checkpoint and what the rows handed out so far
 * add up to, so that a resumed walk hands out the rest and still reconciles the whole. A plain
 * object of strings, numbers and booleans (amounts as decimal digits): `JSON.stringify` and
 * `JSON.parse` carry it unchanged. Pass it back as the `resume` option of `walletBooks`.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { type BooksCheckpoint, walletBooks } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const owner = 'Vote111111111111111111111111111111111111111'
 * const books = walletBooks(client, owner, { limit: 100 })
 * for await (const row of books) console.log(row.signature)
 * const resume = JSON.parse(JSON.stringify(books.checkpoint())) as BooksCheckpoint
 * for await (const row of walletBooks(client, owner, { resume })) console.log(row.slot)
 * ```
 */
export type BooksCheckpoint = Readonly<{
  /** Format version of this object. */
  version: 1
  /** The wallet, base58. */
  owner: string
  /** `true` once nothing is left: the walk's end, `limit`, `until` or the `from` time. */
  done: boolean
  /** The wallet walk's own checkpoint. */
  walk: WalletCheckpoint
  /** The `until` option: the walk stops before this signature. */
  until?: string | undefined
  /** The `from` option, Unix seconds. */
  from?: number | undefined
  /** The `to` option, Unix seconds. */
  to?: number | undefined
  /** The walk has reached a transaction at or before `to` (always, without `to`). */
  inRange: boolean
  /** Per asset: the sum of the rows so far, and of the transactions newer than `to` (`later`). */
  totals: readonly Readonly<{ asset: string; decimals: number; rows: string; later: string }>[]
  /** Each of the owner's balances as the oldest transaction read so far found it (before it). */
  opening: readonly Readonly<{ account: string; asset: string; before: string }>[]
}>
