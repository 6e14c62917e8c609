import { signaturesForAddress, walletHistory } from '../../src/actions/index'
import type { HistoryWalkPlan, WalkStrategyPlan } from '../../src/plan/types'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import type { RpcTransport } from '../../src/transport/types'

/**
 * A round trip the walks measured against a plan wait for each request, as over a network. The
 * mock answers within the same turn of the event loop; there, the range walk's first range
 * (which pages on until its floor is known) races the boundary search by the order of promise
 * callbacks, which no endpoint over a network shows: a millisecond is enough to keep the order
 * of answers that of their round trips.
 */
export const ROUND_TRIP_MS = 1

/** A transport that counts what reaches it, by method, each request `latencyMs` late. */
export function countingTransport(inner: RpcTransport, latencyMs = 0) {
  const counts: Record<string, number> = {}
  const transport: RpcTransport = async (request, options) => {
    counts[request.method] = (counts[request.method] ?? 0) + 1
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs))
    return inner(request, options)
  }
  const total = () => Object.values(counts).reduce((a, b) => a + b, 0)
  return { transport, counts, total }
}

/**
 * What the walk a strategy names actually sends through `counter` (the transport the plan went
 * through, so the walk knows the plan's probe answers, as it would after the plan on the same
 * client), and the entries it yields.
 */
export async function walkActually(
  counter: ReturnType<typeof countingTransport>,
  address: string,
  strategy: WalkStrategyPlan,
): Promise<Readonly<{ entries: number; counts: Record<string, number>; total: number }>> {
  const before = { ...counter.counts }
  const client = { transport: counter.transport }
  let entries = 0
  if (strategy.name === 'wallet') {
    for await (const page of walletHistory(client, address).pages()) entries += page.length
  } else {
    const walker =
      strategy.name === 'sequential'
        ? undefined
        : rangeWalker({ parallel: strategy.lanes ?? 8, provider: strategy.name === 'provider' })
    for await (const page of signaturesForAddress(client, address, { walker }).pages()) {
      entries += page.length
    }
  }
  const counts: Record<string, number> = {}
  for (const [method, count] of Object.entries(counter.counts)) {
    const sent = count - (before[method] ?? 0)
    if (sent > 0) counts[method] = sent
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  return { entries, counts, total }
}

/** The relative error of `estimate` against `actual`. */
export const relativeError = (estimate: number, actual: number): number =>
  actual === 0 ? (estimate === 0 ? 0 : 1) : estimate / actual - 1

/** One line of the measured errors of a plan, for the notes. */
export function describeErrors(
  label: string,
  plan: HistoryWalkPlan,
  actualEntries: number,
  walks: readonly Readonly<{ name: string; estimate: number; actual: number }>[],
): string {
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`
  const parts = walks.map(
    (walk) =>
      `${walk.name} ${walk.estimate}/${walk.actual} (${pct(relativeError(walk.estimate, walk.actual))})`,
  )
  return `${label}: entries ${plan.entries}/${actualEntries} (${pct(relativeError(plan.entries, actualEntries))}), plan ${plan.requests} requests; ${parts.join(', ')}`
}
