import { encodeKeyBase58 } from './encodeKeyBase58'
import { internIndexes } from './memory'
import type {
  AddressTableLookup,
  CompiledInstruction,
  LedgerMessage,
  LedgerMeta,
  LedgerTransaction,
  TransactionConfigValues,
} from './types'

/** Everything a stored transaction keeps; the message is decoded from `wire` when first read. */
type StoredTransactionFields = Omit<LedgerTransaction, 'message'> &
  Readonly<{ recentBlockhash: string }>

/**
 * A ledger transaction whose `message` is decoded from its wire bytes on first access and then
 * kept. A big ledger would otherwise hold a dozen small objects per transaction that the RPC
 * layer reads for a handful of them: decoded up front, the messages of 20,000 transactions
 * take 17.9 MiB instead of 2.4 MiB (0.14x), a third of the whole ledger's heap
 * (`bench/mockLedgerAllocation.ts`).
 */
export class StoredTransaction implements LedgerTransaction {
  readonly signature: string
  readonly signatures: readonly string[]
  readonly slot: number
  readonly indexInBlock: number
  readonly wire: Uint8Array
  readonly loadedAddresses: LedgerTransaction['loadedAddresses']
  readonly meta: LedgerMeta
  readonly memo: string | null
  readonly accountKeys: readonly string[]
  readonly metaMissing: boolean | undefined
  readonly #recentBlockhash: string
  #decoded: LedgerMessage | undefined

  constructor(fields: StoredTransactionFields) {
    this.signature = fields.signature
    this.signatures = fields.signatures
    this.slot = fields.slot
    this.indexInBlock = fields.indexInBlock
    this.wire = fields.wire
    this.loadedAddresses = fields.loadedAddresses
    this.meta = fields.meta
    this.memo = fields.memo
    this.accountKeys = fields.accountKeys
    this.metaMissing = fields.metaMissing
    this.#recentBlockhash = fields.recentBlockhash
  }

  get message(): LedgerMessage {
    if (this.#decoded === undefined) {
      this.#decoded = readMessage(this.wire, this.accountKeys, this.#recentBlockhash)
    }
    return this.#decoded
  }
}

/**
 * Decodes the message part of a wire transaction. Key strings come from `accountKeys` (static
 * keys first, as the ledger stores them) and the blockhash string is passed in, so nothing but the
 * rare lookup table address needs base58 work; instruction data are views into `wire`.
 */
export function readMessage(
  wire: Uint8Array,
  accountKeys: readonly string[],
  recentBlockhash: string,
): LedgerMessage {
  if (wire[0] === V1_PREFIX) return readV1Message(wire, accountKeys, recentBlockhash)
  let at = 0
  const byte = (): number => wire[at++] ?? 0
  const compactU16 = (): number => {
    let value = 0
    for (let shift = 0; ; shift += 7) {
      const b = byte()
      value |= (b & 0x7f) << shift
      if ((b & 0x80) === 0) return value
    }
  }
  const indexes = (): readonly number[] => {
    const count = compactU16()
    const list = Array.from(wire.subarray(at, at + count))
    at += count
    return internIndexes(list)
  }
  const signatureCount = compactU16()
  at += 64 * signatureCount
  const versioned = (wire[at] ?? 0) & 0x80
  if (versioned) at++
  const header = {
    numRequiredSignatures: byte(),
    numReadonlySignedAccounts: byte(),
    numReadonlyUnsignedAccounts: byte(),
  }
  const staticCount = compactU16()
  at += 32 * staticCount + 32
  const instructions: CompiledInstruction[] = []
  for (let i = compactU16(); i > 0; i--) {
    const programIdIndex = byte()
    const accounts = indexes()
    const length = compactU16()
    instructions.push({ programIdIndex, accounts, data: wire.subarray(at, at + length) })
    at += length
  }
  const staticAccountKeys =
    staticCount === accountKeys.length ? accountKeys : accountKeys.slice(0, staticCount)
  if (!versioned) {
    return { version: 'legacy', header, staticAccountKeys, recentBlockhash, instructions }
  }
  const addressTableLookups: AddressTableLookup[] = []
  for (let i = compactU16(); i > 0; i--) {
    const accountKey = encodeKeyBase58(wire.subarray(at, at + 32))
    at += 32
    const writableIndexes = indexes()
    const readonlyIndexes = indexes()
    addressTableLookups.push({ accountKey, writableIndexes, readonlyIndexes })
  }
  return {
    version: 0,
    header,
    staticAccountKeys,
    recentBlockhash,
    instructions,
    addressTableLookups,
  }
}

/** The first byte of a v1 transaction: its message's version byte (SIMD-0385: 129). */
const V1_PREFIX = 0x81

/**
 * Decodes the message of a v1 transaction (message first, signatures after it): the layout
 * `encodeTransaction` writes, with the config values the mask marks.
 */
function readV1Message(
  wire: Uint8Array,
  accountKeys: readonly string[],
  recentBlockhash: string,
): LedgerMessage {
  let at = 1
  const byte = (): number => wire[at++] ?? 0
  const little = (length: number): bigint => {
    let value = 0n
    for (let i = length - 1; i >= 0; i--) value = (value << 8n) | BigInt(wire[at + i] ?? 0)
    at += length
    return value
  }
  const header = {
    numRequiredSignatures: byte(),
    numReadonlySignedAccounts: byte(),
    numReadonlyUnsignedAccounts: byte(),
  }
  const mask = Number(little(4))
  at += 32
  const instructionCount = byte()
  const keyCount = byte()
  at += 32 * keyCount
  const u32 = (bit: number): number | null => ((mask & bit) !== 0 ? Number(little(4)) : null)
  const transactionConfig: TransactionConfigValues = {
    priorityFee: (mask & 0b11) !== 0 ? little(8) : null,
    computeUnitLimit: u32(0b100),
    loadedAccountsDataSizeLimit: u32(0b1000),
    heapSize: u32(0b1_0000),
  }
  const heads = Array.from({ length: instructionCount }, () => ({
    programIdIndex: byte(),
    accountCount: byte(),
    dataLength: Number(little(2)),
  }))
  const instructions: CompiledInstruction[] = heads.map((head) => {
    const accounts = internIndexes(Array.from(wire.subarray(at, at + head.accountCount)))
    at += head.accountCount
    const data = wire.subarray(at, at + head.dataLength)
    at += head.dataLength
    return { programIdIndex: head.programIdIndex, accounts, data }
  })
  return {
    version: 1,
    header,
    staticAccountKeys:
      keyCount === accountKeys.length ? accountKeys : accountKeys.slice(0, keyCount),
    recentBlockhash,
    instructions,
    transactionConfig,
  }
}
