import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as actions from '../../src/actions/index'
import { createClient } from '../../src/client'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { withMethodPolicy } from '../../src/migrate/withMethodPolicy'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import type { RpcRequest, RpcTransport } from '../../src/transport/types'
import { pickTransactions } from './ledgerFixture'

const {
  getConfirmedSignaturesForAddress2,
  getConfirmedTransaction,
  getSignaturesForAddress,
  getTransaction,
  signaturesForAddress,
  transactionsForAddress,
} = actions

// A 1.18 node and a 2.x node over the same ledger (one era: no v1 transactions).
const ledger = createMockLedger({ seed: 23, transactions: 600, profile: 'v1.18' })
const v2 = createMockLedger({ state: ledger.state, profile: 'v2' })
const picked = pickTransactions(ledger)
const address = ledger.addresses()[1] as string
const oracle = ledger.signatures(address).map((info) => info.signature)
let server: MockLedgerServer

beforeAll(async () => {
  server = await serveMockLedger(ledger, { port: 0 })
})
afterAll(() => server.close())

/** A transport that records what reaches it. */
function recording(inner: RpcTransport) {
  const sent: RpcRequest[] = []
  const transport: RpcTransport = (request, options) => {
    sent.push(request)
    return inner(request, options)
  }
  return { sent, transport }
}

it('exports exactly these values from confirmed-rpc/actions', () => {
  expect(Object.keys(actions).sort()).toMatchInlineSnapshot(`
    [
      "getConfirmedSignaturesForAddress2",
      "getConfirmedTransaction",
      "getSignaturesForAddress",
      "getTransaction",
      "planWalk",
      "signaturesForAddress",
      "transactionsForAddress",
      "walletBooks",
      "walletHistory",
    ]
  `)
})

describe('actions over a bare HTTP transport', () => {
  const client = () => ({ transport: createHttpTransport({ url: server.url, retry: false }) })

  it('answer as the client methods do, from the same node', async () => {
    const bound = createClient({ url: server.url, retry: false, deprecationWarnings: false })
    const signature = picked.legacy.signature
    expect(await getConfirmedTransaction(client(), signature, 'base64')).toEqual(
      await bound.getConfirmedTransaction(signature, 'base64'),
    )
    expect(
      await getTransaction(client(), picked.v0.signature, { maxSupportedTransactionVersion: 0 }),
    ).toEqual(
      await bound.getTransaction(picked.v0.signature, { maxSupportedTransactionVersion: 0 }),
    )
    expect(await getConfirmedSignaturesForAddress2(client(), address, { limit: 7 })).toEqual(
      await bound.getConfirmedSignaturesForAddress2(address, { limit: 7 }),
    )
    expect(await getSignaturesForAddress(client(), address, { limit: 7 })).toEqual(
      await bound.getSignaturesForAddress(address, { limit: 7 }),
    )
  })

  it('walk a whole history exactly, with and without transactions', async () => {
    const walked: string[] = []
    for await (const info of signaturesForAddress(client(), address, { pageSize: 50 })) {
      walked.push(info.signature)
    }
    expect(walked).toEqual(oracle)
    const withTransactions: string[] = []
    const walk = transactionsForAddress({ ...client(), u64: 'bigint' }, address, {
      limit: 40,
      encoding: 'base64',
      maxSupportedTransactionVersion: 0,
    })
    for await (const { info, transaction } of walk) {
      expect(transaction?.slot).toBe(info.slot)
      withTransactions.push(info.signature)
    }
    expect(withTransactions).toEqual(oracle.slice(0, 40))
  })

  it('decode with the u64 mode the client names', async () => {
    const result = await getConfirmedTransaction(
      { ...client(), u64: 'bigint' },
      picked.huge.signature,
    )
    expect(result?.meta?.postBalances).toEqual(picked.huge.meta.postBalances)
    const byDefault = await getConfirmedTransaction(client(), picked.huge.signature)
    expect(byDefault?.meta?.postBalances).toEqual(picked.huge.meta.postBalances)
    expect(typeof byDefault?.slot).toBe('bigint')
    await expect(
      getConfirmedTransaction({ ...client(), u64: 'number' }, picked.huge.signature),
    ).rejects.toMatchObject({ code: 'UNSAFE_INTEGER' })
  })

  it('name the redacted endpoint in a response shape error', async () => {
    const transport = createHttpTransport({
      url: `${server.url}?api-key=s3cret`,
      retry: false,
      fetch: async () =>
        new Response('{"jsonrpc":"2.0","id":1,"result":{"slot":"s3cret"}}', {
          headers: { 'content-type': 'application/json' },
        }),
    })
    const error = await getTransaction({ transport }, picked.legacy.signature).catch(
      (caught: unknown) => caught,
    )
    expect(isConfirmedRpcError(error, 'RESPONSE_SHAPE')).toBe(true)
    expect((error as { context: { endpoint?: string } }).context.endpoint).toBe(
      `${server.url}?api-key=***`,
    )
    expect(String((error as Error).message)).not.toContain('s3cret')
  })
})

