import { describe, expect, it } from 'vitest'
import { RpcResponseError } from '../../src/errors/RpcResponseError'
import { readRpcResponse } from '../../src/transport/response'

const context = { method: 'getSlot', endpoint: 'https://rpc.example/' }

function thrown(body: unknown, id = 1): unknown {
  try {
    readRpcResponse(body, id, context)
  } catch (error) {
    return error
  }
  return expect.fail('expected a throw')
}

describe('readRpcResponse', () => {
  it('returns the result, null included', () => {
    expect(readRpcResponse({ jsonrpc: '2.0', id: 1, result: null }, 1, context)).toBeNull()
    expect(readRpcResponse({ jsonrpc: '2.0', id: 1, result: [1] }, 1, context)).toEqual([1])
  })

  it('throws the error object as RpcResponseError, also with id null', () => {
    const error = thrown({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
    expect(error).toBeInstanceOf(RpcResponseError)
    expect(error).toMatchObject({
      context: { ...context, rpcCode: -32700, rpcMessage: 'Parse error' },
    })
    expect(error).not.toHaveProperty('context.data')
  })

  it.each([
    [[], 'a batch answered a single call'],
    ['text', 'not an object'],
    [{ id: 1, result: 1 }, '`jsonrpc` is not "2.0"'],
    [{ jsonrpc: '2.0', id: 2, result: 1 }, '`id` is number 2, not 1'],
    [{ jsonrpc: '2.0', id: '1', result: 1 }, '`id` is string "1", not 1'],
    [{ jsonrpc: '2.0', id: 1 }, 'neither `result` nor `error` is present'],
    [
      { jsonrpc: '2.0', id: 1, error: { code: 'x' } },
      '`error` is not an object with a numeric code and a message',
    ],
    [{ jsonrpc: '2.0', id: 3, error: { code: 1, message: 'm' } }, '`id` is number 3, not 1'],
  ])('rejects %j as MALFORMED_RESPONSE', (body, reason) => {
    expect(thrown(body)).toMatchObject({
      code: 'MALFORMED_RESPONSE',
      context: { ...context, reason },
    })
  })
})
