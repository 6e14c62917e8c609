// Base58 (the Bitcoin alphabet) for the two things the client does with it: check that a
// signature or address decodes to the right number of bytes, and re-encode a transaction the node
// would only send as base64. Written here rather than taken from `bs58` for the browser bundle:
// bs58 and its base-x cost 884 B of gzip in the bundle of `createHttpTransport` + two actions
// (8.6% of its 10 KiB budget), these two functions about 200 B. Exactness is tested against bs58
// on random inputs (test/shared/base58.test.ts); the mock ledger and the tests still use bs58.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Bytes `text` decodes to, or `undefined` when it is not base58. @internal */
export function base58ByteLength(text: string): number | undefined {
  let value = 0n
  let zeros = 0
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) return undefined
    // Each leading '1' stands for a zero byte.
    if (digit === 0 && value === 0n) zeros++
    value = value * 58n + BigInt(digit)
  }
  return value === 0n ? zeros : zeros + Math.ceil(value.toString(16).length / 2)
}

/** The base58 text of `bytes`. @internal */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  return '1'.repeat(zeros) + text
}

/** The bytes of base58 `text`, or `undefined` when it is not base58. @internal */
export function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n
  let zeros = 0
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) return undefined
    if (digit === 0 && value === 0n) zeros++
    value = value * 58n + BigInt(digit)
  }
  const hex = value === 0n ? '' : value.toString(16)
  const body = hex.length % 2 === 0 ? hex : `0${hex}`
  const bytes = new Uint8Array(zeros + body.length / 2)
  for (let i = 0; i < body.length / 2; i++) {
    bytes[zeros + i] = Number.parseInt(body.slice(2 * i, 2 * i + 2), 16)
  }
  return bytes
}
