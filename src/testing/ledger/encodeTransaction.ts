import { sign } from 'node:crypto'
import type { CompiledMessage } from './compileMessage'
import { encodeKeyBase58 } from './encodeKeyBase58'
import { allocateFromSlab } from './memory'

type EncodedTransaction = Readonly<{
  /**
   * The transaction as on the wire (signatures then message; v1: message then signatures): a view
   * into a shared block (mind `byteOffset`).
   */
  wire: Uint8Array
  /** Base58 signatures, in signer order. */
  signatures: readonly string[]
}>

/**
 * Serializes `message` (legacy, or v0 with its 0x80 prefix and lookups) after room for the
 * signatures, then signs the message bytes with each required signer's key (Ed25519 through
 * node:crypto) and writes the signatures in front. A v1 message is laid out its own way, its
 * signatures after it (see `encodeV1Transaction`).
 */
export function encodeTransaction(
  message: CompiledMessage,
  blockhash: Uint8Array,
): EncodedTransaction {
  if (message.version === 1) return encodeV1Transaction(message, blockhash)
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
  const w = byteWriter(out, offset)
  const { byte, bytes, compact } = w
  if (message.version === 0) byte(0x80)
  byte(message.header.numRequiredSignatures)
  byte(message.header.numReadonlySignedAccounts)
  byte(message.header.numReadonlyUnsignedAccounts)
  compact(message.staticKeys.length)
  for (const key of message.staticKeys) bytes(key.bytes)
  bytes(blockhash)
  compact(message.instructions.length)
  for (const instruction of message.instructions) {
    byte(instruction.programIdIndex)
    compact(instruction.accounts.length)
    bytes(instruction.accounts)
    compact(instruction.data.length)
    bytes(instruction.data)
  }
  if (message.lookups !== undefined) {
    compact(message.lookups.length)
    for (const lookup of message.lookups) {
      bytes(lookup.table.bytes)
      compact(lookup.writableIndexes.length)
      bytes(lookup.writableIndexes)
      compact(lookup.readonlyIndexes.length)
      bytes(lookup.readonlyIndexes)
    }
  }
  return w.at()
}

/**
 * Writes bytes at a moving offset into `out`, or, without `out`, only moves the offset: one pass
 * measures a message, the next writes it.
 */
function byteWriter(out: Uint8Array | undefined, offset: number) {
  let at = offset
  return {
    byte(value: number): void {
      if (out) out[at] = value
      at++
    },
    bytes(value: Uint8Array | readonly number[]): void {
      if (out) out.set(value, at)
      at += value.length
    },
    compact(value: number): void {
      at = writeCompactU16(out, at, value)
    },
    little(value: bigint, length: number): void {
      if (out) writeLittleEndian(out, at, value, length)
      at += length
    },
    at: (): number => at,
  }
}

/** SIMD-0385's limits on a v1 transaction (sanitization failures past them). */
export const V1_LIMITS = {
  /** Bytes of the whole transaction, signatures included (SIMD-0296). */
  transactionBytes: 4_096,
  signatures: 12,
  addresses: 64,
  instructions: 64,
} as const

/** The config mask bits of a v1 message: the priority fee takes two (8 bytes), the others one. */
const PRIORITY_FEE_BITS = 0b11
const COMPUTE_UNIT_LIMIT_BIT = 0b100
const LOADED_ACCOUNTS_DATA_SIZE_BIT = 0b1000
const HEAP_SIZE_BIT = 0b1_0000

