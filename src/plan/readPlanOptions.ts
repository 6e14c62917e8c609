import {
  ADDRESS,
  booleanField,
  checkCommitment,
  checkSignal,
  type FieldReaders,
  integerField,
  positiveField,
  readFields,
  toBase58String,
} from '../params/readFields'
import type { Base58Input, Commitment } from '../schemas/common'
import { type BuiltInPrices, type PriceTable, readPriceTable } from './priceTables'

/**
 * Options of `planWalk`.
 *
 * @example
 * ```ts
 * import type { PlanWalkOptions } from 'confirmed-rpc/actions'
 *
 * const options: PlanWalkOptions = { transactions: true, parallel: 8, prices: 'helius' }
 * ```
 */
export type PlanWalkOptions = Readonly<{
  /**
   * Plan `walletHistory` of the address as an owner (its token accounts walked too) beside the
   * walks of the address alone.
   * @default false
   */
  wallet?: boolean | undefined
  /**
   * Plan walks that fetch each entry's transaction (`transactionsForAddress`, a wallet walk with
   * `transactions: true`): one `getTransaction` per entry.
   * @default false
   */
  transactions?: boolean | undefined
  /**
   * Ranges the range walker would walk at once (its `parallel`), 1..64.
   * @default 8
   */
  parallel?: number | undefined
  /**
   * What the requests cost: `'helius'` (credits) or `'alchemy'` (compute units), built-in tables
   * that name their source and the date they were read, or a table of one's own (a parsed price
   * file; see `PriceTable`). `'quicknode'` is refused with the reason: write its table.
   * @default undefined (no costs, only requests and time)
   */
  prices?: BuiltInPrices | PriceTable | undefined
  /**
   * The rate the walk would be held to (a plan's limit, a `createRequestBudget`'s), requests a
   * second: the wall time is never shorter than the requests at this rate.
   * @default undefined (no limit: the latency and the walk's concurrency decide)
   */
  requestsPerSecond?: number | undefined
  /**
   * Commitment of the plan's requests, as the walk would ask.
   * @default undefined (the node's default, `finalized`)
   */
  commitment?: Commitment | undefined
  /**
   * Stops the plan: its requests are cancelled and it rejects with `ABORTED`.
   * @default undefined
   */
  signal?: AbortSignal | undefined
}>

/** The options of a plan as the sampler and the models read them. @internal */
export type PlanSettings = Readonly<{
  address: string
  wallet: boolean
  transactions: boolean
  lanes: number
  prices: PriceTable | undefined
  requestsPerSecond: number | undefined
  commitment: Commitment | undefined
  signal: AbortSignal | undefined
}>

const METHOD = 'planWalk'

const PLAN_FIELDS = {
  wallet: /* @__PURE__ */ booleanField(false),
  transactions: /* @__PURE__ */ booleanField(false),
  parallel: /* @__PURE__ */ integerField(1, 64, 8),
  prices: readPriceTable,
  requestsPerSecond: /* @__PURE__ */ positiveField(),
  commitment: checkCommitment,
  signal: checkSignal,
} satisfies FieldReaders<Omit<PlanWalkOptions, 'prices'> & { prices: PriceTable | undefined }>

/**
 * Checks the address and the options of a plan, before any request (`INVALID_PARAM` naming the
 * field: an unknown option, a `parallel` out of range, a price table with a bad price).
 * @internal
 */
export function readPlanOptions(
  address: Base58Input,
  options: PlanWalkOptions | undefined,
): PlanSettings {
  const checked = toBase58String(address, ADDRESS, METHOD, 'address')
  const o = readFields(options, PLAN_FIELDS, METHOD, 'options')
  return {
    address: checked,
    wallet: o.wallet,
    transactions: o.transactions,
    lanes: o.parallel,
    prices: o.prices,
    requestsPerSecond: o.requestsPerSecond,
    commitment: o.commitment,
    signal: o.signal,
  }
}
