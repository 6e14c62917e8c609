import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_DECODED_TRANSACTION_VERSION } from '../../src/actions/getTransaction'
import { createClient } from '../../src/client'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import type { TransactionsForAddressOptions } from '../../src/history/transactionsForAddress'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import type { MockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { sharedLedger } from '../support/sharedLedger'
import { startV1Proxy, V1_LIMITS, type V1Proxy } from '../support/startV1Proxy'

// Today's mainnet over HTTP: a served 4.x mock ledger behind a node that serves some of its
// legacy transactions as version 1 ones and answers -32015 to a lookup of one that does not ask
// for version 1 (test/support/startV1Proxy.ts). Once the mock ledger has its own 'v4.2' profile
// with v1 transactions, these walks should run on it too.
let ledger: MockLedger
let served: MockLedgerServer
let address: string
let v1: Set<string>
// The node of the test running: each test has its own, so that no call of another test's
// cancelled lookups lands in its record.
let node: V1Proxy

beforeAll(async () => {
  ledger = sharedLedger({ seed: 37, transactions: 400, profile: 'v4' })
  served = await serveMockLedger(ledger)
  address = ledger.addresses()[1] as string
  // Every third legacy transaction of the address is a v1 one on this node.
  const legacy = ledger
    .signatures(address)
    .filter((info) => ledger.transaction(info.signature)?.message.version === 'legacy')
  v1 = new Set(legacy.filter((_, index) => index % 3 === 0).map((info) => info.signature))
})

beforeEach(async () => {
  node = await startV1Proxy({ target: served.url, v1 })
})

afterEach(async () => {
  await node.close()
})

afterAll(async () => {
  await served.close()
})

const lookups = () => node.calls.filter((call) => call.method === 'getTransaction')
const sentVersions = () =>
  new Set(
    lookups().map(
      (call) =>
        (call.params[1] as { maxSupportedTransactionVersion?: unknown } | undefined)
          ?.maxSupportedTransactionVersion,
    ),
  )

/** Walks the address with a client of `clientVersion` and the walk's `options`; every entry. */
async function walk(
  options: TransactionsForAddressOptions<'json' | 'jsonParsed'> = {},
  clientVersion?: number,
) {
  // Exact u64 values: the ledger holds balances above 2^53-1.
  const client = createClient({
    url: node.url,
    u64: 'bigint',
    deprecationWarnings: false,
    ...(clientVersion !== undefined && { maxSupportedTransactionVersion: clientVersion }),
  })
  const entries = []
  for await (const entry of client.transactionsForAddress(address, options)) entries.push(entry)
  return entries
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => expect.unreachable('the walk should fail'),
    (error: unknown) => error,
  )
}

