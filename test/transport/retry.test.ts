import { describe, expect, it } from 'vitest'
import {
  InvalidParamError,
  RpcResponseError,
  TransportError,
} from '../../src/errors/ConfirmedRpcError'
import {
  abortedError,
  BODY_NOT_JSON,
  malformedError,
  networkError,
} from '../../src/transport/response'
import {
  DEFAULT_INTERNALS,
  isRetryableError,
  parseRetryAfter,
  readRetryOptions,
  retryDelay,
} from '../../src/transport/retry'
import { MAX_RETRY_AFTER_MS } from '../../src/transport/types'

describe('readRetryOptions', () => {
  it('fills the documented defaults, and reads false as a single attempt', () => {
    const defaults = { attempts: 4, baseDelayMs: 250, maxDelayMs: 10_000, jitter: 'full' }
    expect(readRetryOptions('c', undefined)).toEqual(defaults)
    expect(readRetryOptions('c', {})).toEqual(defaults)
    expect(readRetryOptions('c', false)).toEqual({ ...defaults, attempts: 1 })
  })

  it('keeps what is given over the defaults, a null as the default', () => {
    const shouldRetry = () => undefined
    expect(
      readRetryOptions('c', {
        attempts: 2,
        jitter: 'none',
        maxDelayMs: null as unknown as undefined,
        shouldRetry,
      }),
    ).toEqual({ attempts: 2, baseDelayMs: 250, maxDelayMs: 10_000, jitter: 'none', shouldRetry })
  })

  it('names the caller and the field it refuses', () => {
    const refused = (retry: object) => {
      try {
        readRetryOptions('createFallbackTransport', retry)
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidParamError)
        return (error as InvalidParamError).context
      }
      throw new Error('accepted')
    }
    expect(refused({ attempts: 0 })).toMatchObject({
      method: 'createFallbackTransport',
      param: 'retry.attempts',
    })
    expect(refused({ attempt: 2 })).toMatchObject({ param: 'retry.attempt' })
  })
})

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

function config(random: number, jitter: 'full' | 'none' = 'full') {
  return {
    retry: { attempts: 10, baseDelayMs: 250, maxDelayMs: 10_000, jitter },
    internals: { ...DEFAULT_INTERNALS, random: () => random },
  }
}

describe('retryDelay', () => {
  it('doubles the bound per attempt up to maxDelayMs, without jitter', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(config(0, 'none'), n, undefined))
    expect(delays).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000, 10_000])
  })

  it('draws full jitter between 0 and the bound', () => {
    expect(retryDelay(config(0), 3, undefined)).toBe(0)
    expect(retryDelay(config(0.5), 3, undefined)).toBe(500)
    expect(retryDelay(config(0.999), 3, undefined)).toBe(999)
    expect(retryDelay(config(0.999), 30, undefined)).toBe(9_990)
  })

  it('uses Retry-After instead, up to 60 s, whatever maxDelayMs is', () => {
    expect(retryDelay(config(0.5), 1, 0)).toBe(0)
    expect(retryDelay(config(0.5), 1, 30_000)).toBe(30_000)
    expect(retryDelay(config(0.5), 1, 3_600_000)).toBe(MAX_RETRY_AFTER_MS)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT')

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter(' 3 ', now)).toBe(3_000)
    expect(parseRetryAfter('1.5', now)).toBe(1_500)
  })

  it('reads an HTTP-date relative to now, a past date as 0', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:05 GMT', now)).toBe(5_000)
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0)
  })

  it('defaults now to the clock', () => {
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString()
    const ms = parseRetryAfter(inTenSeconds)
    expect(ms).toBeGreaterThan(8_000)
    expect(ms).toBeLessThanOrEqual(10_000)
  })

  it('gives undefined for missing or unreadable values', () => {
    for (const value of [null, undefined, '', '  ', '-1', '1e3', '+5', 'soon', 'Wed, 99 Foo']) {
      expect(parseRetryAfter(value, now)).toBeUndefined()
    }
  })
})
