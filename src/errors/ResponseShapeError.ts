import { ConfirmedRpcError } from './ConfirmedRpcError'

/** Codes of results that arrived intact but do not fit the method's schema or the u64 mode. */
export type ResponseShapeErrorCode = 'RESPONSE_SHAPE' | 'UNSAFE_INTEGER'

/**
 * The server's `result` does not match the method's schema (`RESPONSE_SHAPE`, with the JSON path
 * of the first mismatch), or holds an integer above 2^53-1 while the client runs in
 * `u64: 'number'` mode (`UNSAFE_INTEGER`, with the path and the exact digits).
 *
 * Unlike a {@link TransportError}, the request itself succeeded; retrying will not help.
 *
 * @example
 * ```ts
 * import { ResponseShapeError } from 'confirmed-rpc'
 *
 * function describe(error: unknown): string | undefined {
 *   return error instanceof ResponseShapeError ? error.context.path : undefined
 * }
 * ```
 */
export class ResponseShapeError<
  TCode extends ResponseShapeErrorCode = ResponseShapeErrorCode,
> extends ConfirmedRpcError<TCode> {
  override name = 'ResponseShapeError'
}
