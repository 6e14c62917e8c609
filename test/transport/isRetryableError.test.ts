import { describe, expect, it } from 'vitest'
import { InvalidParamError } from '../../src/errors/InvalidParamError'
import { RpcResponseError } from '../../src/errors/RpcResponseError'
import { TransportError } from '../../src/errors/TransportError'
import { isRetryableError } from '../../src/transport/retry'
import {
  abortedError,
  BODY_NOT_JSON,
  malformedError,
  networkError,
} from '../../src/transport/transportErrors'

const http = (status: number) =>
  new TransportError({
    code: 'HTTP_ERROR',
    context: { status, statusText: '', headers: {}, bodyExcerpt: '' },
  })
const rpc = (rpcCode: number) =>
  new RpcResponseError({ shortMessage: 'x', context: { rpcCode, rpcMessage: 'x' } })

describe('isRetryableError', () => {
  it('retries transient HTTP statuses only', () => {
    for (const status of [408, 429, 500, 502, 503, 504])
      expect(isRetryableError(http(status))).toBe(true)
    for (const status of [400, 401, 403, 404, 405, 413, 501, 505]) {
      expect(isRetryableError(http(status))).toBe(false)
    }
  })

  it('retries network errors, timeouts and an unparseable body', () => {
    expect(isRetryableError(networkError(new Error('reset'), {}, []))).toBe(true)
    expect(
      isRetryableError(new TransportError({ code: 'TIMEOUT', context: { timeoutMs: 10 } })),
    ).toBe(true)
    expect(isRetryableError(malformedError(BODY_NOT_JSON, {}, '{"jso'))).toBe(true)
  })

  it('does not retry other malformed answers, aborts or oversized bodies', () => {
    expect(isRetryableError(malformedError('`id` is number 2, not 1', {}))).toBe(false)
    expect(isRetryableError(abortedError('stop', {}))).toBe(false)
    expect(
      isRetryableError(
        new TransportError({ code: 'RESPONSE_TOO_LARGE', context: { maxBytes: 10 } }),
      ),
    ).toBe(false)
  })

  it('retries -32005, -32019 and 429 among JSON-RPC errors, nothing else', () => {
    for (const code of [-32005, -32019, 429]) expect(isRetryableError(rpc(code))).toBe(true)
    for (const code of [-32601, -32602, -32015, -32603, -32014, -32016, -32020, -32700]) {
      expect(isRetryableError(rpc(code))).toBe(false)
    }
  })

  it('does not retry errors from elsewhere', () => {
    expect(isRetryableError(new Error('boom'))).toBe(false)
    expect(isRetryableError(undefined)).toBe(false)
    expect(
      isRetryableError(
        new InvalidParamError({ shortMessage: 'x', context: { param: 'p', reason: 'r' } }),
      ),
    ).toBe(false)
    expect(
      isRetryableError(new TransportError({ code: 'ABORTED', shortMessage: 'x', context: {} })),
    ).toBe(false)
  })
})
