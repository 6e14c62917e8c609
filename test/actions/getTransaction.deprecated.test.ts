import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, createClient } from '../../src/client'
import {
  InvalidParamError,
  ResponseShapeError,
  RpcResponseError,
} from '../../src/errors/ConfirmedRpcError'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { pickTransactions } from './ledgerFixture'

const ledger = createMockLedger({ seed: 11, transactions: 800 })
const picked = pickTransactions(ledger)
let server: MockLedgerServer
let client: Client<'bigint'>
let numbers: Client<'number'>

beforeAll(async () => {
  server = await serveMockLedger(ledger, { port: 0 })
  const common = { url: server.url, retry: false, deprecationWarnings: false } as const
  client = createClient(common)
  numbers = createClient({ ...common, u64: 'number' })
})
afterAll(() => server.close())

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

describe('getConfirmedTransaction over HTTP', () => {
  it('returns the json form with the ledger values', async () => {
    const tx = picked.legacy
    const result = await client.getConfirmedTransaction(tx.signature)
    expect(result).not.toBeNull()
    expect(result?.slot).toBe(BigInt(tx.slot))
    expect(result?.transaction.signatures).toEqual(tx.signatures)
    expect(result?.transaction.message.accountKeys).toEqual(tx.message.staticAccountKeys)
    expect(result?.transaction.message.recentBlockhash).toBe(tx.message.recentBlockhash)
    expect(result?.meta?.fee).toBe(tx.meta.fee)
    expect(result?.meta?.preBalances).toEqual(tx.meta.preBalances)
    expect(result?.meta?.status).toEqual({ Ok: null })
    expect(result).not.toHaveProperty('version')
  })

  it('returns jsonParsed account keys with their flags', async () => {
    const tx = picked.legacy
    const result = await client.getConfirmedTransaction(tx.signature, { encoding: 'jsonParsed' })
    const keys = result?.transaction.message.accountKeys ?? []
    expect(keys.map((key) => key.pubkey)).toEqual(tx.message.staticAccountKeys)
    expect(keys[0]).toMatchObject({ signer: true, writable: true, source: 'transaction' })
  })

  it('returns base64 and base58 data that are the wire bytes, in both parameter forms', async () => {
    const tx = picked.legacy
    const viaObject = await client.getConfirmedTransaction(tx.signature, { encoding: 'base64' })
    const viaString = await client.getConfirmedTransaction(tx.signature, 'base64')
    expect(viaObject?.transaction).toEqual([toBase64(tx.wire), 'base64'])
    expect(viaString).toEqual(viaObject)
  })

  it('encodes base58 itself when the node refuses it (nodes: fewer than 129 bytes)', async () => {
    const tx = picked.legacy
    expect(tx.wire.length).toBeGreaterThan(128)
    for (const config of ['base58', { encoding: 'base58' }] as const) {
      const before = server.stats.requests
      const result = await client.getConfirmedTransaction(tx.signature, config)
      expect(result?.transaction).toEqual([bs58.encode(tx.wire), 'base58'])
      // one refused base58 request, then one base64 request
      expect(server.stats.requests - before).toBe(2)
    }
  })

  it('refuses a base64 answer that is not base64 when re-encoding base58, naming the path', async () => {
    const tx = picked.legacy
    const tampering = createClient({
      transport: async (request, options) => {
        const result = await ledger.transport(request, options)
        const config = request.params[1]
        const asked =
          typeof config === 'string' ? config : (config as { encoding?: string })?.encoding
        if (asked !== 'base64') return result
        const record = result as { transaction: [string, string] }
        return { ...record, transaction: ['not*base64!', 'base64'] }
      },
      deprecationWarnings: false,
    })
    const error = await tampering
      .getConfirmedTransaction(tx.signature, 'base58')
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect(error).toMatchObject({
      code: 'RESPONSE_SHAPE',
      context: { path: '$.transaction[0]', expected: 'base64 data' },
    })
  })

  it('takes base58 as is from a node that encodes any size, in one request', async () => {
    const agaveLike = createMockLedger({ state: ledger.state, base58Limit: false })
    const methods: string[] = []
    const counting = createClient({
      transport: (request, options) => {
        methods.push(request.method)
        return agaveLike.transport(request, options)
      },
      deprecationWarnings: false,
    })
    const result = await counting.getConfirmedTransaction(picked.legacy.signature, 'base58')
    expect(result?.transaction).toEqual([bs58.encode(picked.legacy.wire), 'base58'])
    // Sent as its replacement, which the node serves.
    expect(methods).toEqual(['getTransaction'])
  })

  it('returns null for a signature the ledger does not have', async () => {
    const unknown = bs58.encode(new Uint8Array(64).fill(1))
    expect(await client.getConfirmedTransaction(unknown)).toBeNull()
  })

  it('reports a failed transaction in meta.err and meta.status.Err', async () => {
    const tx = picked.failed
    const result = await client.getConfirmedTransaction(tx.signature)
    expect(result?.meta?.err).toEqual(tx.meta.err)
    expect(result?.meta?.status).toEqual({ Err: tx.meta.err })
  })

  it('passes on the node refusing a v0 transaction (-32015)', async () => {
    const error = await client.getConfirmedTransaction(picked.v0.signature).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcResponseError)
    // The error names the method on the wire: the client sent the call as its replacement.
    expect((error as RpcResponseError).context).toMatchObject({
      rpcCode: -32015,
      method: 'getTransaction',
    })
  })

  it('rejects bad input before any request', async () => {
    const before = server.stats.requests
    const cases: [unknown, unknown, string][] = [
      ['abc', undefined, 'signature'],
      [picked.legacy.signature, 'base32', 'encoding'],
      [picked.legacy.signature, { encoding: 'xml' }, 'config.encoding'],
      [picked.legacy.signature, { commitment: 'processed' }, 'config.commitment'],
      [
        picked.legacy.signature,
        { maxSupportedTransactionVersion: 0 },
        'config.maxSupportedTransactionVersion',
      ],
      [picked.legacy.signature, 42, 'config'],
    ]
    for (const [signature, config, param] of cases) {
      const error = await client
        .getConfirmedTransaction(signature as string, config as never)
        .catch((e: unknown) => e)
      expect(error, param).toBeInstanceOf(InvalidParamError)
      expect((error as InvalidParamError).context.param).toBe(param)
    }
    expect(server.stats.requests).toBe(before)
  })

  it('returns balances above 2^53 exactly in bigint mode', async () => {
    const tx = picked.huge
    const result = await client.getConfirmedTransaction(tx.signature)
    expect(result?.meta?.postBalances).toEqual([...tx.meta.postBalances])
    expect(result?.meta?.fee).toBe(tx.meta.fee)
    expect(result?.slot).toBe(BigInt(tx.slot))
  })

  it('raises UNSAFE_INTEGER with the path in number mode rather than rounding', async () => {
    const tx = picked.huge
    const error = await numbers.getConfirmedTransaction(tx.signature).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseShapeError)
    const shape = error as ResponseShapeError
    expect(shape.code).toBe('UNSAFE_INTEGER')
    const index = tx.meta.preBalances.findIndex((b) => b > BigInt(Number.MAX_SAFE_INTEGER))
    const column = index >= 0 ? 'preBalances' : 'postBalances'
    const at =
      index >= 0
        ? index
        : tx.meta.postBalances.findIndex((b) => b > BigInt(Number.MAX_SAFE_INTEGER))
    expect(shape.context).toMatchObject({
      path: `$.meta.${column}[${at}]`,
      method: 'getConfirmedTransaction',
    })
  })
})
