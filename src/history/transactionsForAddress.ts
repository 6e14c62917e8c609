import { type ActionClient, readActionClient } from '../actions/ActionClient'
import { getTransaction, lookupVersion } from '../actions/getTransaction'
import { checkEncoding, integerField } from '../params/readFields'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { Base58Input, TransactionEncoding, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { askUntilFound } from '../shared/askUntilFound'
import { mapInOrder } from '../shared/mapInOrder'
import { linkSignal } from '../shared/signals'
import { createCheckpointTracker } from './pageWalk'
import { resolveWalkOptions, WALK_OPTIONS } from './resolveWalkOptions'
import type { SignaturesForAddressOptions } from './SignaturesForAddressOptions'
import { walkHistory } from './signaturesForAddress'
import type { HistoryCheckpoint } from './types'

const METHOD = 'transactionsForAddress'
// Pure, as the walk's own table: a bundle that never walks must be able to drop both (an object
// spread at the top level would keep them).
const OPTIONS = /* @__PURE__ */ Object.assign({}, WALK_OPTIONS, {
  encoding: (value: unknown, method: string, param: string): TransactionEncoding =>
    checkEncoding(value, method, param) ?? 'json',
  concurrency: /* @__PURE__ */ integerField(1, 100, 8),
  maxSupportedTransactionVersion: /* @__PURE__ */ integerField(0, 255),
})

/**
 * Options of {@link transactionsForAddress}: those of the signature walk, plus the lookups.
 *
 * @example
 * ```ts
 * import type { TransactionsForAddressOptions } from 'confirmed-rpc'
 *
 * const options: TransactionsForAddressOptions<'base64'> = {
 *   encoding: 'base64',
 *   concurrency: 4,
 *   limit: 500,
 * }
 * ```
 */
export type TransactionsForAddressOptions<TEncoding extends TransactionEncoding = 'json'> =
  SignaturesForAddressOptions &
    Readonly<{
      /**
       * Encoding of each transaction: `json`, `jsonParsed`, `base58` or `base64`.
       * @default 'json'
       */
      encoding?: TEncoding | undefined
      /**
       * Most transaction lookups in flight at once (1..100). Results are still yielded in
       * history order.
       * @default 8
       */
      concurrency?: number | undefined
      /**
       * Highest transaction version the caller reads (0..255), sent with each `getTransaction`
       * lookup; each transaction comes back with its `version`. Unset, the client-wide
       * `maxSupportedTransactionVersion` (a `createClient` option) applies, and without one the
       * highest version the decoders read, `MAX_DECODED_TRANSACTION_VERSION` (1). A lower one
       * fails the walk with -32015 (an `RPC_ERROR` naming this option) at the first transaction
       * of a higher version.
       * @default undefined (the client's, else `MAX_DECODED_TRANSACTION_VERSION`: legacy, v0 and v1)
       */
      maxSupportedTransactionVersion?: number | undefined
    }>

/**
 * One entry of {@link transactionsForAddress}: the signature info and its transaction.
 *
 * @example
 * ```ts
 * import type { AddressTransaction } from 'confirmed-rpc'
 *
 * function fee({ transaction }: AddressTransaction): bigint {
 *   return transaction?.meta?.fee ?? 0n
 * }
 * ```
 */
export type AddressTransaction<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'bigint',
> = Readonly<{
  /** The history entry, as `signaturesForAddress` yields it. */
  info: SignatureInfo<TMode>
  /**
   * The full transaction; `null` only when the node still had none after `pageRetries` tries
   * (a node behind the one that listed it).
   */
  transaction: ConfirmedTransaction<TEncoding, TMode> | null
}>

/**
 * A walk through an address's transactions; see {@link transactionsForAddress}.
 *
 * @example
 * ```ts
 * import { createClient, type TransactionWalk } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const walk: TransactionWalk<'json'> = client.transactionsForAddress(
 *   'Vote111111111111111111111111111111111111111',
 *   { limit: 20 },
 * )
 * for await (const { info, transaction } of walk) console.log(info.slot, transaction?.meta?.fee)
 * ```
 */
export type TransactionWalk<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'bigint',
> = AsyncIterable<AddressTransaction<TEncoding, TMode>> &
  Readonly<{
    /**
     * Where the walk stands, as of the last entry yielded (lookups running ahead do not count):
     * pass it back as `resume` to either walk.
     */
    checkpoint(): HistoryCheckpoint
  }>

/**
 * The walk of `signaturesForAddress`, yielding each entry with its full transaction. Lookups run
 * with bounded concurrency, ahead of the consumer, and are yielded in history order. The same walk
 * as `client.transactionsForAddress`, as an action that takes the client first.
 *
 * Stopping the loop (`break`, `return`, a throw, the `signal`) cancels the lookups and the page
 * request in flight; `checkpoint()` then names the last entry yielded.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { transactionsForAddress } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com', u64: 'bigint' })
 * const walk = transactionsForAddress(client, 'Vote111111111111111111111111111111111111111', {
 *   encoding: 'jsonParsed',
 *   concurrency: 4,
 *   limit: 200,
 * })
 * let fees = 0n
 * for await (const { transaction } of walk) fees += transaction?.meta?.fee ?? 0n
 * console.log(fees)
 * ```
 */
export function transactionsForAddress<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'bigint',
>(
  client: ActionClient<TMode>,
  address: Base58Input,
  options?: TransactionsForAddressOptions<TEncoding> | undefined,
): TransactionWalk<TEncoding, TMode> {
  const context = readActionClient(client, METHOD)
  const plan = resolveWalkOptions(METHOD, address, options, OPTIONS)
  const { concurrency } = plan
  const maxSupportedTransactionVersion = lookupVersion(
    client,
    plan.maxSupportedTransactionVersion,
    METHOD,
  )
  const encoding = plan.encoding as TEncoding
  const tracker = createCheckpointTracker(plan.start, METHOD)

  // The list said the transaction exists: `null` means a node that has not seen it yet.
  const fetchTransaction = (
    { signature }: SignatureInfo<TMode>,
    signal: AbortSignal,
  ): Promise<ConfirmedTransaction<TEncoding, TMode> | null> => {
    const config = { encoding, commitment: plan.commitment, maxSupportedTransactionVersion, signal }
    return askUntilFound(plan, signal, () =>
      getTransaction(context, signature, config),
    ) as Promise<ConfirmedTransaction<TEncoding, TMode> | null>
  }

  async function* entries(): AsyncGenerator<AddressTransaction<TEncoding, TMode>, void, undefined> {
    if (plan.signal?.aborted) return
    tracker.enter()
    const link = linkSignal(plan.signal)
    async function* infos(): AsyncGenerator<SignatureInfo<TMode>, void, undefined> {
      const inner = { ...plan, signal: link.signal }
      // Its end is told below, once the lookups have caught up with it.
      const pages = walkHistory(context, inner, tracker.current(), () => undefined)
      for await (const page of pages) yield* page
    }
    try {
      const results = mapInOrder(
        infos(),
        (info) => fetchTransaction(info, link.signal),
        concurrency,
        link.abort,
      )
      for await (const [info, transaction] of results) {
        if (plan.signal?.aborted) return
        tracker.advance(info, 1)
        yield { info, transaction }
      }
      // The listing stops without an error only at the end of the history, `until` or the
      // limit, or on the caller's abort (the link aborts otherwise only once this loop is left).
      if (!plan.signal?.aborted) tracker.finish()
    } catch (error) {
      if (!plan.signal?.aborted) throw error
    } finally {
      link.dispose()
      tracker.leave()
    }
  }

  return { [Symbol.asyncIterator]: entries, checkpoint: tracker.current }
}
