import { ConfirmedRpcError, type ConfirmedRpcErrorArgs } from './ConfirmedRpcError'

/**
 * The node does not know the `before` or `until` signature the history pager needs (-32020 on
 * Agave 4.x), even after the retries the pager allows. `context.cursor` is the signature, so
 * the walk can be resumed elsewhere.
 *
 * @example
 * ```ts
 * import { CursorNotFoundError } from 'confirmed-rpc'
 *
 * function lostCursor(error: unknown): string | undefined {
 *   return error instanceof CursorNotFoundError ? error.context.cursor : undefined
 * }
 * ```
 */
export class CursorNotFoundError extends ConfirmedRpcError<'CURSOR_NOT_FOUND'> {
  override name = 'CursorNotFoundError'
  constructor(args: Omit<ConfirmedRpcErrorArgs<'CURSOR_NOT_FOUND'>, 'code'>) {
    super({ ...args, code: 'CURSOR_NOT_FOUND' })
  }
}
