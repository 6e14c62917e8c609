import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { isConfirmedRpcError, ResponseShapeError } from '../../src/errors/ConfirmedRpcError'
import { type JsonRpcServer, startJsonRpcServer } from '../support/loopbackServer'
import { unsupportedVersionText } from '../support/startV1Proxy'

// A version 1 transaction of mainnet (Agave 4.2), recorded by a public project (see
// test/fixtures/recorded/manifest.json), served by a loopback node as text, so that its integers
// reach the client as the node wrote them.
const RECORDED = readFileSync(
  join(import.meta.dirname, '../fixtures/recorded/dymension-block-449391489-tx0-v1-json.json'),
  'utf8',
)
const SIGNATURE =
  'MuiQSVoHuB94adeqQvrFqeaQFJFTYo6EGc696KWuUHMKGyzcvqvnuCRhvf55ZWSBKsjWoZQFPCpaZTFbuhKrgyE'
const ABOVE_2_53 = '9007199254740993'

/** The recorded record with its priority fee replaced (text edit: the digits stay exact). */
const withPriorityFee = (digits: string) =>
  RECORDED.replace(/"priorityFee": 3\b/, `"priorityFee": ${digits}`)

/** The recorded record with the block rewards of Agave 4.x and of Old Faithful over 4.x data. */
const withRewards = () =>
  RECORDED.replace(
    '"rewards": null',
    `"rewards": [
      {"pubkey":"Cr7GWeCZbsQfbtkYUVCdCfJNQvKUV9rZ9weptryRU3ds","lamports":1781760,"postBalance":1781760,"rewardType":"DeactivatedStake","commission":null},
      {"pubkey":"updftC18GBD8tzneHb87mf5FyZJUZ9YMcS6PgEiSWmB","lamports":12,"postBalance":588942753,"rewardType":"Voting","commission":null,"commissionBps":500},
      {"pubkey":"updftC18GBD8tzneHb87mf5FyZJUZ9YMcS6PgEiSWmB","lamports":12,"postBalance":588942753,"rewardType":"5","commission":null}
    ]`,
  )

let answer = RECORDED
let node: JsonRpcServer

beforeAll(async () => {
  node = await startJsonRpcServer((body, _req, res) => {
    const { id, method, params } = body as { id: number; method: string; params: unknown[] }
    const config = params[1] as { maxSupportedTransactionVersion?: number } | string | undefined
    const version = typeof config === 'object' ? config.maxSupportedTransactionVersion : undefined
    const text =
      method === 'getTransaction' && version !== undefined && version >= 1
        ? `{"jsonrpc":"2.0","result":${answer},"id":${id}}`
        : JSON.stringify({
            jsonrpc: '2.0',
            error: { code: -32015, message: unsupportedVersionText(1) },
            id,
          })
    res.writeHead(200, { 'content-type': 'application/json' }).end(text)
  })
})

afterAll(async () => {
  await node.close()
})

const fetchV1 = (u64: 'number' | 'bigint') =>
  createClient({ url: node.url, u64, maxSupportedTransactionVersion: 1 }).getTransaction(SIGNATURE)

