import { Connection, PublicKey, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import { profileRules } from '../../src/testing/rpc/profileRules'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { sharedLedger } from '../support/sharedLedger'

/**
 * A client we did not write, against the served ledger of every profile that has the
 * replacement methods web3.js v1 calls (1.7 and later).
 */
const PROFILES: readonly LedgerProfile[] = ['v1.9', 'v1.14', 'v1.18', 'v2', 'v4']

describe.each(PROFILES)('@solana/web3.js v1 Connection against serveMockLedger (%s)', (profile) => {
  const ledger = sharedLedger({ seed: 5, transactions: 500, profile })
  const rules = profileRules(profile)
  let server: MockLedgerServer
  let connection: Connection

  beforeAll(async () => {
    server = await serveMockLedger(ledger)
    connection = new Connection(server.url, {
      commitment: 'finalized',
      disableRetryOnRateLimit: true,
    })
  })
  afterAll(() => server.close())

  it('signature pages match the ledger, through each method the node has', async () => {
    for (const address of ledger.addresses().slice(0, 3)) {
      const expected = ledger.signatures(address)
      const key = new PublicKey(address)
      const first = await connection.getSignaturesForAddress(key, { limit: 50 })
      expect(first).toEqual(expected.slice(0, 50).map((info) => ({ ...info })))
      const last = first.at(-1)?.signature ?? ''
      const second = await connection.getSignaturesForAddress(key, { limit: 50, before: last })
      expect(second.map((info) => info.signature)).toEqual(
        expected.slice(50, 100).map((info) => info.signature),
      )
      if (rules.deprecatedMethods) {
        const deprecated = await connection.getConfirmedSignaturesForAddress2(key, { limit: 50 })
        expect(deprecated).toEqual(expected.slice(0, 50).map((info) => ({ ...info })))
      }
    }
  })

  it('getParsedTransaction and getTransaction (maxSupportedTransactionVersion 0) return the held values', async () => {
    // Every 4th finalized transaction: all kinds (token, memo, failures, v0, CPI) appear.
    const sample = ledger
      .addresses()
      .slice(0, 1)
      .flatMap((address) => ledger.signatures(address))
      .filter((_, i) => i % 4 === 0)
    expect(sample.length).toBeGreaterThan(50)
    let withoutMeta = 0
    for (const info of sample) {
      const tx = ledger.transaction(info.signature)
      if (tx === undefined) throw new Error('missing transaction')
      const parsed = await connection.getParsedTransaction(info.signature, {
        maxSupportedTransactionVersion: 0,
      })
      expect(parsed?.slot).toBe(tx.slot)
      expect(parsed?.transaction.signatures).toEqual(tx.signatures)
      // 1.9 ignores maxSupportedTransactionVersion, so it never writes `version`.
      expect(parsed?.version).toBe(rules.versionParam ? tx.message.version : undefined)
      expect(parsed?.transaction.message.accountKeys.map((key) => key.pubkey.toBase58())).toEqual([
        ...tx.message.staticAccountKeys,
        ...tx.loadedAddresses.writable,
        ...tx.loadedAddresses.readonly,
      ])
      const plain = await connection.getTransaction(info.signature, {
        maxSupportedTransactionVersion: 0,
      })
      expect(plain?.slot).toBe(tx.slot)
      expect(plain?.blockTime).toBe(info.blockTime)
      expect(plain?.transaction.message.staticAccountKeys.map((key) => key.toBase58())).toEqual(
        tx.message.staticAccountKeys,
      )
      if (tx.metaMissing) {
        withoutMeta++
        expect(parsed?.meta).toBeNull()
        expect(plain?.meta).toBeNull()
        continue
      }
      expect(parsed?.meta?.fee).toBe(Number(tx.meta.fee))
      expect(plain?.meta?.err ?? null).toEqual(tx.meta.err)
      expect(plain?.meta?.preBalances).toEqual(tx.meta.preBalances.map(Number))
      expect(plain?.meta?.loadedAddresses?.writable.map((key) => key.toBase58())).toEqual(
        rules.loadedAddresses ? tx.loadedAddresses.writable : undefined,
      )
    }
    expect(withoutMeta).toBeLessThan(sample.length / 20)
  })

  it('VersionedTransaction.deserialize reads every other base64 transaction of the ledger', async () => {
    const held = [...ledger.state.bySignature.values()]
      .filter(
        (tx) =>
          tx.slot <= ledger.state.frontiers.finalized && tx.slot >= ledger.state.firstAvailableSlot,
      )
      .filter((_, i) => i % 2 === 0)
    // One batch rather than a request each: the node writes each result as it would alone.
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        held.map((tx, id) => ({
          jsonrpc: '2.0',
          id,
          method: 'getTransaction',
          params: [tx.signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }],
        })),
      ),
    })
    const answers = (await response.json()) as {
      id: number
      result: { transaction: [string, string] }
    }[]
    expect(answers.map((answer) => answer.id)).toEqual(held.map((_, id) => id))
    let v0 = 0
    for (const [id, tx] of held.entries()) {
      const answer = answers[id] as (typeof answers)[number]
      const decoded = VersionedTransaction.deserialize(
        Buffer.from(answer.result.transaction[0], 'base64'),
      )
      expect(bs58.encode(decoded.signatures[0] ?? new Uint8Array())).toBe(tx.signature)
      expect(decoded.version).toBe(tx.message.version)
      expect(decoded.message.staticAccountKeys.map((key) => key.toBase58())).toEqual(
        tx.message.staticAccountKeys,
      )
      expect(decoded.message.recentBlockhash).toBe(tx.message.recentBlockhash)
      if (decoded.version === 0) v0++
    }
    // v0 messages exist from 1.10.
    if (rules.versionParam) expect(v0).toBeGreaterThan(0)
    else expect(v0).toBe(0)
  })
})
