import bs58 from 'bs58'
import type { RpcTransport } from '../../src/transport/RpcTransport'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
// A 64-byte value with room in its low bytes: the last 8 characters can carry an index.
const PREFIX = bs58
  .encode(Uint8Array.from({ length: 64 }, (_, i) => (i === 0 ? 0x10 : i < 56 ? 7 : 0)))
  .slice(0, -8)

/** The signature of entry `index` (0 = newest): base58 of 64 bytes, cheap to make and read. */
export function syntheticSignature(index: number): string {
  let digits = ''
  let rest = index
  for (let i = 0; i < 8; i++) {
    digits = ALPHABET[rest % 58] + digits
    rest = Math.floor(rest / 58)
  }
  return PREFIX + digits
}

function indexOf(signature: string): number {
  let index = 0
  for (const char of signature.slice(-8)) index = index * 58 + ALPHABET.indexOf(char)
  return index
}

/**
 * An in-process transport serving one address with `count` entries, three per slot, made on
 * the fly: a history of millions without a ledger in memory.
 */
export function syntheticHistory(count: number, topSlot = 300_000_000): RpcTransport {
  return async (request) => {
    await Promise.resolve()
    const config = (request.params[1] ?? {}) as { before?: string; limit?: number }
    const from = config.before === undefined ? 0 : indexOf(config.before) + 1
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