describe('a recorded v1 transaction, decoded', () => {
  it('in number mode: version 1, its transactionConfig, the fee identity', async () => {
    answer = RECORDED
    const tx = await fetchV1('number')
    expect(tx?.version).toBe(1)
    expect(tx?.transaction.message.transactionConfig).toEqual({
      computeUnitLimit: 19,
      heapSize: null,
      loadedAccountsDataSizeLimit: 32000,
      priorityFee: 3,
    })
    expect(tx?.transaction.message.addressTableLookups).toBeUndefined()
    // 5000 lamports for its one signature, plus the priority fee (a total, not a unit price).
    const { numRequiredSignatures = 0 } = tx?.transaction.message.header ?? {}
    expect(tx?.meta?.fee).toBe(5000 * numRequiredSignatures + 3)
    // Unknown fields are kept as sent.
    expect(tx?.meta).toMatchObject({ costUnits: 1351, computeUnitsConsumed: 13 })
  })

  it('in bigint mode: the priority fee is a u64', async () => {
    answer = RECORDED
    const tx = await fetchV1('bigint')
    expect(tx?.transaction.message.transactionConfig?.priorityFee).toBe(3n)
    expect(tx?.transaction.message.transactionConfig?.computeUnitLimit).toBe(19)
    expect(tx?.slot).toBe(449391489n)
    expect(tx?.meta?.fee).toBe(5003n)
  })

  it('a priority fee above 2^53-1: exact in bigint mode, UNSAFE_INTEGER in number mode', async () => {
    answer = withPriorityFee(ABOVE_2_53)
    const exact = await fetchV1('bigint')
    expect(exact?.transaction.message.transactionConfig?.priorityFee).toBe(BigInt(ABOVE_2_53))
    const error = await fetchV1('number').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect(error).toMatchObject({
      code: 'UNSAFE_INTEGER',
      context: { path: '$.transaction.message.transactionConfig.priorityFee', value: ABOVE_2_53 },
    })
  })

  it('a transactionConfig of the wrong shape is a RESPONSE_SHAPE naming the field', async () => {
    answer = RECORDED.replace('"computeUnitLimit": 19', '"computeUnitLimit": "19"')
    const error = await fetchV1('number').catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      code: 'RESPONSE_SHAPE',
      context: { path: '$.transaction.message.transactionConfig.computeUnitLimit' },
    })
  })

  it('the rewards of Agave 4.x and of Old Faithful over its data', async () => {
    answer = withRewards()
    const tx = await fetchV1('bigint')
    expect(tx?.meta?.rewards).toEqual([
      expect.objectContaining({ rewardType: 'DeactivatedStake', commission: null }),
      expect.objectContaining({ rewardType: 'Voting', commission: null, commissionBps: 500 }),
      expect.objectContaining({ rewardType: '5', commission: null, postBalance: 588942753n }),
    ])
    expect(tx?.meta?.rewards?.[2]).not.toHaveProperty('commissionBps')
  })
})

describe('-32015, as the node words it', () => {
  it("names the client option and getTransaction's and the walks' own", async () => {
    const client = createClient({ url: node.url })
    const error = await client.getTransaction(SIGNATURE).catch((caught: unknown) => caught)
    expect(isConfirmedRpcError(error, 'RPC_ERROR')).toBe(true)
    expect(error).toMatchObject({
      context: {
        method: 'getTransaction',
        rpcCode: -32015,
        rpcMessage: unsupportedVersionText(1),
        transactionVersion: 1,
      },
      message: expect.stringContaining('createClient({ maxSupportedTransactionVersion: 1 })'),
    })
  })

  it('names the client option alone for getConfirmedTransaction sent as itself', async () => {
    const client = createClient({
      url: node.url,
      methods: 'deprecated',
      deprecationWarnings: false,
    })
    const error = await client.getConfirmedTransaction(SIGNATURE).catch((caught: unknown) => caught)
    expect((error as { shortMessage: string }).shortMessage).toBe(
      "The node holds a version 1 transaction, above the call's maxSupportedTransactionVersion (-32015). " +
        'Ask with createClient({ maxSupportedTransactionVersion: 1 }).',
    )
  })

  it("names the request's own config for another method (getBlock through request)", async () => {
    const client = createClient({ url: node.url })
    const error = await client
      .request('getBlock', [449391489, { transactionDetails: 'full' }])
      .catch((caught: unknown) => caught)
    expect((error as { shortMessage: string }).shortMessage).toBe(
      "The node holds a version 1 transaction, above the call's maxSupportedTransactionVersion (-32015). " +
        'Ask with maxSupportedTransactionVersion: 1 in the getBlock config.',
    )
    expect(error).toMatchObject({ context: { rpcMessage: unsupportedVersionText(1) } })
  })
})
