import { describe, expect, it } from 'vitest'
import type { LedgerProfile } from '../../../src/testing/ledger/types'
import { createRpcContext } from '../../../src/testing/rpc/createRpcContext'
import { handleRpcBody } from '../../../src/testing/rpc/handleRpcBody'
import { profileRules } from '../../../src/testing/rpc/profileRules'
import { toPlainJson } from '../../../src/testing/rpc/writeJson'
import { buildFixtureLedger, fixtureAddress } from '../fixtures/buildFixtureLedger'
import { rpcCaller } from '../fixtures/rpcCaller'

const A = fixtureAddress(1)
const fixture = buildFixtureLedger([{ slot: 10, txs: [{ keys: [A] }] }], {
  processed: 10,
  confirmed: 10,
  finalized: 10,
})

function answer(body: unknown, profile: LedgerProfile = 'v1.18'): unknown {
  const ctx = createRpcContext(fixture.state, profileRules(profile), true)
  const response = handleRpcBody(ctx, body)
  return response === undefined ? undefined : toPlainJson(response)
}

const parseError = { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }
const invalidRequest = (id: unknown) => ({
  jsonrpc: '2.0',
  error: { code: -32600, message: 'Invalid request' },
  id,
})

describe('handleRpcBody: the JSON-RPC layer', () => {
  it('answers text that is not JSON with -32700 and id null', () => {
    const { text } = rpcCaller(fixture.state)
    expect(JSON.parse(text('{"jsonrpc":"2.0",'))).toEqual(parseError)
    expect(JSON.parse(text(''))).toEqual(parseError)
  })

  it.each([
    ['a bare number', 5],
    ['a string', 'getTransaction'],
    ['null', null],
    [
      'an id that is not a string, an unsigned integer or null',
      { jsonrpc: '2.0', id: -1, method: 'getTransaction' },
    ],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'getTransaction' }],
    [
      'a batch holding a number',
      [{ jsonrpc: '2.0', id: 1, method: 'getTransaction', params: [] }, 7],
    ],
  ])('answers %s with -32700, as the node cannot read it as requests', (_, body) => {
    expect(answer(body)).toEqual(parseError)
  })

  it.each([
    ['an empty object', {}, null],
    ['a method that is not a string', { jsonrpc: '2.0', id: 3, method: 5 }, 3],
    [
      'params that are a string',
      { jsonrpc: '2.0', id: 4, method: 'getTransaction', params: 'x' },
      4,
    ],
    [
      'an unknown member',
      { jsonrpc: '2.0', id: 5, method: 'getTransaction', params: [], extra: 1 },
      5,
    ],
    [
      'a version other than "2.0"',
      { jsonrpc: '1.0', id: 6, method: 'getTransaction', params: [] },
      6,
    ],
    ['a string id is echoed', { jsonrpc: '2.0', id: 'abc', method: 5 }, 'abc'],
  ])('answers %s with -32600 Invalid request', (_, body, id) => {
    expect(answer(body)).toEqual(invalidRequest(id))
  })

  it('answers a missing or null `jsonrpc` with the version error, without a `jsonrpc` member', () => {
    const expected = {
      error: { code: -32600, message: 'Unsupported JSON-RPC protocol version' },
      id: 9,
    }
    expect(answer({ id: 9, method: 'getTransaction', params: [] })).toEqual(expected)
    expect(answer({ jsonrpc: null, id: 9, method: 'getTransaction', params: [] })).toEqual(expected)
  })

  it('answers an unknown or wrongly cased method with -32601', () => {
    for (const method of ['getBlockTime', 'gettransaction', 'GetTransaction']) {
      expect(answer({ jsonrpc: '2.0', id: 2, method, params: [] })).toEqual({
        jsonrpc: '2.0',
        error: { code: -32601, message: 'Method not found' },
        id: 2,
      })
    }
  })

  it.each([
    ['v1.3', false, true],
    ['v1.6', false, true],
    ['v1.9', false, false],
    ['v1.14', false, false],
    ['v1.18', false, false],
    ['v2', true, false],
    ['v4', true, false],
  ] as const)(
    'profile %s: the deprecated methods are missing: %s, the replacements (1.7) are missing: %s',
    (profile, deprecatedMissing, replacementsMissing) => {
      const methods = [
        ['getConfirmedTransaction', deprecatedMissing],
        ['getConfirmedSignaturesForAddress2', deprecatedMissing],
        ['getTransaction', replacementsMissing],
        ['getSignaturesForAddress', replacementsMissing],
      ] as const
      for (const [method, missing] of methods) {
        const response = answer({ jsonrpc: '2.0', id: 1, method, params: [A] }, profile) as {
          error?: unknown
        }
        if (missing) expect(response.error).toEqual({ code: -32601, message: 'Method not found' })
        else expect(response.error).not.toEqual({ code: -32601, message: 'Method not found' })
      }
    },
  )

  it('keeps the id of a request with `id: null`, and answers nothing to a notification', () => {
    const response = answer({
      jsonrpc: '2.0',
      id: null,
      method: 'getSignaturesForAddress',
      params: [A],
    })
    expect(response).toMatchObject({ jsonrpc: '2.0', id: null })
    expect(
      answer({ jsonrpc: '2.0', method: 'getSignaturesForAddress', params: [A] }),
    ).toBeUndefined()
    expect(answer({ jsonrpc: '2.0', method: 'noSuchMethod' })).toBeUndefined()
  })

  it('answers a batch with an array in request order, leaving notifications out', () => {
    const response = answer([
      { jsonrpc: '2.0', id: 1, method: 'getSignaturesForAddress', params: [A, { limit: 1 }] },
      { jsonrpc: '2.0', method: 'getSignaturesForAddress', params: [A] },
      { jsonrpc: '2.0', id: 'b', method: 'nope' },
      { jsonrpc: '2.0', id: 3, method: 'getSignaturesForAddress', params: { address: A } },
      [],
    ]) as { id: unknown }[]
    expect(response.map((item) => item.id)).toEqual([1, 'b', 3, null])
    expect(response[0]).toMatchObject({ result: [{ signature: fixture.sig(0) }] })
    expect(response[1]).toMatchObject({ error: { code: -32601 } })
    expect(response[2]).toMatchObject({
      error: { code: -32602, message: '`params` should be an array' },
    })
    expect(response[3]).toEqual(invalidRequest(null))
  })

  it('answers an empty batch with a single -32600, and a batch of notifications with nothing', () => {
    expect(answer([])).toEqual(invalidRequest(null))
    expect(
      answer([{ jsonrpc: '2.0', method: 'getSignaturesForAddress', params: [A] }]),
    ).toBeUndefined()
  })

  it('writes the response members in the node order: jsonrpc, result or error, id', () => {
    const { text } = rpcCaller(fixture.state)
    const out = text(JSON.stringify({ id: 7, method: 'nope', jsonrpc: '2.0' }))
    expect(out).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":7}',
    )
  })
})