/**
 * A v1 transaction (SIMD-0385) as Agave 4.2 lays it out: the message first, `0x81` (version 1
 * with the high bit), the legacy header, the config mask (u32 LE), the lifetime (recent
 * blockhash), the instruction count and the address count (one byte each), the addresses, the
 * config values the mask marks (priority fee u64 LE, compute unit limit, loaded accounts data
 * size limit, heap size, each u32 LE, in that order), one header per instruction (program index,
 * account count, data length u16 LE), then each instruction's account indexes and data; then the
 * signatures, with no count (the header's `numRequiredSignatures` gives it), each over every
 * byte before them. No lookup tables.
 *
 * Source: anza-xyz/solana-sdk `message/src/versions/v1/message.rs` (`SchemaWrite for Message`,
 * `Message::serialize`) and `message/src/versions/v1/config.rs`, `mod.rs` (the mask bits, the
 * limits) at commit 122f32e571ce39face4beffaccea733e37c207fd, the `solana-message` crate
 * Agave 4.2 builds on. SIMD-0385 (solana-foundation/solana-improvement-documents
 * `proposals/0385-transaction-v1.md` at b21bf31) lists the instruction count before the mask;
 * the implementation, and web3.js 1.99's `MessageV1.deserialize`, read it after the lifetime.
 */
function encodeV1Transaction(message: CompiledMessage, blockhash: Uint8Array): EncodedTransaction {
  const signerCount = message.header.numRequiredSignatures
  const messageLength = writeV1Message(undefined, message, blockhash)
  const total = messageLength + 64 * signerCount
  checkV1Limits(message, total)
  const wire = allocateFromSlab(total)
  writeV1Message(wire, message, blockhash)
  const body = wire.subarray(0, messageLength)
  const signatures: string[] = []
  for (let i = 0; i < signerCount; i++) {
    const key = message.staticKeys[i]?.signingKey
    if (key === undefined) throw new Error(`signer ${i} of a generated message has no key`)
    const at = messageLength + 64 * i
    wire.set(sign(null, body, key), at)
    signatures.push(encodeKeyBase58(wire.subarray(at, at + 64)))
  }
  return { wire, signatures }
}

/** A generated v1 transaction past a SIMD-0385 limit is a bug of the generator: it throws. */
function checkV1Limits(message: CompiledMessage, total: number): void {
  const over =
    total > V1_LIMITS.transactionBytes
      ? `${total} bytes`
      : message.header.numRequiredSignatures > V1_LIMITS.signatures
        ? `${message.header.numRequiredSignatures} signatures`
        : message.staticKeys.length > V1_LIMITS.addresses
          ? `${message.staticKeys.length} addresses`
          : message.instructions.length > V1_LIMITS.instructions
            ? `${message.instructions.length} instructions`
            : undefined
  if (over !== undefined) throw new Error(`mock ledger: a v1 transaction of ${over}`)
}

/** Writes (or, without `out`, measures) a v1 message from offset 0; returns its length. */
function writeV1Message(
  out: Uint8Array | undefined,
  message: CompiledMessage,
  blockhash: Uint8Array,
): number {
  const config = message.transactionConfig
  const w = byteWriter(out, 0)
  const { byte, bytes, little } = w
  const mask =
    (config?.priorityFee != null ? PRIORITY_FEE_BITS : 0) |
    (config?.computeUnitLimit != null ? COMPUTE_UNIT_LIMIT_BIT : 0) |
    (config?.loadedAccountsDataSizeLimit != null ? LOADED_ACCOUNTS_DATA_SIZE_BIT : 0) |
    (config?.heapSize != null ? HEAP_SIZE_BIT : 0)
  byte(0x81)
  byte(message.header.numRequiredSignatures)
  byte(message.header.numReadonlySignedAccounts)
  byte(message.header.numReadonlyUnsignedAccounts)
  little(BigInt(mask), 4)
  bytes(blockhash)
  byte(message.instructions.length)
  byte(message.staticKeys.length)
  for (const key of message.staticKeys) bytes(key.bytes)
  if (config?.priorityFee != null) little(config.priorityFee, 8)
  for (const value of [
    config?.computeUnitLimit,
    config?.loadedAccountsDataSizeLimit,
    config?.heapSize,
  ]) {
    if (value != null) little(BigInt(value), 4)
  }
  for (const instruction of message.instructions) {
    byte(instruction.programIdIndex)
    byte(instruction.accounts.length)
    little(BigInt(instruction.data.length), 2)
  }
  for (const instruction of message.instructions) {
    bytes(instruction.accounts)
    bytes(instruction.data)
  }
  return w.at()
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
