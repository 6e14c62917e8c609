import { getConfirmedTransaction } from '../methods/getConfirmedTransaction'
import { getTransaction } from '../methods/getTransaction'
import type { MethodContext } from '../methods/MethodContext'
import { checkEncoding, checkInteger } from '../params/checkConfigFields'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { Base58Input, TransactionEncoding, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { sleep } from '../transport/sleep'
import { createCheckpointTracker } from './createCheckpointTracker'
import type { HistoryCheckpoint } from './HistoryCheckpoint'
import { linkSignal } from './linkSignal'
import { mapInOrder } from './mapInOrder'
import { resolveWalkOptions, WALK_OPTION_KEYS, type WalkPlan } from './resolveWalkOptions'
import type { SignaturesForAddressOptions } from './signaturesForAddress'
import { walkPages } from './walkPages'

const METHOD = 'transactionsForAddress'
const KNOWN_KEYS = [
  ...WALK_OPTION_KEYS,
  'encoding',
  'concurrency',
  'maxSupportedTransactionVersion',
] as const

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
       * Highest transaction version to return (0..255): each transaction is fetched with
       * `getTransaction` and this `maxSupportedTransactionVersion`, so v0 transactions come back
       * (with a `version` field). `null` fetches with `getConfirmedTransaction` instead, exactly
       * as the deprecated method answers: a v0 transaction then fails the walk with -32015.
       * @default 0
       */
      maxSupportedTransactionVersion?: number | null | undefined
    }>

/**
 * One entry of {@link transactionsForAddress}: the signature info and its transaction.
 *
 * @example
 * ```ts
 * import type { AddressTransaction } from 'confirmed-rpc'
 *
 * function fee({ transaction }: AddressTransaction): number {
 *   return transaction?.meta?.fee ?? 0
 * }
 * ```
 */
export type AddressTransaction<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'number',
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
  TMode extends U64Mode = 'number',
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
 * with bounded concurrency, ahead of the consumer, and are yielded in history order. Prefer
 * `client.transactionsForAddress`, which binds the transport and the u64 mode.
 *
 * Stopping the loop (`break`, `return`, a throw, the `signal`) cancels the lookups and the page
 * request in flight; `checkpoint()` then names the last entry yielded.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com', u64: 'bigint' })
 * const walk = client.transactionsForAddress('Vote111111111111111111111111111111111111111', {
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
  TMode extends U64Mode = 'number',
>(
  context: MethodContext<TMode>,
  address: Base58Input,
  options?: TransactionsForAddressOptions<TEncoding> | undefined,
): TransactionWalk<TEncoding, TMode> {
  const plan = resolveWalkOptions(METHOD, address, options, KNOWN_KEYS)
  const o = options ?? {}
  const encoding = (checkEncoding(o.encoding, METHOD, 'options.encoding') ?? 'json') as TEncoding
  const concurrency = checkInteger(o.concurrency, 1, 100, METHOD, 'options.concurrency') ?? 8
  const maxVersion =
    o.maxSupportedTransactionVersion === null
      ? null
      : (checkInteger(
          o.maxSupportedTransactionVersion,
          0,
          255,
          METHOD,
          'options.maxSupportedTransactionVersion',
        ) ?? 0)
  const tracker = createCheckpointTracker(plan.start, METHOD)
  const { pageRetries, pageRetryDelayMs } = plan.policy

  const lookUp = (
    signature: string,
    signal: AbortSignal,
  ): Promise<ConfirmedTransaction<TEncoding, TMode> | null> => {
    const config = { encoding, commitment: plan.commitment }
    return maxVersion === null
      ? getConfirmedTransaction(context, signature, config, { signal })
      : getTransaction(
          context,
          signature,
          { ...config, maxSupportedTransactionVersion: maxVersion },
          { signal },
        )
  }

  // The list said the transaction exists: `null` means a node that has not seen it yet.
  const fetchTransaction = async (
    info: SignatureInfo<TMode>,
    signal: AbortSignal,
  ): Promise<ConfirmedTransaction<TEncoding, TMode> | null> => {
    for (let attempt = 0; ; attempt++) {
      const transaction = await lookUp(info.signature, signal)
      if (transaction !== null || attempt >= pageRetries) return transaction
      await sleep(Math.min(pageRetryDelayMs * 2 ** attempt, 10_000), signal)
    }
  }

  async function* entries(): AsyncGenerator<AddressTransaction<TEncoding, TMode>, void, undefined> {
    if (plan.signal?.aborted) return
    tracker.enter()
    const link = linkSignal(plan.signal)
    let listed = false
    const inner: WalkPlan = { ...plan, signal: link.signal }
    async function* infos(): AsyncGenerator<SignatureInfo<TMode>, void, undefined> {
      const onEnd = (): void => {
        listed = true
      }
      for await (const page of walkPages(context, inner, tracker.current(), onEnd)) yield* page
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
      if (listed && !plan.signal?.aborted) tracker.finish()
    } catch (error) {
      if (plan.signal?.aborted) return
      throw error
    } finally {
      link.dispose()
      tracker.leave()
    }
  }

  return { [Symbol.asyncIterator]: entries, checkpoint: tracker.current }
}
