import { MessageV1, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { encodeKeyBase58 } from '../../src/testing/ledger/encodeKeyBase58'
import { COMPUTE_BUDGET_PROGRAM_ID, SYSTEM_PROGRAM_ID } from '../../src/testing/ledger/programIds'
import type { LedgerTransaction } from '../../src/testing/ledger/types'
import { sharedLedger } from '../support/sharedLedger'
import { verifySignature } from './ledger/verifyHelpers'

type Json = Record<string, unknown>

const UNSUPPORTED = (version: number) => ({
  code: -32015,
  message: `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
})

describe("the 'v4.2' profile's v1 transactions", () => {
  const ledger = sharedLedger({ profile: 'v4.2', seed: 5, transactions: 1_500, base58Limit: false })
  const { state } = ledger
  const all = [...state.bySignature.values()]
  const v1 = all.filter((tx) => tx.message.version === 1)
  const visible = v1.filter((tx) => tx.slot <= state.frontiers.finalized)
  let id = 0
  const call = (method: string, params: unknown[]) =>
    ledger.handle({ jsonrpc: '2.0', id: ++id, method, params }) as { result?: Json; error?: Json }
  const get = (tx: LedgerTransaction, encoding: string) => {
    const answer = call('getTransaction', [
      tx.signature,
      { encoding, maxSupportedTransactionVersion: 1 },
    ])
    expect(answer.error, tx.signature).toBeUndefined()
    return answer.result as Json
  }

  it('holds v1 transactions in its newer half only, about 40% of them, of several kinds', () => {
    const half = Math.floor(all.length / 2)
    expect(all.slice(0, half).filter((tx) => tx.message.version === 1)).toEqual([])
    const share = v1.length / (all.length - half)
    expect(share).toBeGreaterThan(0.3)
    expect(share).toBeLessThan(0.5)
    const programs = (tx: LedgerTransaction) =>
      new Set(tx.message.instructions.map((ix) => tx.accountKeys[ix.programIdIndex]))
    const failures = new Set(
      v1.filter((tx) => tx.meta.err !== null).map((tx) => JSON.stringify(tx.meta.err)),
    )
    expect(v1.some((tx) => programs(tx).size === 1 && programs(tx).has(SYSTEM_PROGRAM_ID))).toBe(
      true,
    )
    expect(v1.some((tx) => (tx.meta.postTokenBalances?.length ?? 0) > 0)).toBe(true)
    expect(v1.some((tx) => (tx.meta.innerInstructions?.length ?? 0) > 0)).toBe(true)
    expect(failures).toContain('"MaxLoadedAccountsDataSizeExceeded"')
    expect(failures.size).toBeGreaterThanOrEqual(4)
    // Larger than legacy and v0 may be (1,232 bytes): SIMD-0296.
    expect(v1.some((tx) => tx.wire.length > 1_232)).toBe(true)
  })

  it('keeps every v1 transaction within the SIMD-0385 limits, without lookups or budget instructions', () => {
    for (const tx of v1) {
      expect(tx.wire.length).toBeLessThanOrEqual(4_096)
      expect(tx.signatures.length).toBeLessThanOrEqual(12)
      expect(tx.message.staticAccountKeys.length).toBeLessThanOrEqual(64)
      expect(tx.message.staticAccountKeys).toEqual(tx.accountKeys)
      expect(tx.message.addressTableLookups).toBeUndefined()
      expect(tx.loadedAddresses).toEqual({ writable: [], readonly: [] })
      expect(tx.accountKeys).not.toContain(COMPUTE_BUDGET_PROGRAM_ID)
      expect(tx.wire[0]).toBe(0x81)
    }
  })

  it('charges 5,000 lamports a signature plus the priority fee, and balances add up', () => {
    for (const tx of v1) {
      const config = tx.message.transactionConfig
      const { fee, preBalances, postBalances, err, rewards } = tx.meta
      expect(fee).toBe(5_000n * BigInt(tx.signatures.length) + (config?.priorityFee ?? 0n))
      const sum = (balances: readonly bigint[]) => balances.reduce((a, b) => a + b, 0n)
      // The fee, and any rent the run paid (reported as negative `Rent` rewards), leave.
      const rent = -(rewards ?? []).reduce((total, reward) => total + reward.lamports, 0n)
      expect(sum(preBalances) - sum(postBalances), tx.signature).toBe(fee + rent)
      if (err !== null) {
        expect(postBalances[0]).toBe((preBalances[0] ?? 0n) - fee)
        expect(postBalances.slice(1)).toEqual(preBalances.slice(1))
      }
    }
  })

  it('sends every encoding as 4.2 writes it: json, jsonParsed, and the v1 wire', () => {
    for (const tx of visible.slice(0, 60)) {
      const json = get(tx, 'json')
      expect(json.version).toBe(1)
      const message = (json.transaction as Json).message as Json
      expect(Object.keys(message)).toEqual([
        'header',
        'accountKeys',
        'recentBlockhash',
        'instructions',
        'transactionConfig',
      ])
      const config = tx.message.transactionConfig
      expect(message.transactionConfig).toEqual({
        priorityFee: config?.priorityFee == null ? null : Number(config.priorityFee),
        computeUnitLimit: config?.computeUnitLimit ?? null,
        loadedAccountsDataSizeLimit: config?.loadedAccountsDataSizeLimit ?? null,
        heapSize: config?.heapSize ?? null,
      })
      expect(Object.keys(message.transactionConfig as Json)).toEqual([
        'priorityFee',
        'computeUnitLimit',
        'loadedAccountsDataSizeLimit',
        'heapSize',
      ])
      const parsed = (get(tx, 'jsonParsed').transaction as Json).message as Json
      expect(Object.keys(parsed)).toEqual([
        'accountKeys',
        'recentBlockhash',
        'instructions',
        'transactionConfig',
      ])
      for (const key of parsed.accountKeys as Json[]) expect(key.source).toBe('transaction')
      expect((get(tx, 'base64').transaction as string[])[0]).toBe(
        Buffer.from(tx.wire).toString('base64'),
      )
      expect((get(tx, 'base58').transaction as string[])[0]).toBe(bs58.encode(tx.wire))
    }
  })

  it('has a wire that web3.js 1.99 reads field for field as the json message, signatures verified', () => {
    for (const tx of visible) {
      const json = get(tx, 'json')
      const sent = json.transaction as { signatures: string[]; message: Json }
      const parsed = VersionedTransaction.deserialize(tx.wire)
      expect(parsed.message).toBeInstanceOf(MessageV1)
      const message = parsed.message as MessageV1
      expect(message.header).toEqual(sent.message.header)
      expect(message.staticAccountKeys.map((key) => key.toBase58())).toEqual(
        sent.message.accountKeys,
      )
      expect(message.recentBlockhash).toBe(sent.message.recentBlockhash)
      expect(
        message.compiledInstructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: ix.accountKeyIndexes,
          data: bs58.encode(ix.data),
          stackHeight: 1,
        })),
      ).toEqual(sent.message.instructions)
      const config = sent.message.transactionConfig as Json
      expect(message.transactionConfig).toEqual({
        ...config,
        priorityFee: config.priorityFee === null ? null : Number(config.priorityFee),
      })
      const signatures = parsed.signatures.map((signature) => encodeKeyBase58(signature))
      expect(signatures).toEqual(sent.signatures)
      const body = tx.wire.subarray(0, tx.wire.length - 64 * signatures.length)
      for (const [i, signature] of parsed.signatures.entries()) {
        const signer = sent.message.accountKeys as string[]
        expect(verifySignature(signer[i] ?? '', body, signature)).toBe(true)
      }
    }
  })

  it('is decoded by the client in every encoding, u64 as numbers or bigints', async () => {
    const sample = [visible[0], visible.find((tx) => tx.meta.err !== null)] as LedgerTransaction[]
    for (const u64 of ['number', 'bigint'] as const) {
      const client = createClient({ transport: ledger.transport, u64 })
      for (const tx of sample) {
        for (const encoding of ['json', 'jsonParsed'] as const) {
          const record = await client.getTransaction(tx.signature, {
            encoding,
            maxSupportedTransactionVersion: 1,
          })
          expect(record?.version).toBe(1)
          expect(record?.meta?.fee).toBe(u64 === 'bigint' ? tx.meta.fee : Number(tx.meta.fee))
          const message = record?.transaction.message as unknown as Json
          const config = message.transactionConfig as Json
          expect(BigInt((config.priorityFee as number | bigint | null) ?? -1)).toBe(
            tx.message.transactionConfig?.priorityFee ?? -1n,
          )
          expect(config.computeUnitLimit).toBe(tx.message.transactionConfig?.computeUnitLimit)
        }
        for (const encoding of ['base64', 'base58'] as const) {
          const record = await client.getTransaction(tx.signature, {
            encoding,
            maxSupportedTransactionVersion: 1,
          })
          const [data] = record?.transaction ?? ['']
          const bytes = encoding === 'base64' ? Buffer.from(data, 'base64') : bs58.decode(data)
          expect(Buffer.from(bytes).equals(Buffer.from(tx.wire))).toBe(true)
        }
      }
    }
  })
})

describe("-32015 on the 'v4.2' profile", () => {
  const ledger = sharedLedger({ profile: 'v4.2', seed: 5, transactions: 1_500 })
  const { state } = ledger
  const finalized = [...state.bySignature.values()].filter(
    (tx) => tx.slot <= state.frontiers.finalized && tx.slot >= state.firstAvailableSlot,
  )
  const v1 = finalized.find((tx) => tx.message.version === 1) as LedgerTransaction
  const v0 = finalized.find((tx) => tx.message.version === 0) as LedgerTransaction
  let id = 0
  const call = (method: string, params: unknown[]) =>
    ledger.handle({ jsonrpc: '2.0', id: ++id, method, params }) as { result?: Json; error?: Json }

  it('refuses a v1 transaction asked for with version 0 or none, and a v0 one asked with none', () => {
    expect(
      call('getTransaction', [v1.signature, { maxSupportedTransactionVersion: 0 }]).error,
    ).toEqual(UNSUPPORTED(1))
    expect(call('getTransaction', [v1.signature]).error).toEqual(UNSUPPORTED(1))
    expect(call('getTransaction', [v1.signature, { encoding: 'base64' }]).error).toEqual(
      UNSUPPORTED(1),
    )
    expect(call('getTransaction', [v0.signature]).error).toEqual(UNSUPPORTED(0))
    expect(
      call('getTransaction', [v0.signature, { maxSupportedTransactionVersion: 0 }]).result?.version,
    ).toBe(0)
    expect(
      call('getTransaction', [v1.signature, { maxSupportedTransactionVersion: 1 }]).result?.version,
    ).toBe(1)
  })

  it('fails a whole getBlock in full and accounts modes, not in signatures or none', () => {
    const block = state.blocks.get(v1.slot)
    expect(block).toBeDefined()
    // The node encodes the block in order and stops at the first transaction it cannot write.
    const firstVersioned = (max: number | undefined) =>
      block?.transactions.find(
        (tx) => tx.message.version !== 'legacy' && (max === undefined || tx.message.version > max),
      )?.message.version
    for (const transactionDetails of ['full', 'accounts']) {
      const at0 = call('getBlock', [
        v1.slot,
        { transactionDetails, maxSupportedTransactionVersion: 0 },
      ])
      expect(at0.error).toEqual(UNSUPPORTED(1))
      const none = call('getBlock', [v1.slot, { transactionDetails }])
      expect(none.error).toEqual(UNSUPPORTED(firstVersioned(undefined) as number))
      const at1 = call('getBlock', [
        v1.slot,
        { transactionDetails, maxSupportedTransactionVersion: 1 },
      ])
      expect(at1.result?.transactions).toHaveLength(block?.transactions.length ?? -1)
    }
    expect(firstVersioned(0)).toBe(1)
    const signatures = call('getBlock', [v1.slot, { transactionDetails: 'signatures' }])
    expect(signatures.result?.signatures).toContain(v1.signature)
    expect(call('getBlock', [v1.slot, { transactionDetails: 'none' }]).error).toBeUndefined()
  })

  it('lists v1 signatures in getSignaturesForAddress as any other', () => {
    const payer = v1.accountKeys[0] as string
    const infos = ledger.signatures(payer)
    expect(infos.map((info) => info.signature)).toContain(v1.signature)
    const page = call('getSignaturesForAddress', [payer, { limit: 1000 }])
    expect(page.error).toBeUndefined()
    expect((page.result as unknown as Json[]).map((info) => info.signature)).toContain(v1.signature)
  })
})
