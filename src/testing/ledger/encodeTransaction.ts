import { sign } from 'node:crypto'
import type { CompiledMessage } from './compileMessage'
import { encodeKeyBase58 } from './encodeKeyBase58'
import { allocateFromSlab } from './memory'

export type EncodedTransaction = Readonly<{
  /** Signatures then message, as on the wire: a view into a shared block (mind `byteOffset`). */
  wire: Uint8Array
  /** Base58 signatures, in signer order. */
  signatures: readonly string[]
}>

/**
 * Serializes `message` (legacy, or v0 with its 0x80 prefix and lookups) after room for the
 * signatures, then signs the message bytes with each required signer's key (Ed25519 through
 * node:crypto) and writes the signatures in front.
 */
export function encodeTransaction(
  message: CompiledMessage,
  blockhash: Uint8Array,
): EncodedTransaction {
  const signerCount = message.header.numRequiredSignatures
  const messageOffset = writeCompactU16(undefined, 0, signerCount) + 64 * signerCount
  const wire = allocateFromSlab(messageOffset + writeMessage(undefined, message, blockhash, 0))
  writeCompactU16(wire, 0, signerCount)
  writeMessage(wire, message, blockhash, messageOffset)
  const body = wire.subarray(messageOffset)
  const signatures: string[] = []
  for (let i = 0; i < signerCount; i++) {
    const key = message.staticKeys[i]?.signingKey
    if (key === undefined) throw new Error(`signer ${i} of a generated message has no key`)
    const signature = sign(null, body, key)
    const at = messageOffset - 64 * (signerCount - i)
    wire.set(signature, at)
    signatures.push(encodeKeyBase58(wire.subarray(at, at + 64)))
  }
  return { wire, signatures }
}

/** Writes (or, without `out`, measures) the message; returns its end offset. */
function writeMessage(
  out: Uint8Array | undefined,
  message: CompiledMessage,
  blockhash: Uint8Array,
  offset: number,
): number {
  let at = offset
  const byte = (value: number): void => {
    if (out) out[at] = value
    at++
  }
  const bytes = (value: Uint8Array | readonly number[]): void => {
    if (out) out.set(value, at)
    at += value.length
  }
  if (message.version === 0) byte(0x80)
  byte(message.header.numRequiredSignatures)
  byte(message.header.numReadonlySignedAccounts)
  byte(message.header.numReadonlyUnsignedAccounts)
  at = writeCompactU16(out, at, message.staticKeys.length)
  for (const key of message.staticKeys) bytes(key.bytes)
  bytes(blockhash)
  at = writeCompactU16(out, at, message.instructions.length)
  for (const instruction of message.instructions) {
    byte(instruction.programIdIndex)
    at = writeCompactU16(out, at, instruction.accounts.length)
    bytes(instruction.accounts)
    at = writeCompactU16(out, at, instruction.data.length)
    bytes(instruction.data)
  }
  if (message.lookups !== undefined) {
    at = writeCompactU16(out, at, message.lookups.length)
    for (const lookup of message.lookups) {
      bytes(lookup.table.bytes)
      at = writeCompactU16(out, at, lookup.writableIndexes.length)
      bytes(lookup.writableIndexes)
      at = writeCompactU16(out, at, lookup.readonlyIndexes.length)
      bytes(lookup.readonlyIndexes)
    }
  }
  return at
}

/**
 * Writes `value` (0..65535) as a compact-u16 ("shortvec": 7 bits per byte, low bits first, high
 * bit set on every byte but the last) at `offset` and returns the offset after it. With no `out`
 * it only measures.
 */
export function writeCompactU16(
  out: Uint8Array | undefined,
  offset: number,
  value: number,
): number {
  let rest = value
  let at = offset
  for (;;) {
    const low = rest & 0x7f
    rest >>>= 7
    if (rest === 0) {
      if (out) out[at] = low
      return at + 1
    }
    if (out) out[at] = low | 0x80
    at++
  }
}

/**
 * Writes `value` as an unsigned little-endian integer of `byteLength` bytes at `offset`.
 */
export function writeLittleEndian(
  out: Uint8Array,
  offset: number,
  value: bigint,
  byteLength: number,
): void {
  let rest = value
  for (let i = 0; i < byteLength; i++) {
    out[offset + i] = Number(rest & 0xffn)
    rest >>= 8n
  }
}
