import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import type { MockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { sharedLedger } from '../support/sharedLedger'

// Today's mainnet as the mock ledger serves it ('v4.2': legacy, v0 and v1 transactions), over
// HTTP, walked by a client with every default: no version, no walker, no u64 mode named.
let ledger: MockLedger
let server: MockLedgerServer
let address: string

beforeAll(async () => {
  ledger = sharedLedger({ seed: 42, transactions: 1_200, profile: 'v4.2' })
  server = await serveMockLedger(ledger)
  // The address with the most v1 transactions in its history.
  const v1Count = (candidate: string) =>
    ledger
      .signatures(candidate)
      .filter((info) => ledger.transaction(info.signature)?.message.version === 1).length
  address = [...ledger.addresses()].slice(0, 12).sort((a, b) => v1Count(b) - v1Count(a))[0] ?? ''
})
afterAll(() => server.close())

/** The history as the ledger holds it: each signature with its slot and message version. */
function oracle(limit: number) {
  return ledger
    .signatures(address)
    .slice(0, limit)
    .map((info) => ({
      signature: info.signature,
      slot: BigInt(info.slot),
      version: ledger.transaction(info.signature)?.message.version,
    }))
}

describe("transactionsForAddress on a 'v4.2' node over HTTP, with its defaults", () => {
  it.each([
    ['the sequential walk', undefined],
    ['rangeWalker({ parallel: 4 })', rangeWalker({ parallel: 4 })],
  ] as const)(
    '%s yields every transaction, v1 ones included, in history order',
    async (_, walker) => {
      const client = createClient({ url: server.url })
      const limit = 400
      const expected = oracle(limit)
      expect(expected.filter((entry) => entry.version === 1).length).toBeGreaterThan(20)
      expect(expected.filter((entry) => entry.version === 0).length).toBeGreaterThan(0)
      const got: { signature: string; slot: bigint; version: unknown }[] = []
      let fees = 0n
      const options = walker === undefined ? { limit } : { limit, walker }
      for await (const { info, transaction } of client.transactionsForAddress(address, options)) {
        expect(transaction?.transaction.signatures[0]).toBe(info.signature)
        got.push({ signature: info.signature, slot: info.slot, version: transaction?.version })
        const message = transaction?.transaction.message
        if (transaction?.version === 1 && message?.transactionConfig && transaction.meta) {
          // The fee of a v1 transaction: 5,000 lamports a signature plus its priority fee.
          const { priorityFee } = message.transactionConfig
          expect(transaction.meta.fee).toBe(
            5_000n * BigInt(transaction.transaction.signatures.length) + (priorityFee ?? 0n),
          )
          fees += transaction.meta.fee
        }
      }
      expect(got).toEqual(expected)
      expect(fees).toBeGreaterThan(0n)
    },
  )

  it('the deprecated call keeps its meaning: a v1 transaction is -32015, with our option named', async () => {
    const client = createClient({ url: server.url, deprecationWarnings: false })
    const v1 = oracle(400).find((entry) => entry.version === 1)
    const error = await client
      .getConfirmedTransaction(v1?.signature ?? '')
      .catch((caught: unknown) => caught)
    expect(isConfirmedRpcError(error, 'RPC_ERROR')).toBe(true)
    expect(error).toMatchObject({ context: { rpcCode: -32015, transactionVersion: 1 } })
    expect((error as Error).message).toContain(
      'createClient({ maxSupportedTransactionVersion: 1 })',
    )
    const reading = createClient({
      url: server.url,
      deprecationWarnings: false,
      maxSupportedTransactionVersion: 1,
    })
    expect((await reading.getConfirmedTransaction(v1?.signature ?? ''))?.version).toBe(1)
  })
})
