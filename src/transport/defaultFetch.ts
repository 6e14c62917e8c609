import crossFetch from 'cross-fetch'
import type { NetworkFailure } from '../errors/ErrorCode'
import type { FetchFunction } from './types'

/**
 * The `fetch` a transport uses when given none: cross-fetch's, that is node-fetch in Node, which
 * answers the large JSON bodies of these methods faster than Node's built-in fetch. Builds for
 * browsers and workers swap this module for `defaultFetch.browser.ts` (see tsup.config.ts).
 * @internal
 */
export const defaultFetch = crossFetch as FetchFunction

/**
 * Whether a response body may be a Node stream (async iterable, `destroy()`), as node-fetch's
 * (cross-fetch's in Node) is. The browser build's `defaultFetch.browser.ts` says no.
 * @internal
 */
export const NODE_STREAM_BODIES = true

// The system error codes of each failure, as Node (`syscall` errors), its built-in fetch
// (undici's `UND_ERR_*`, OpenSSL's `ERR_SSL_*`) and node-fetch name them. A browser's fetch
// fails with no code at all (`TypeError: Failed to fetch`): its build reads none.
const NETWORK_FAILURE_CODES: readonly (readonly [NetworkFailure, RegExp])[] = [
  ['connection refused', /^ECONNREFUSED$/],
  ['host not found', /^(?:ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NODATA|EAI_NONAME)$/],
  ['TLS handshake failed', /^(?:EPROTO|ERR_SSL_\w+|ERR_TLS_\w+|\w*CERT\w*|UNABLE_TO_\w+)$/],
  [
    'connection reset',
    /^(?:ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|ERR_STREAM_PREMATURE_CLOSE)$/,
  ],
  [
    'host unreachable',
    /^(?:EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)$/,
  ],
]

/**
 * What a failed fetch was, from the first system error code along its cause chain that names a
 * {@link NetworkFailure}: node-fetch sets it on its own error, Node's fetch on the `cause` of its
 * `TypeError('fetch failed')`, whose message says nothing.
 * @internal
 */
export function readNetworkFailure(
  error: unknown,
): Readonly<{ failure: NetworkFailure; systemCode: string }> | undefined {
  let current = error
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const systemCode = (current as { code?: unknown }).code
    if (typeof systemCode === 'string') {
      const known = NETWORK_FAILURE_CODES.find(([, codes]) => codes.test(systemCode))
      if (known !== undefined) return { failure: known[0], systemCode }
    }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
