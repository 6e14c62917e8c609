import bs58 from 'bs58'
import type { RpcTransport } from '../../src/transport/types'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

// Base58 of a 64-byte value whose low bytes are zero: its last 8 characters can carry an index
// (58^8 > 2^46) and the text still decodes to 64 bytes.
const PREFIX = bs58
  .encode(Uint8Array.from({ length: 64 }, (_, i) => (i === 0 ? 0x21 : i < 56 ? 0x5a : 0)))
  .slice(0, -8)

/** A valid, distinct base58 signature for entry `index` of a synthetic history. */
export function syntheticSignature(index: number): string {
  let digits = ''
  let rest = index
  for (let i = 0; i < 8; i++) {
    digits = ALPHABET[rest % 58] + digits
    rest = Math.floor(rest / 58)
  }
  return PREFIX + digits
}

/** The index {@link syntheticSignature} made a signature from. */
export function syntheticIndex(signature: string): number {
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
