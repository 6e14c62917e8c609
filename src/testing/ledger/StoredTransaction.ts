import type { LedgerMessage, LedgerMeta, LedgerTransaction } from './LedgerState'
import { readMessage } from './readMessage'

/** Everything a stored transaction keeps; the message is decoded from `wire` when first read. */
export type StoredTransactionFields = Omit<LedgerTransaction, 'message'> &
  Readonly<{ recentBlockhash: string }>

/**
 * A ledger transaction whose `message` is decoded from its wire bytes on first access and then
 * kept. A big ledger would otherwise hold a dozen small objects per transaction that the RPC
 * layer reads for a handful of them.
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
