import type { RpcTransport } from '../../src/transport/types'
import { syntheticIndex, syntheticSignature } from './syntheticSignature'

/**
 * An in-process transport serving one address with `count` entries, three per slot, made on
 * the fly: a history of millions without a ledger in memory.
 */
export function syntheticHistory(count: number, topSlot = 300_000_000): RpcTransport {
  return async (request) => {
    await Promise.resolve()
    const config = (request.params[1] ?? {}) as { before?: string; limit?: number }
    const from = config.before === undefined ? 0 : syntheticIndex(config.before) + 1
    const to = Math.min(count, from + (config.limit ?? 1000))
    const page: unknown[] = []
    for (let i = from; i < to; i++) {
      page.push({
        signature: syntheticSignature(i),
        slot: topSlot - Math.floor(i / 3),
        err: null,
        memo: null,
        blockTime: null,
        confirmationStatus: 'finalized',
      })
    }
    return page
  }
}
