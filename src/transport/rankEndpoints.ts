import type { FallbackEndpoint } from './FallbackEndpoint'

/** Weights of the ranking score. @internal */
export type RankWeights = Readonly<{ stability: number; latency: number }>

/**
 * The endpoints best first, by `stability * share answered + latency * (1 - mean ms / slowest
 * mean ms)`: the score viem's `fallback` ranks with, from the outcomes of real calls rather than
 * of pings alone. An endpoint without samples scores as fully stable and of middling speed, so
 * it is tried rather than left out; ties keep the given order.
 * @internal
 */
export function rankEndpoints(
  endpoints: readonly FallbackEndpoint[],
  weights: RankWeights,
): FallbackEndpoint[] {
  const mean = (endpoint: FallbackEndpoint): number | undefined => {
    const { samples } = endpoint
    return samples.length === 0
      ? undefined
      : samples.reduce((sum, sample) => sum + sample.ms, 0) / samples.length
  }
  const slowest = Math.max(1, ...endpoints.map((endpoint) => mean(endpoint) ?? 0))
  const score = (endpoint: FallbackEndpoint): number => {
    const { samples } = endpoint
    const ms = mean(endpoint)
    const stability =
      samples.length === 0 ? 1 : samples.filter((sample) => sample.ok).length / samples.length
    const speed = ms === undefined ? 0.5 : 1 - ms / slowest
    return weights.stability * stability + weights.latency * speed
  }
  const scores = new Map(endpoints.map((endpoint) => [endpoint, score(endpoint)]))
  return [...endpoints].sort(
    (a, b) => (scores.get(b) as number) - (scores.get(a) as number) || a.index - b.index,
  )
}
