import type { HistoryWalker } from '../history/types'
import {
  booleanField,
  type FieldReaders,
  integerField,
  oneOf,
  readFields,
} from '../params/readFields'
import { walkRanges } from './walkRanges'

/** Options of {@link rangeWalker}. */
export type RangeWalkerOptions = Readonly<{
  /**
   * Ranges of the history walked at once, 1..64. The span between the walk's start (`before`, or
   * the newest slot) and its end (`until`, or the node's first available block) is cut into slot
   * ranges at boundary blocks (`getBlocks`, and `getBlock` with `transactionDetails:
   * 'signatures'`), and up to this many are fetched side by side; a lane that comes free splits
   * the range with the most left; the first ranges start a lane's share of a round trip apart,
   * so that their pages do not arrive together. Each boundary costs about one small request
   * (a block's signatures): worth it from a few thousand entries on, over a network with
   * latency. A range starts from a boundary transaction that may not be the address's, which a
   * history archive does not read (Old Faithful answers it with an empty page): where such a
   * range comes back empty, the endpoint is asked once per transport, with a probe whose answer
   * is known (a page of 100 entries, up to three blocks and one entry), and on an endpoint that
   * fails it the rest of the walk, and every later walk over that transport, is one range.
   * @default 8
   */
  parallel?: number | undefined
  /**
   * `'newest'` yields the newest entry first (the node's own order). `'oldest'` yields the
   * oldest first: each range is fetched whole, then handed out reversed, so memory holds a few
   * ranges (about 2,000 entries each), not the history. A checkpoint remembers the order.
   * @default 'newest'
   */
  order?: 'newest' | 'oldest' | undefined
  /**
   * Ask the endpoint whether it serves `getTransactionsForAddress` (a provider's method, not a
   * node's: Helius) and, where it does, cut by slot alone and fetch each range with one filtered
   * query. Costs one request per transport; never sent unless this is `true`.
   * @default false
   */
  provider?: boolean | undefined
}>

const WALKER_FIELDS = {
  parallel: /* @__PURE__ */ integerField(1, 64, 8),
  order: /* @__PURE__ */ oneOf(['newest', 'oldest'], 'newest'),
  provider: /* @__PURE__ */ booleanField(false),
} satisfies FieldReaders<RangeWalkerOptions>

/**
 * A walker that cuts an address's history into slot ranges and fetches several at once, for
 * the `walker` option of `signaturesForAddress` and `transactionsForAddress` (client methods
 * and actions alike). Entries come out in exact history order, the same entries a walk of one
 * stream of pages yields, with the same checks; a node without the block methods is walked as
 * one range. With `order: 'oldest'`, the oldest entry comes first.
 *
 * The walker is a value: one may serve any number of walks, and an app that never imports it
 * does not ship it.
 *
 * @example
 * ```ts
 * import { createClient, rangeWalker } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const walk = client.signaturesForAddress('Vote111111111111111111111111111111111111111', {
 *   walker: rangeWalker({ parallel: 8, order: 'oldest' }),
 * })
 * for await (const info of walk) console.log(info.slot, info.signature)
 * ```
 */
export function rangeWalker(options: RangeWalkerOptions = {}): HistoryWalker {
  const { parallel, order, provider } = readFields(
    options,
    WALKER_FIELDS,
    'rangeWalker',
    'options',
    '',
  )
  const settings = { lanes: parallel, provider }
  return {
    name: `rangeWalker({ parallel: ${parallel}, order: '${order}' })`,
    order,
    walk: (context, plan, start, onEnd) => walkRanges(context, plan, start, onEnd, settings),
  }
}
