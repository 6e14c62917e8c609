import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import { readNetworkFailure } from '../../src/transport/defaultFetch'
import type { FetchFunction } from '../../src/transport/types'
import { type LoopbackServer, startLoopbackServer } from '../support/loopbackServer'

// A fetch failure reads as what it is: nothing listening, a name that does not resolve, TLS
// spoken to a plain-HTTP port, a reset. Against real loopback servers, with both fetches a
// transport meets in Node: node-fetch (the default) and Node's own (undici), whose error says
// only `fetch failed` and keeps the system code on its cause.
const SECRET = 'sk_live_network_123456'

let plain: LoopbackServer
let plainPort = 0
let closedPort = 0
beforeAll(async () => {
  // Drops every request's connection; a TLS hello is no request: Node answers it HTTP 400.
  plain = await startLoopbackServer({ script: () => ({ reset: true }) })
  plainPort = Number(new URL(plain.url).port)
  const closed = await startLoopbackServer()
  closedPort = Number(new URL(closed.url).port)
  await closed.close()
})
afterAll(() => plain.close())

const FETCHES: readonly (readonly [string, FetchFunction | undefined])[] = [
  ['node-fetch (the default)', undefined],
  ['global fetch', (input, init) => fetch(input, init)],
]

async function failureOf(url: string, fetchFunction: FetchFunction | undefined) {
  const transport = createHttpTransport({
    url: `${url}?api-key=${SECRET}`,
    retry: false,
    timeoutMs: 5_000,
    ...(fetchFunction && { fetch: fetchFunction }),
  })
  const error = await transport({ method: 'getSlot', params: [] }).then(
    () => expect.unreachable('the call succeeded'),
    (reason: unknown) => reason,
  )
  if (!isConfirmedRpcError(error, 'NETWORK_ERROR')) throw error
  expect(inspect(error, { depth: 10 })).not.toContain(SECRET)
  return error
}

describe.each(FETCHES)('a failed fetch, with %s', (_, fetchFunction) => {
  it('nothing listening: refused', async () => {
    const error = await failureOf(`http://127.0.0.1:${closedPort}/`, fetchFunction)
    expect(error.context).toMatchObject({
      failure: 'connection refused',
      systemCode: 'ECONNREFUSED',
    })
    expect(error.shortMessage).toBe('The request failed: connection refused (ECONNREFUSED).')
  })

  it('a host name that does not resolve: dns', async () => {
    const error = await failureOf('http://confirmed-rpc-test.invalid/', fetchFunction)
    expect(error.context.failure).toBe('host not found')
    expect(error.context.systemCode).toMatch(/^(?:ENOTFOUND|EAI_AGAIN)$/)
    expect(error.shortMessage).toMatch(
      /^The request failed: host not found \((?:ENOTFOUND|EAI_AGAIN)\)\.$/,
    )
  })

  it('https:// to a plain-HTTP port: tls', async () => {
    const error = await failureOf(`https://127.0.0.1:${plainPort}/`, fetchFunction)
    expect(error.context.failure).toBe('TLS handshake failed')
    expect(error.shortMessage).toMatch(
      /^The request failed: TLS handshake failed \((?:EPROTO|ERR_SSL_WRONG_VERSION_NUMBER)\)\.$/,
    )
    // The runtime's own words stay in the cause (node-fetch also puts them in the message).
    expect(inspect(error, { depth: 10 })).toMatch(/wrong version number/)
  })

  it('a connection dropped before the answer: reset', async () => {
    const error = await failureOf(`http://127.0.0.1:${plainPort}/`, fetchFunction)
    expect(error.context.failure).toBe('connection reset')
    expect(error.shortMessage).toMatch(
      /^The request failed: connection reset \((?:ECONNRESET|UND_ERR_SOCKET)\)\.$/,
    )
  })
})

describe('readNetworkFailure', () => {
  it('reads the first known code along the cause chain', () => {
    const nested = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'EHOSTUNREACH' }),
    })
    expect(readNetworkFailure(nested)).toEqual({
      failure: 'host unreachable',
      systemCode: 'EHOSTUNREACH',
    })
    expect(readNetworkFailure(Object.assign(new Error('x'), { code: 'CERT_HAS_EXPIRED' }))).toEqual(
      { failure: 'TLS handshake failed', systemCode: 'CERT_HAS_EXPIRED' },
    )
  })

  it('names nothing for an unknown code, a plain error or a non-error', () => {
    expect(readNetworkFailure(Object.assign(new Error('x'), { code: 'EWHATEVER' }))).toBeUndefined()
    expect(readNetworkFailure(new TypeError('Failed to fetch'))).toBeUndefined()
    expect(readNetworkFailure('ECONNREFUSED')).toBeUndefined()
  })
})
