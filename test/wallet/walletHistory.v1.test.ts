import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletHistory } from '../../src/actions'
import { MAX_DECODED_TRANSACTION_VERSION } from '../../src/actions/getTransaction'
import { createClient } from '../../src/client'
import type { MockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import type { WalletEntry } from '../../src/wallet/types'
import { startV1Proxy, type V1Proxy } from '../support/startV1Proxy'
import { expectWallet, payers, walletLedger } from '../support/walletSetup'

// walletHistory over HTTP on a node of today's mainnet: a 4.x mock ledger behind a node that
// serves some of the owner's legacy transactions as v1 ones (test/support/startV1Proxy.ts).
// The last suite runs on the mock ledger's own 'v4.2' profile.
const FAST = { pageRetryDelayMs: 1 } as const
let ledger: MockLedger
let served: MockLedgerServer
let owner: string
let v1: Set<string>
let node: V1Proxy

beforeAll(async () => {
  ledger = walletLedger('v4')
  served = await serveMockLedger(ledger)
  // Not the hot wallet: a walk of a few hundred lookups over HTTP stays quick.
  owner = payers(ledger)[3] as string
  const legacy = ledger
    .signatures(owner)
    .filter((info) => ledger.transaction(info.signature)?.message.version === 'legacy')
  v1 = new Set(legacy.filter((_, index) => index % 2 === 0).map((info) => info.signature))
  node = await startV1Proxy({ target: served.url, v1 })
})

afterAll(async () => {
  await node.close()
  await served.close()
})

async function collect(clientVersion?: number): Promise<WalletEntry<'bigint'>[]> {
  const client = createClient({
    url: node.url,
    u64: 'bigint',
    ...(clientVersion !== undefined && { maxSupportedTransactionVersion: clientVersion }),
  })
  const out: WalletEntry<'bigint'>[] = []
  for await (const entry of walletHistory(client, owner, { transactions: true, ...FAST })) {
    out.push(entry)
  }
  return out
}

const versionsSent = (from: number) =>
  new Set(
    node.calls
      .slice(from)
      .filter((call) => call.method === 'getTransaction')
      .map(
        (call) =>
          (call.params[1] as { maxSupportedTransactionVersion?: unknown })
            .maxSupportedTransactionVersion,
      ),
  )

describe('walletHistory with transactions on a node serving v1 transactions', () => {
  it('asks for version 1 by default and gives the whole history, v1 records included', async () => {
    const from = node.calls.length
    const got = await collect()
    expectWallet(ledger, owner, got)
    expect(versionsSent(from)).toEqual(new Set([MAX_DECODED_TRANSACTION_VERSION]))
    const found = got.filter((entry) => v1.has(entry.signature))
    expect(found.length).toBeGreaterThan(0)
    for (const entry of found) {
      expect(entry.transaction?.version).toBe(1)
      expect(entry.transaction?.transaction.message.transactionConfig).toBeDefined()
    }
  })

  it("respects the client's 0: the first v1 transaction fails the walk with the typed -32015", async () => {
    const from = node.calls.length
    const error = await collect(0).then(
      () => expect.unreachable('the walk should fail'),
      (caught: unknown) => caught,
    )
    expect(versionsSent(from).has(0)).toBe(true)
    expect(error).toMatchObject({
      code: 'RPC_ERROR',
      context: { rpcCode: -32015, transactionVersion: 1 },
    })
  })
})

describe("walletHistory with transactions on the 'v4.2' mock ledger over HTTP, with its defaults", () => {
  it('gives the whole history, its v1 transactions read as such', async () => {
    const today = walletLedger('v4.2')
    const server = await serveMockLedger(today)
    try {
      const holder = payers(today)[3] as string
      const out: WalletEntry<'bigint'>[] = []
      const client = createClient({ url: server.url })
      for await (const entry of walletHistory(client, holder, { transactions: true, ...FAST })) {
        out.push(entry)
      }
      expectWallet(today, holder, out)
      const v1 = out.filter((entry) => today.transaction(entry.signature)?.message.version === 1)
      expect(v1.length).toBeGreaterThan(0)
      for (const entry of v1) expect(entry.transaction?.version).toBe(1)
    } finally {
      await server.close()
    }
  })
})
