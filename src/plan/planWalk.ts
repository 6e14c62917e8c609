import { type ActionClient, readActionClient } from '../actions/ActionClient'
import type { Base58Input, U64Mode } from '../schemas/common'
import { linkSignal } from '../shared/signals'
import { planWallet } from './planWallet'
import { priceRequests } from './priceTables'
import { type PlanSettings, type PlanWalkOptions, readPlanOptions } from './readPlanOptions'
import { meterRequests, PLAN_REQUESTS, sampleHistory } from './sampleHistory'
import type { HistoryWalkPlan, WalkStrategyPlan } from './types'
import {
  type ModelledWalk,
  modelProvider,
  modelRangeWalker,
  modelSequential,
  walkCuts,
} from './walkModels'

const METHOD = 'planWalk'

/**
 * Estimates, from a few requests (at most 30), what walking an address's history would take on
 * this endpoint: how many entries it holds, and for each way of walking it the endpoint serves
 * (`'sequential'`, one stream of pages; `'rangeWalker'`, `parallel` ranges at once; `'provider'`,
 * through `getTransactionsForAddress`, where served; `'wallet'`, `walletHistory` of the address
 * as an owner, with `wallet: true`), the requests it would send by method, their cost at
 * `prices`, and the wall time at the endpoint's latency (measured on the plan's own requests)
 * and `requestsPerSecond`.
 *
 * The plan reads the node's newest slot and first available block, the address's newest page,
 * and the range walker's own probes; then pages at the range walk's boundary targets (below a
 * block's first transaction where the endpoint reads such a cursor, else through the provider's
 * slot filter, else the pages after the newest: the least sure, `basis: 'newest-pages'`). The
 * probes' answers are kept for the client's transport, as the walks keep them: neither a walk
 * after the plan nor a plan after a walk asks them again, and the requests per strategy are
 * those of a walk through the same client after the plan, as the walks' code sends them (see
 * docs/backfill.md for the measured errors). The address and options are checked before any
 * request (`InvalidParamError`).
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { planWalk } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const plan = await planWalk(client, 'Vote111111111111111111111111111111111111111', {
 *   transactions: true,
 *   prices: 'helius',
 *   requestsPerSecond: 50,
 * })
 * for (const s of plan.strategies) console.log(s.name, s.total, s.credits, Math.round(s.seconds))
 * ```
 */
export async function planWalk<TMode extends U64Mode>(
  client: ActionClient<TMode>,
  address: Base58Input,
  options?: PlanWalkOptions | undefined,
): Promise<HistoryWalkPlan> {
  const context = readActionClient(client, METHOD)
  const settings = readPlanOptions(address, options)
  const meter = meterRequests(context, PLAN_REQUESTS)
  const link = linkSignal(settings.signal)
  try {
    const base = { commitment: settings.commitment, signal: link.signal }
    const walletSample = settings.wallet ? planWallet(meter, settings, base) : undefined
    // The samples' cursors are the range walk's own boundary targets: where a target's block
    // holds no transaction, the walk's search costs more, and the plan sees it.
    const sample = await sampleHistory(meter, settings.address, base, {
      samples: settings.wallet ? 4 : undefined,
      targets: (head, bottom) => walkCuts(head, bottom, settings.lanes),
    })
    const walks: ModelledWalk[] = [
      modelSequential(sample, settings.transactions),
      modelRangeWalker(sample, settings.lanes, settings.transactions),
    ]
    if (sample.provider) walks.push(modelProvider(sample, settings.lanes, settings.transactions))
    const wallet = await walletSample?.(sample)
    if (wallet !== undefined) walks.push(wallet.walk)
    const latencyMs = meter.latencyMs()
    return {
      address: settings.address,
      entries: Math.round(wallet?.entries ?? sample.profile.entries),
      basis: sample.basis,
      span: { top: sample.top, bottom: sample.bottom },
      ...(sample.profile.oldestSlot !== undefined && { oldestSlot: sample.profile.oldestSlot }),
      latencyMs,
      requests: meter.sent(),
      ...(settings.prices !== undefined && {
        prices: {
          name: settings.prices.name,
          unit: settings.prices.unit,
          source: settings.prices.source,
          read: settings.prices.read,
        },
      }),
      strategies: walks.map((walk) => priced(walk, settings, latencyMs)),
    }
  } finally {
    link.abort()
    link.dispose()
  }
}

/** A modelled walk with its totals, its price and its wall time. */
function priced(walk: ModelledWalk, settings: PlanSettings, latencyMs: number): WalkStrategyPlan {
  const requests = Object.fromEntries(
    Object.entries(walk.requests).map(([method, count]) => [method, Math.round(count)]),
  )
  const total = Object.values(requests).reduce((a, b) => a + b, 0)
  const byLatency = (walk.rounds * latencyMs) / 1000
  const byRate = settings.requestsPerSecond === undefined ? 0 : total / settings.requestsPerSecond
  const cost = settings.prices === undefined ? undefined : priceRequests(requests, settings.prices)
  return {
    name: walk.name,
    ...(walk.lanes !== undefined && { lanes: walk.lanes }),
    requests,
    total,
    ...(cost !== undefined && { credits: cost.credits }),
    ...(cost !== undefined && cost.unpriced.length > 0 && { unpriced: cost.unpriced }),
    seconds: Math.max(byLatency, byRate),
  }
}
