import type { MockLedgerFaultKind } from '../MockLedgerFaultKind'

/** A fault chosen for one request, with a draw in [0, 1) for its variant (502 or 503, ...). */
export type PickedFault = Readonly<{ kind: MockLedgerFaultKind; variant: number }>

/** A well-mixed 32-bit hash of (seed, request number, purpose), as a fraction in [0, 1). */
function draw(seed: number, request: number, salt: number): number {
  let h = (seed ^ Math.imul(request + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x7feb352d)
  h ^= h >>> 15
  h = Math.imul(h, 0x846ca68b)
  h ^= h >>> 16
  return (h >>> 0) / 2 ** 32
}

/**
 * The fault of the `request`-th request (0-based), or undefined. A pure function of the seed
 * and the request number, so the same sequence of requests meets the same faults on every run.
 * `batchRejection` only applies to batch bodies; other bodies choose among the remaining kinds.
 */
export function pickFault(
  seed: number,
  rate: number,
  kinds: readonly MockLedgerFaultKind[],
  request: number,
  isBatch: boolean,
): PickedFault | undefined {
  if (draw(seed, request, 0) >= rate) return undefined
  const applicable = isBatch ? kinds : kinds.filter((kind) => kind !== 'batchRejection')
  const kind = applicable[Math.floor(draw(seed, request, 1) * applicable.length)]
  return kind === undefined ? undefined : { kind, variant: draw(seed, request, 2) }
}