describe('actions and the migration policy', () => {
  it('send the deprecated method as given: a 2.x node answers -32601', async () => {
    const error = await getConfirmedSignaturesForAddress2(
      { transport: v2.transport },
      address,
    ).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'RPC_ERROR', context: { rpcCode: -32601 } })
  })

  it('keep working on a 2.x node through a createClient result or a wrapped transport', async () => {
    const client = createClient({ transport: v2.transport, deprecationWarnings: false })
    const page = await getConfirmedSignaturesForAddress2(client, address, { limit: 5 })
    expect(page.map((info) => info.signature)).toEqual(oracle.slice(0, 5))
    const wrapped = {
      transport: withMethodPolicy(v2.transport, { deprecationWarnings: false }),
      u64: 'number' as const,
    }
    const tx = await getConfirmedTransaction(wrapped, picked.legacy.signature)
    expect(tx?.slot).toBe(picked.legacy.slot)
  })

  it('read versioned transactions where the client-wide setting says so, unless a call sets its own', async () => {
    const wire = recording(ledger.transport)
    const client = createClient({
      transport: wire.transport,
      maxSupportedTransactionVersion: 0,
      deprecationWarnings: false,
    })
    expect((await getTransaction(client, picked.v0.signature))?.version).toBe(0)
    expect((await getConfirmedTransaction(client, picked.v0.signature))?.version).toBe(0)
    await expect(
      getTransaction(createClient({ transport: ledger.transport }), picked.v0.signature),
    ).rejects.toMatchObject({ context: { rpcCode: -32015 } })
    await getTransaction(client, picked.legacy.signature, {
      encoding: 'base64',
      maxSupportedTransactionVersion: 5,
    })
    expect(wire.sent.map((request) => request.params[1])).toEqual([
      { maxSupportedTransactionVersion: 0 },
      { maxSupportedTransactionVersion: 0 },
      { encoding: 'base64', maxSupportedTransactionVersion: 5 },
    ])
  })
})

describe('action inputs', () => {
  it.each<[string, unknown, string]>([
    ['no client', undefined, 'client'],
    ['a client without a transport', {}, 'client.transport'],
    ['a transport that is not a function', { transport: 'http://x' }, 'client.transport'],
    ['an unknown u64 mode', { transport: ledger.transport, u64: 'string' }, 'client.u64'],
  ])('refuse %s before any request', async (_, client, param) => {
    const wire = recording(ledger.transport)
    const bad = client as actions.ActionClient
    for (const call of [
      () => getConfirmedTransaction(bad, picked.legacy.signature),
      () => getTransaction(bad, picked.legacy.signature),
      () => getConfirmedSignaturesForAddress2(bad, address),
      () => getSignaturesForAddress(bad, address),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'INVALID_PARAM', context: { param } })
    }
    expect(() => signaturesForAddress(bad, address)).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAM' }),
    )
    expect(() => transactionsForAddress(bad, address)).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAM' }),
    )
    expect(wire.sent).toEqual([])
  })

  it('refuse an unknown u64 mode as createClient does, naming the value', async () => {
    const bad = { transport: ledger.transport, u64: 'string' } as never
    await expect(getTransaction(bad, picked.legacy.signature)).rejects.toThrow(
      "Invalid `client.u64` for getTransaction: expected 'number' or 'bigint', got string \"string\".",
    )
    expect(() => createClient({ transport: ledger.transport, u64: 'string' as never })).toThrow(
      "Invalid `u64` for createClient: expected 'number' or 'bigint', got string \"string\".",
    )
  })

  it('take the signal in the config: aborted before sending, and in flight', async () => {
    const wire = recording(ledger.transport)
    const client = { transport: wire.transport }
    const aborted = AbortSignal.abort(new Error('gone'))
    for (const call of [
      () => getConfirmedTransaction(client, picked.legacy.signature, { signal: aborted }),
      () =>
        getTransaction(client, picked.legacy.signature, { encoding: 'base64', signal: aborted }),
      () => getConfirmedSignaturesForAddress2(client, address, { signal: aborted }),
      () => getSignaturesForAddress(client, address, { limit: 3, signal: aborted }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'ABORTED' })
    }
    // The signal reaches the transport, and never the node.
    const live = new AbortController()
    await getSignaturesForAddress(client, address, { limit: 3, signal: live.signal })
    expect(wire.sent.at(-1)?.params).toEqual([address, { limit: 3 }])
    const http = { transport: createHttpTransport({ url: server.url, retry: false }) }
    const controller = new AbortController()
    const pending = getConfirmedSignaturesForAddress2(http, address, { signal: controller.signal })
    controller.abort(new Error('caller left'))
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' })
  })

  it('refuse a signal that is not one', async () => {
    await expect(
      getTransaction({ transport: ledger.transport }, picked.legacy.signature, {
        signal: 'stop' as unknown as AbortSignal,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAM', context: { param: 'config.signal' } })
  })
})
