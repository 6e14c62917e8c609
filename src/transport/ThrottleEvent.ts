/**
 * Given to `onThrottle` when a call is held back on the client side rather than sent:
 * - `'budget'`: the call waits `waitMs` for the HTTP transport's `requestsPerSecond` budget;
 * - `'cooldown'`: a fallback transport stops sending to `endpoint` for `cooldownMs` after a
 *   failure (the server's `Retry-After`, or a backoff growing with the endpoint's failures in a
 *   row), and sends to the others meanwhile;
 * - `'wait'`: every endpoint that serves the method is cooling down, so the call waits `waitMs`
 *   for the first one back.
 *
 * Safe to log: endpoints are redacted.
 */
export type ThrottleEvent =
  | Readonly<{
      kind: 'budget'
      /** JSON-RPC method of the call that waits (`batch` for a batch of calls). */
      method: string
      /** The endpoint with secrets replaced by `***`. */
      endpoint: string
      /** How long the call waits before it is sent, in milliseconds. */
      waitMs: number
    }>
  | Readonly<{
      kind: 'cooldown'
      /** JSON-RPC method of the call that failed there. */
      method: string
      /** The endpoint cooled down, secrets replaced by `***`. */
      endpoint: string
      /** How long no call is sent there, in milliseconds. */
      cooldownMs: number
      /** Code of the error that caused it, e.g. `HTTP_ERROR`, `NETWORK_ERROR`. */
      errorCode: string
    }>
  | Readonly<{
      kind: 'wait'
      /** JSON-RPC method of the call that waits. */
      method: string
      /** The endpoint the call waits for, secrets replaced by `***`. */
      endpoint: string
      /** How long the call waits, in milliseconds. */
      waitMs: number
    }>
