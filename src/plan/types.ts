/**
 * How a walk is run, as a plan names it: one stream of pages (`signaturesForAddress` without a
 * walker), `rangeWalker({ parallel })`, `rangeWalker({ parallel, provider: true })` on an endpoint
 * that serves `getTransactionsForAddress`, or `walletHistory`.
 */
export type WalkStrategyName = 'sequential' | 'rangeWalker' | 'provider' | 'wallet'

/**
 * What one way of walking the history would cost: the requests it would send, by method, what
 * they cost at the plan's prices, and how long they would take.
 *
 * @example
 * ```ts
 * import type { WalkStrategyPlan } from 'confirmed-rpc/actions'
 *
 * const line = (s: WalkStrategyPlan) =>
 *   `${s.name}: ${s.total} requests, ${s.credits ?? '?'} credits, ${Math.round(s.seconds)} s`
 * ```
 */
export type WalkStrategyPlan = Readonly<{
  name: WalkStrategyName
  /** Ranges walked at once (`rangeWalker` and `provider`). */
  lanes?: number | undefined
  /** Requests the walk would send, by JSON-RPC method (rounded). */
  requests: Readonly<Record<string, number>>
  /** The sum of `requests`. */
  total: number
  /** What they cost at the plan's `prices`; absent without prices. */
  credits?: number | undefined
  /** Methods the price table has no price for (left out of `credits`, a lower bound then). */
  unpriced?: readonly string[] | undefined
  /**
   * Wall time in seconds: the requests at the endpoint's latency as measured on the plan's own
   * requests, as many at once as the walk sends, and no faster than `requestsPerSecond`.
   */
  seconds: number
}>

/**
 * How the entries were counted: `'exact'` (the history fit in the pages read), `'sampled'` (pages
 * read at points of the slot range, through block cursors or the provider's slot filter), or
 * `'newest-pages'` (an endpoint that reads no cursor outside the address's history and serves no
 * provider method: the density of the newest pages over the whole span, the least sure).
 */
export type PlanBasis = 'exact' | 'sampled' | 'newest-pages'

/**
 * What `planWalk` found: the entries the walk would yield, the ways the endpoint can walk them,
 * and what each would cost.
 *
 * @example
 * ```ts
 * import type { HistoryWalkPlan } from 'confirmed-rpc/actions'
 *
 * function cheapest(plan: HistoryWalkPlan) {
 *   return [...plan.strategies].sort((a, b) => (a.credits ?? a.total) - (b.credits ?? b.total))[0]
 * }
 * ```
 */
export type HistoryWalkPlan = Readonly<{
  /** The address (or, with `wallet`, the owner) planned for. */
  address: string
  /** Entries the walk would yield (estimated unless `basis` is `'exact'`). */
  entries: number
  /** How `entries` was found. */
  basis: PlanBasis
  /** The slots the walk spans: the node's newest slot and its first available block. */
  span: Readonly<{ top: number; bottom: number }>
  /** The oldest slot of the address's history seen, when the plan reached it. */
  oldestSlot?: number | undefined
  /** The endpoint's latency, milliseconds, the median of the plan's own requests. */
  latencyMs: number
  /** Requests the plan itself sent. */
  requests: number
  /** The price table used, without its prices. */
  prices?: Readonly<{
    name: string
    unit: string
    source?: string | undefined
    read?: string | undefined
  }>
  /** One entry per way of walking the endpoint serves. */
  strategies: readonly WalkStrategyPlan[]
}>
