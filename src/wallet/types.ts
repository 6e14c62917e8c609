import type { MethodContext } from '../actions/ActionClient'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { Commitment, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { Limiter } from '../shared/limiter'

/** A full transaction as the walk fetches it. @internal */
export type WalletTransaction<TMode extends U64Mode> = ConfirmedTransaction<'json', TMode>

/** The options of a wallet walk after checks and defaults. @internal */
export type WalletPlan = Readonly<{
  owner: string
  commitment: Commitment | undefined
  pageSize: number
  concurrency: number
  pageRetries: number
  pageRetryDelayMs: number
  emptyPageChecks: number
  transactions: boolean
  /**
   * The `maxSupportedTransactionVersion` the yielded transactions are asked at: the client's,
   * else the decoders' highest (discovery lookups always ask for the highest).
   */
  transactionVersion: number
  /** Yield nothing up to and including this signature (the `before` option). */
  skipThrough: string | undefined
  signal: AbortSignal | undefined
  /** The checkpoint to continue from, or undefined for a new walk. */
  resume: WalletCheckpoint | undefined
  /** `limit` of a new walk. */
  limit: number | undefined
  /** Walk with the provider method where the endpoint serves it. */
  provider: boolean
}>

/**
 * The kinds of address a wallet walk reads: the wallet itself, the token accounts listed at the
 * start, those its transactions revealed, and, on the provider path, the wallet read through
 * `getTransactionsForAddress` with `tokenAccounts: 'all'` (one stream for the whole set).
 * @internal
 */
export type SourceKind = 'owner' | 'listed' | 'discovered' | 'provider'

/**
 * Where one address's walk stands: `new` (no walk open: the next request opens one from its
 * cursor), `idle` (between pages), `fetching` (a page asked for), `walked` (nothing more).
 * @internal
 */
type SourcePhase = 'new' | 'idle' | 'fetching' | 'walked'

/** One address of the merge, as the merge shows it (only its transitions write it). @internal */
export type WalletSource = Readonly<{
  address: string
  kind: SourceKind
  /** Discovery order: the owner is 0. */
  rank: number
  /** For a discovered address: the owner transaction that revealed it, d(a). */
  start: string | undefined
  /** Its last entry handed out. */
  before: string | undefined
  phase: SourcePhase
  /** Slot of its last fetched entry; undefined before its first page. */
  floor: bigint | undefined
}>

/** A fetched entry waiting to be handed out. @internal */
export type Buffered<TMode extends U64Mode> = Readonly<{
  info: SignatureInfo<TMode>
  slot: bigint
  sources: ReadonlySet<WalletSource>
  /** Position in each source's order, by source rank. */
  positions: ReadonlyMap<number, number>
  /** Not handed out: handed out before a resume. */
  dropped: boolean
}>

/** What the requests of one wallet walk share. @internal */
export type WalletRequests<TMode extends U64Mode> = Readonly<{
  context: MethodContext<TMode>
  plan: WalletPlan
  /** Aborts when the walk stops. */
  signal: AbortSignal
  /** A signal for one request, from a few that share one listener on `signal`. */
  requestSignal: () => AbortSignal
  /** A signal of its own (one address's walk), aborting with `signal`. */
  ownSignal: () => AbortSignal
  /** Bounds the transaction lookups (owner reads and output alike). */
  limiter: Limiter
}>

/**
 * One address a wallet walk reads, as its checkpoint keeps it.
 *
 * @example
 * ```ts
 * import type { WalletSourceCheckpoint } from 'confirmed-rpc/actions'
 *
 * const source: WalletSourceCheckpoint = {
 *   address: 'Vote111111111111111111111111111111111111111',
 *   kind: 'owner',
 *   done: false,
 * }
 * ```
 */
export type WalletSourceCheckpoint = Readonly<{
  /** The address, base58. */
  address: string
  /**
   * `'owner'`: the wallet itself; `'listed'`: a token account getTokenAccountsByOwner listed at
   * the start (its whole history); `'discovered'`: one an owner transaction attributed to the
   * wallet (its history from `start` down).
   */
  kind: 'owner' | 'listed' | 'discovered'
  /** For a discovered account: the owner transaction that revealed it (its range starts there). */
  start?: string | undefined
  /** The walk of this address continues below this signature: its last entry handed out. */
  before?: string | undefined
  /** Nothing of this address is left to hand out. */
  done: boolean
}>

/**
 * Where a wallet walk stands: one cursor for every address it reads. A plain object of strings,
 * numbers and booleans (u64 slots as decimal digits), so `JSON.stringify` / `JSON.parse` carry
 * it unchanged; pass it back as the `resume` option of `walletHistory`. Its size grows with the
 * number of token accounts, not with the history.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { type WalletCheckpoint, walletHistory } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const owner = 'Vote111111111111111111111111111111111111111'
 * const walk = walletHistory(client, owner, { limit: 100 })
 * for await (const entry of walk) console.log(entry.signature)
 * const saved = JSON.stringify(walk.checkpoint())
 * const resume = JSON.parse(saved) as WalletCheckpoint
 * for await (const entry of walletHistory(client, owner, { resume })) console.log(entry.slot)
 * ```
 */
export type WalletCheckpoint = Readonly<{
  /** Format version of this object. */
  version: 1
  /** The wallet, base58. */
  owner: string
  /** Commitment of the walk. */
  commitment?: Commitment | undefined
  /** `true` once nothing is left (the end of every address, or `limit`). */
  done: boolean
  /** How many more entries the walk may hand out; absent without `limit`. */
  remaining?: number | undefined
  /**
   * S0: the slot the token accounts were listed at; nothing above it belongs to the walk. Absent
   * before the walk listed them (a walk not yet iterated): resuming then starts afresh.
   */
  upperSlot?: string | undefined
  /** Every entry in a slot above this one has been handed out. */
  emittedAbove?: string | undefined
  /** Signatures of slot `emittedAbove` already handed out. */
  emittedInSlot?: readonly string[] | undefined
  /** The addresses walked, the owner first. */
  sources: readonly WalletSourceCheckpoint[]
  /**
   * `true`: made on the provider path (`getTransactionsForAddress`, the `provider` option), whose
   * one source is the owner and whose cursor is its `before`. Such a checkpoint resumes only with
   * `provider: true`, and a standard one only without it.
   */
  provider?: boolean | undefined
}>

/**
 * One transaction of a wallet's history: its signature info (as the first address that listed
 * it reported it) and the addresses it was found under.
 *
 * @example
 * ```ts
 * import type { WalletEntry } from 'confirmed-rpc/actions'
 *
 * function label(entry: WalletEntry): string {
 *   return `${entry.signature} (${entry.sources.join(', ')})`
 * }
 * ```
 */
export type WalletEntry<TMode extends U64Mode = 'bigint'> = SignatureInfo<TMode> &
  Readonly<{
    /**
     * The addresses it was found under: the wallet first when it is one, then token accounts.
     *
     * On the provider path (the `provider` option) the provider does not say why it matched an
     * entry, so `sources` is what the transaction shows: with `transactions`, the wallet when it
     * is one of the keys (static or loaded), then every token account whose token balances name
     * the wallet as `owner` (what `tokenAccounts: 'all'` matches on); an account the wallet no
     * longer owned in that transaction, or one from before the owner data starts, is not named.
     * Without `transactions` it is empty (`[]`): the path reads no transaction.
     */
    sources: readonly string[]
    /**
     * The full transaction (`json`), with the `transactions` option only; `null` when the node
     * still had none after `pageRetries` tries.
     */
    transaction?: ConfirmedTransaction<'json', TMode> | null | undefined
  }>

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
   * Yield each entry with its full transaction (`json` encoding, asked at the client's
   * `maxSupportedTransactionVersion`, else `MAX_DECODED_TRANSACTION_VERSION`: legacy, v0 and
   * v1). The walk reads every owner transaction anyway (to find token accounts), so only the
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
