import { ConfirmedRpcError } from './ConfirmedRpcError'

/** Codes of failures to get a usable JSON-RPC answer at all. */
export type TransportErrorCode =
  | 'HTTP_ERROR'
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'MALFORMED_RESPONSE'
  | 'RESPONSE_TOO_LARGE'

/**
 * The request did not yield a JSON-RPC response: an HTTP status outside 2xx, a network failure,
 * a timeout, an abort, a body that is not a JSON-RPC response, or a body over the size cap.
 *
 * @example
 * ```ts
 * import { TransportError, createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com', timeoutMs: 5_000 })
 * await client.getConfirmedTransaction('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW')
 *   .catch((error) => { if (error instanceof TransportError) console.log(error.code) })
 * ```
 */
export class TransportError<
  TCode extends TransportErrorCode = TransportErrorCode,
> extends ConfirmedRpcError<TCode> {
  override name = 'TransportError'
}