describe('transactionsForAddress on a node serving v1 transactions', () => {
  it.each([
    ['sequential', {}],
    ['rangeWalker', { walker: rangeWalker({ parallel: 4 }) }],
    ['rangeWalker, oldest first', { walker: rangeWalker({ parallel: 3, order: 'oldest' }) }],
  ] as const)(
    'asks for version 1 with its defaults and yields every entry exactly (%s)',
    async (_, options) => {
      const entries = await walk(options)
      const expected = ledger.signatures(address).map((info) => info.signature)
      const order = 'walker' in options && options.walker.order === 'oldest'
      expect(entries.map((entry) => entry.info.signature)).toEqual(
        order ? [...expected].reverse() : expected,
      )
      expect(sentVersions()).toEqual(new Set([MAX_DECODED_TRANSACTION_VERSION]))
      expect(v1.size).toBeGreaterThan(2)
      for (const { info, transaction } of entries) {
        expect(transaction?.transaction.signatures[0]).toBe(info.signature)
        const message = transaction?.transaction.message
        if (v1.has(info.signature)) {
          expect(transaction?.version).toBe(1)
          expect(message?.addressTableLookups).toBeUndefined()
          const signatures = BigInt(transaction?.transaction.signatures.length ?? 0)
          const priority = (transaction?.meta?.fee ?? 0n) - 5000n * signatures
          expect(message?.transactionConfig).toEqual({
            priorityFee: priority > 0n ? priority : null,
            ...V1_LIMITS,
            heapSize: null,
          })
        } else {
          expect(transaction?.version).not.toBe(1)
          expect(message?.transactionConfig).toBeUndefined()
        }
      }
    },
  )

  it('decodes jsonParsed v1 records, their account keys all from the transaction', async () => {
    const entries = await walk({ encoding: 'jsonParsed', limit: 60 })
    const found = entries.filter((entry) => v1.has(entry.info.signature))
    expect(found.length).toBeGreaterThan(0)
    for (const { transaction } of found) {
      expect(transaction?.version).toBe(1)
      const keys = transaction?.transaction.message.accountKeys ?? []
      expect(keys.length).toBeGreaterThan(0)
      for (const key of keys) expect(key).toMatchObject({ source: 'transaction' })
      expect(transaction?.transaction.message.transactionConfig?.computeUnitLimit).toBe(200_000)
    }
  })

  it("respects a caller's explicit 0: the walk fails at the first v1 transaction, naming the option", async () => {
    const error = await failure(() => walk({ maxSupportedTransactionVersion: 0 }))
    expect(sentVersions()).toEqual(new Set([0]))
    expect(isConfirmedRpcError(error, 'RPC_ERROR')).toBe(true)
    expect(error).toMatchObject({
      name: 'RpcResponseError',
      code: 'RPC_ERROR',
      context: {
        rpcCode: -32015,
        transactionVersion: 1,
        method: 'getTransaction',
        rpcMessage: expect.stringMatching(/^Transaction version \(1\) is not supported/),
      },
    })
    const { shortMessage } = error as { shortMessage: string }
    expect(shortMessage).toBe(
      "The node holds a version 1 transaction, above the call's maxSupportedTransactionVersion (-32015). " +
        'Ask with createClient({ maxSupportedTransactionVersion: 1 }), or ' +
        "maxSupportedTransactionVersion: 1 in getTransaction's or the walk's options.",
    )
  })

  it("respects the client's 0", async () => {
    const error = await failure(() => walk({ limit: 80 }, 0))
    expect(sentVersions()).toEqual(new Set([0]))
    expect(error).toMatchObject({ context: { rpcCode: -32015, transactionVersion: 1 } })
  })

  it("lets the walk's own version win over the client's", async () => {
    const entries = await walk({ maxSupportedTransactionVersion: 1, limit: 80 }, 0)
    expect(sentVersions()).toEqual(new Set([1]))
    expect(entries.filter((entry) => entry.transaction?.version === 1).length).toBeGreaterThan(0)
  })
})

describe('single lookups on a node serving v1 transactions', () => {
  it('getConfirmedTransaction keeps its meaning: no version by default, so a v1 one is -32015', async () => {
    const [signature = ''] = v1
    const client = createClient({ url: node.url, u64: 'bigint', deprecationWarnings: false })
    const error = await failure(() => client.getConfirmedTransaction(signature))
    // Sent as its replacement with the deprecated method's config: no version.
    expect(node.calls).toEqual([{ method: 'getTransaction', params: [signature] }])
    expect(error).toMatchObject({ context: { rpcCode: -32015, transactionVersion: 1 } })
    // Through a client that reads v1, it is found, in the deprecated shape (with its version).
    const reading = createClient({
      url: node.url,
      u64: 'bigint',
      deprecationWarnings: false,
      maxSupportedTransactionVersion: 1,
    })
    const found = await reading.getConfirmedTransaction(signature)
    expect(found?.version).toBe(1)
    expect(found?.transaction.message.transactionConfig).toBeDefined()
  })

  it('getTransaction sends no version unless asked, as the method means', async () => {
    const [signature = ''] = v1
    const client = createClient({ url: node.url, u64: 'bigint' })
    const error = await failure(() => client.getTransaction(signature, { encoding: 'json' }))
    expect(node.calls).toEqual([
      { method: 'getTransaction', params: [signature, { encoding: 'json' }] },
    ])
    expect(error).toMatchObject({ context: { rpcCode: -32015, transactionVersion: 1 } })
    const found = await client.getTransaction(signature, { maxSupportedTransactionVersion: 1 })
    expect(found?.version).toBe(1)
  })
})
