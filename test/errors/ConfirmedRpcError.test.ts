import { describe, expect, it } from 'vitest'
import {
  ConfirmedRpcError,
  CursorNotFoundError,
  describeValue,
  InvalidParamError,
  invalidParam,
  isConfirmedRpcError,
  ResponseShapeError,
  RpcResponseError,
  TransportError,
} from '../../src/errors/ConfirmedRpcError'
import { ErrorCode } from '../../src/errors/ErrorCode'

describe('ConfirmedRpcError', () => {
  it('renders the short message, details, method and endpoint', () => {
    const error = new RpcResponseError({
      shortMessage: 'The node answered -32601: Method not found',
      details: ['The method was removed in 2.0.'],
      context: {
        method: 'getConfirmedTransaction',
        endpoint: 'https://rpc.example/***',
        rpcCode: -32601,
        rpcMessage: 'Method not found',
      },
    })
    expect(error.message).toBe(
      'The node answered -32601: Method not found\n\nThe method was removed in 2.0.\nMethod: getConfirmedTransaction\nEndpoint: https://rpc.example/***',
    )
    expect(error.code).toBe('RPC_ERROR')
    expect(error.name).toBe('RpcResponseError')
    expect(error).toBeInstanceOf(ConfirmedRpcError)
    expect(error).toBeInstanceOf(Error)
  })

  it('writes the short message from the code and context when none is given', () => {
    const error = new TransportError({
      code: 'HTTP_ERROR',
      details: ['Retry-After: 1000 ms'],
      context: {
        endpoint: 'https://rpc.example/',
        status: 429,
        statusText: 'Too Many Requests',
        headers: {},
        bodyExcerpt: '',
      },
    })
    expect(error.shortMessage).toBe('The server answered HTTP 429 Too Many Requests.')
    expect(error.message).toBe(
      'The server answered HTTP 429 Too Many Requests.\n\nRetry-After: 1000 ms\nEndpoint: https://rpc.example/',
    )
    const lost = new CursorNotFoundError({
      context: { cursor: 'abc', param: 'until', attempts: 4 },
    })
    expect(lost.shortMessage).toBe(
      'The node does not know the until signature abc, after 4 attempts.',
    )
  })

  it('keeps a native cause', () => {
    const cause = new TypeError('fetch failed')
    const error = new TransportError({
      code: 'NETWORK_ERROR',
      shortMessage: 'x',
      context: {},
      cause,
    })
    expect(error.cause).toBe(cause)
  })

  it('serializes to a plain object without the stack', () => {
    const error = new InvalidParamError({
      shortMessage: 'Invalid `config.limit`',
      context: { method: 'm', param: 'config.limit', reason: 'too big' },
    })
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'InvalidParamError',
      code: 'INVALID_PARAM',
      message: 'Invalid `config.limit`',
      context: { method: 'm', param: 'config.limit', reason: 'too big' },
    })
  })

  it('is recognised by code, also across copies of the package', () => {
    const error = new CursorNotFoundError({
      shortMessage: 'lost',
      context: { cursor: 'abc', param: 'before' },
    })
    expect(isConfirmedRpcError(error)).toBe(true)
    expect(isConfirmedRpcError(error, 'CURSOR_NOT_FOUND')).toBe(true)
    expect(isConfirmedRpcError(error, 'RPC_ERROR')).toBe(false)
    const foreign = {
      code: 'TIMEOUT',
      shortMessage: 'slow',
      context: { timeoutMs: 5 },
      message: 'slow',
    }
    expect(isConfirmedRpcError(foreign, 'TIMEOUT')).toBe(true)
    expect(isConfirmedRpcError({ code: 'NOPE', shortMessage: '', context: {} })).toBe(false)
    expect(isConfirmedRpcError(new Error('x'))).toBe(false)
    expect(isConfirmedRpcError(null)).toBe(false)
  })

  it('gives schema errors their own family', () => {
    const error = new ResponseShapeError({
      code: 'UNSAFE_INTEGER',
      shortMessage: 'too big',
      context: { path: '$.slot', value: '18446744073709551615' },
    })
    expect(error).not.toBeInstanceOf(TransportError)
    expect(Object.values(ErrorCode)).toContain(error.code)
  })
})

describe('describeValue', () => {
  it('names the kind and a short rendering of the value', () => {
    expect(describeValue(undefined)).toBe('nothing (missing)')
    expect(describeValue(null)).toBe('null')
    expect(describeValue(-1.5)).toBe('number -1.5')
    expect(describeValue(true)).toBe('boolean true')
    expect(describeValue(5n)).toBe('bigint 5')
    expect(describeValue('a"b')).toBe('string "a\\"b"')
    expect(describeValue([1, 2, 3])).toBe('array of 3')
    expect(describeValue({ secret: 'x' })).toBe('object')
  })

  it('never renders a long string whole', () => {
    const text = describeValue('y'.repeat(100_000))
    expect(text).toBe(`string "${'y'.repeat(40)}…"`)
  })

  it('redacts a text whole before cutting it, so no part of a secret is left', () => {
    const secret = 'k'.repeat(30)
    const redact = (text: string) => text.replaceAll(secret, '***')
    const text = describeValue(`${'x'.repeat(25)}${secret}`, redact)
    expect(text).toBe(`string "${'x'.repeat(25)}***"`)
    expect(text).not.toContain('kkk')
  })
})

it('builds an INVALID_PARAM error naming the call, the parameter and the reason', () => {
  const error = invalidParam('getTransaction', 'config.limit', 'expected an integer')
  expect(error).toBeInstanceOf(InvalidParamError)
  expect(error.code).toBe('INVALID_PARAM')
  expect(error.context).toEqual({
    method: 'getTransaction',
    param: 'config.limit',
    reason: 'expected an integer',
  })
  expect(error.shortMessage).toBe('Invalid `config.limit` for getTransaction: expected an integer.')
})
