import type { Commitment } from '../schemas/common'

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
