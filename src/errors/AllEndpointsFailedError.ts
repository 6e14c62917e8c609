import { ConfirmedRpcError, type ConfirmedRpcErrorArgs } from './ConfirmedRpcError'

/**
 * A fallback transport (`createFallbackTransport`) sent a
 * call to its endpoints and each failed in a way another endpoint might not (a 429, a 5xx, a
 * timeout, a network error, an unhealthy node) until the call's attempts were spent.
 * `context.failures` holds each endpoint's last error, secrets removed; `cause` is the last one.
 *
 * @example
 * ```ts
 * import {
 *   AllEndpointsFailedError,
 *   createClient,
 *   createFallbackTransport,
 *   createHttpTransport,
 * } from 'confirmed-rpc'
 *
 * const transport = createFallbackTransport(
 *   ['https://rpc-a.example.com', 'https://rpc-b.example.com'].map((url) => createHttpTransport({ url })),
 * )
 * const client = createClient({ transport })
 * try {
 *   await client.getSignaturesForAddress('Vote111111111111111111111111111111111111111')
 * } catch (error) {
 *   if (error instanceof AllEndpointsFailedError) {
 *     for (const { endpoint, error: last } of error.context.failures) console.log(endpoint, last.code)
 *   }
 * }
 * ```
 */
export class AllEndpointsFailedError extends ConfirmedRpcError<'ALL_ENDPOINTS_FAILED'> {
  override name = 'AllEndpointsFailedError'
  constructor(args: Omit<ConfirmedRpcErrorArgs<'ALL_ENDPOINTS_FAILED'>, 'code'>) {
    super({ ...args, code: 'ALL_ENDPOINTS_FAILED' })
  }
}
