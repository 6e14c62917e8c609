import type { Commitment } from '../schemas/common'

/**
 * Where an address-history walk stands: everything needed to continue it later, in another
 * process, with exactly the entries not yet handed out. A plain object of strings, numbers and
 * booleans, so `JSON.stringify` / `JSON.parse` carry it unchanged; pass it back as the `resume`
 * option of `signaturesForAddress` or `transactionsForAddress`.
 *
 * An entry counts as handed out as soon as the iterator yields it: a checkpoint read inside the
 * loop body already includes the current entry.
 *
 * @example
 * ```ts
 * import { createClient, type HistoryCheckpoint } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const address = 'Vote111111111111111111111111111111111111111'
 * const walk = client.signaturesForAddress(address, { limit: 5_000 })
 * for await (const info of walk) {
 *   if (info.err !== null) break
 * }
 * const saved = JSON.stringify(walk.checkpoint())
 * // later, anywhere:
 * const resume = JSON.parse(saved) as HistoryCheckpoint
 * for await (const info of client.signaturesForAddress(address, { resume })) console.log(info.slot)
 * ```
 */
export type HistoryCheckpoint = Readonly<{
  /** Format version of this object. */
  version: 1
  /** The address whose history is walked, base58. */
  address: string
  /**
   * The walk continues with entries strictly older than this signature: the last entry handed
   * out, or the walk's original `before` when nothing has been handed out yet.
   */
  before?: string | undefined
  /** Slot of `before` when the walk handed it out, as decimal digits (u64, never rounded). */
  slot?: string | undefined
  /** Position of `before` in its block, when the node reported it (Agave 4.0 and later). */
  transactionIndex?: number | undefined
  /** The walk stops at this signature (exclusive). */
  until?: string | undefined
  /** How many more entries the walk may hand out; absent when it has no `limit`. */
  remaining?: number | undefined
  /** Commitment of the walk. */
  commitment?: Commitment | undefined
  /**
   * `'oldest'` for a walk that yields the oldest entry first: it continues with the entries
   * strictly newer than `until` (the last entry handed out) and older than `before` (absent: up
   * to the newest). Absent for the newest-first order.
   */
  order?: 'oldest' | undefined
  /** `true` once the walk reached its end (oldest entry, `until` or `limit`): nothing is left. */
  done: boolean
}>