describe('param counts (every method is (String, Option<Config>))', () => {
  const methods = [
    'getTransaction',
    'getSignaturesForAddress',
    'getConfirmedTransaction',
    'getConfirmedSignaturesForAddress2',
  ]

  it.each(methods)('%s: named params, too few, too many', (method) => {
    const { call } = rpcCaller(fixture.state)
    expect(call(method, { signature: 'x' }).error).toEqual({
      code: -32602,
      message: '`params` should be an array',
    })
    expect(call(method, []).error).toEqual({
      code: -32602,
      message: '`params` should have at least 1 argument(s)',
    })
    expect(call(method).error).toEqual({
      code: -32602,
      message: '`params` should have at least 1 argument(s)',
    })
    expect(call(method, null).error).toEqual({
      code: -32602,
      message: '`params` should have at least 1 argument(s)',
    })
    const tooMany = call(method, [A, {}, {}])
    expect(tooMany.error).toEqual({
      code: -32602,
      message: 'Invalid parameters: Expected from 1 to 2 parameters.',
      data: '"Got: 3"',
    })
  })

  it('writes the count error data as a JSON string holding quotes', () => {
    const { text } = rpcCaller(fixture.state)
    const out = text(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getTransaction', params: [1, 2, 3, 4] }),
    )
    expect(out).toContain('"data":"\\"Got: 4\\""')
  })

  it.each(methods)('%s: a first param that is not a string is a serde message', (method) => {
    const { call } = rpcCaller(fixture.state)
    expect(call(method, [5]).error?.message).toBe(
      'Invalid params: invalid type: integer `5`, expected a string.',
    )
    expect(call(method, [null]).error?.message).toBe(
      'Invalid params: invalid type: null, expected a string.',
    )
    expect(call(method, [[A]]).error?.message).toBe(
      'Invalid params: invalid type: sequence, expected a string.',
    )
    expect(call(method, [true]).error?.message).toBe(
      'Invalid params: invalid type: boolean `true`, expected a string.',
    )
  })

  it('treats a null second param as absent', () => {
    const { call } = rpcCaller(fixture.state)
    expect(call('getSignaturesForAddress', [A, null]).result).toEqual(
      call('getSignaturesForAddress', [A]).result,
    )
    expect(call('getTransaction', [fixture.sig(0), null]).result).toEqual(
      call('getTransaction', [fixture.sig(0)]).result,
    )
  })
})
