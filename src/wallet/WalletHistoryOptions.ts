import type { Commitment } from '../schemas/common'
import type { WalletCheckpoint } from './WalletCheckpoint'
import type { WalletEntry } from './WalletEntry'

/**
 * Options of {@link walletHistory}.
 *
 * @example
 * ```ts
 * import type { WalletHistoryOptions } from 'confirmed-rpc/actions'
 *
 * const options: WalletHistoryOptions = { limit: 500, transactions: true, concurrency: 4 }
 * ```
 */
export type WalletHistoryOptions = Readonly<{
  /**
   * Start with the entries older than this signature of the wallet's history (exclusive): a
   * walk already handed out everything down to it. It must be an entry of the wallet's own
   * history (its slot is read from there).
   * @default undefined (the newest entries)
   */
  before?: string | undefined
  /**
   * Most entries the whole walk yields; any positive integer.
   * @default undefined (no limit)
   */
  limit?: number | undefined
  /**
   * Entries asked for per request of each address's walk, 1..1000.
   * @default 1000
   */
  pageSize?: number | undefined
  /**
   * Commitment of the listing and of every walk; `processed` is rejected before sending.
   * @default undefined (the node's default, `finalized`)
   */
  commitment?: Commitment | undefined
  /**
   * Stops the walk: the loop ends without an error, every request in flight is cancelled and
   * awaited, and `checkpoint()` still says where to resume.
   * @default undefined
   */
  signal?: AbortSignal | undefined
  /**
   * Continue a walk from `checkpoint()` (possibly through JSON). It carries `before`, the
   * remaining `limit` and `commitment`, so those options must be left out.
   * @default undefined (a new walk)
   */
  resume?: WalletCheckpoint | undefined
  /**
   * Yield each entry with its full transaction (`json` encoding, `maxSupportedTransactionVersion`
   * 0). The walk reads every owner transaction anyway (to find token accounts), so only the
   * entries found under token accounts alone cost a lookup more: each signature is fetched once,
   * however many addresses list it.
   * @default false
   */
  transactions?: boolean | 'json' | undefined
  /**
   * Most transaction lookups in flight at once (1..100), for discovery and `transactions`
   * alike. Entries are still yielded in history order.
   * @default 8
   */
  concurrency?: number | undefined
  /**
   * How many times a transaction lookup that answers `null` (a node behind the one that listed
   * it) is asked again, after 200 ms, doubling.
   * @default 3
   */
  pageRetries?: number | undefined
  /**
   * Wait before the first such retry, in milliseconds (it doubles each time, at most 10 s); also
   * the wait of each address walk's page retries and empty-page checks (see
   * `signaturesForAddress`). An account found at its oldest transaction has an empty history
   * below it, which the walk checks `emptyPageChecks` times before it believes it.
   * @default 200
   */
  pageRetryDelayMs?: number | undefined
  /**
   * How many times each address walk asks again for an empty page before it ends (a node behind
   * the pool may answer `[]` for a cursor it does not have yet).
   * @default 2
   */
  emptyPageChecks?: number | undefined
  /**
   * Walk the wallet with the provider method `getTransactionsForAddress` and its
   * `filters.tokenAccounts: 'all'` (Helius) instead of listing and walking each token account:
   * one paged request stream, no account discovery. Its set is the provider's, not this
   * function's (it sees accounts by their token-balance owner, and Helius has no owner data
   * before slot 111,491,819; docs/wallet-history.md says where they differ), and its `sources`
   * are only what a transaction shows (see {@link WalletEntry}). The first page is the probe:
   * an endpoint that answers it with a JSON-RPC error (-32601 from a node, -32602 from a
   * provider without owner data) gets the standard walk instead. Never sent unless `true`. A
   * checkpoint remembers its path: resume it with the same `provider` setting.
   * @default false
   */
  provider?: boolean | undefined
}>
