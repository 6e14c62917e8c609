const CODES = Uint8Array.from('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', (c) =>
  c.charCodeAt(0),
)
/** 58^5: five base58 digits per limb keep `limb * 65536 + carry` exact in a double. */
const LIMB = 656_356_768
const limbs: number[] = []
const chars = new Uint16Array(256)

/**
 * Base58 of a key or signature (at most 64 bytes; the output buffer holds 256 characters). It
 * works on 16-bit chunks and base-58^5 limbs in plain doubles. The ledger encodes several keys per
 * transaction, so this is on the build's hot path: with bs58's `encode` here instead, building a
 * 100k-transaction ledger took 12.7-15.5 s against 10.5-11.9 s (2 cores, two runs each, about
 * 25% slower), over the 10% the project allows a hand-written codec; everything else uses bs58.
 */
export function encodeKeyBase58(bytes: Uint8Array): string {
  const n = bytes.length
  let zeros = 0
  while (zeros < n && bytes[zeros] === 0) zeros++
  limbs.length = 0
  let i = zeros
  if ((n - i) % 2 === 1) {
    addChunk(bytes[i] ?? 0, 256)
    i++
  }
  for (; i < n; i += 2) addChunk(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0), 65_536)
  let length = 0
  for (let z = 0; z < zeros; z++) chars[length++] = 49
  for (let l = limbs.length - 1; l >= 0; l--) {
    let value = limbs[l] ?? 0
    const digits = l === limbs.length - 1 ? digitCount(value) : 5
    for (let d = length + digits - 1; d >= length; d--) {
      const q = Math.floor(value / 58)
      chars[d] = CODES[value - q * 58] ?? 49
      value = q
    }
    length += digits
  }
  return String.fromCharCode.apply(null, chars.subarray(0, length) as unknown as number[])
}

function addChunk(chunk: number, radix: number): void {
  let carry = chunk
  for (let j = 0; j < limbs.length; j++) {
    const x = (limbs[j] ?? 0) * radix + carry
    carry = Math.floor(x / LIMB)
    limbs[j] = x - carry * LIMB
  }
  while (carry > 0) {
    const q = Math.floor(carry / LIMB)
    limbs.push(carry - q * LIMB)
    carry = q
  }
}

function digitCount(value: number): number {
  let digits = 0
  for (let v = value; v > 0; v = Math.floor(v / 58)) digits++
  return digits
}
