import type { ErrorCode } from './ErrorCode'
import type { ErrorContext } from './ErrorContext'
import { ERROR_MESSAGES, isErrorCode } from './formatErrorMessage'

/** Constructor arguments of {@link ConfirmedRpcError}. */
export type ConfirmedRpcErrorArgs<TCode extends ErrorCode> = Readonly<{
  code: TCode
  /**
   * One sentence: what went wrong. Left out, it is the package's own message for `code` and
   * `context`, the one every error this package throws carries.
   */
  shortMessage?: string | undefined
  context: ErrorContext<TCode>
  /** Extra lines shown under the short message (what to do, the server's words). */
  details?: readonly string[] | undefined
  cause?: unknown
}>

/**
 * The base class of every error this package throws.
 *
 * Branch on `code` (stable) rather than on the message (free to improve). `context` is typed
 * by code; {@link isConfirmedRpcError} narrows both.
 *
 * @example
 * ```ts
 * import { createClient, isConfirmedRpcError } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * try {
 *   await client.getConfirmedSignaturesForAddress2('Vote111111111111111111111111111111111111111')
 * } catch (error) {
 *   if (isConfirmedRpcError(error, 'RPC_ERROR')) console.log(error.context.rpcCode)
 * }
 * ```
 */
export class ConfirmedRpcError<TCode extends ErrorCode = ErrorCode> extends Error {
  override name = 'ConfirmedRpcError'
  // Declared, then set in one step by the constructor.
  /** Stable machine-readable code; see {@link ErrorCode}. */
  declare readonly code: TCode
  /** The message without details, for one-line logs. */
  declare readonly shortMessage: string
  /** Typed fields of this code. Never holds credentials. */
  declare readonly context: ErrorContext<TCode>
  /** Extra lines appended to the message. */
  declare readonly details: readonly string[]

  constructor(args: ConfirmedRpcErrorArgs<TCode>) {
    const { code, context, details = [], cause } = args
    const shortMessage =
      args.shortMessage ?? (ERROR_MESSAGES[code] as (c: ErrorContext<TCode>) => string)(context)
    const lines = [...details]
    if (context.method) lines.push(`Method: ${context.method}`)
    if (context.endpoint) lines.push(`Endpoint: ${context.endpoint}`)
    super(
      lines.length > 0 ? `${shortMessage}\n\n${lines.join('\n')}` : shortMessage,
      cause === undefined ? undefined : { cause },
    )
    Object.assign(this, { code, shortMessage, context, details })
  }

  /** A plain object for structured logs; `JSON.stringify(error)` uses it. */
  toJSON(): { name: string; code: TCode; message: string; context: ErrorContext<TCode> } {
    return { name: this.name, code: this.code, message: this.shortMessage, context: this.context }
  }
}

/**
 * Tells whether `error` is a {@link ConfirmedRpcError}, optionally of one code, and narrows its
 * `context`. Works across bundled copies of the package, where `instanceof` does not.
 *
 * @example
 * ```ts
 * import { isConfirmedRpcError } from 'confirmed-rpc'
 *
 * function retryAfter(error: unknown): number | undefined {
 *   return isConfirmedRpcError(error, 'HTTP_ERROR') ? error.context.retryAfterMs : undefined
 * }
 * ```
 */
export function isConfirmedRpcError<TCode extends ErrorCode = ErrorCode>(
  error: unknown,
  code?: TCode,
): error is ConfirmedRpcError<TCode> {
  // By shape, which an instance of this very class also has.
  const candidate = error as { code?: unknown; context?: unknown; shortMessage?: unknown } | null
  return (
    typeof candidate?.shortMessage === 'string' &&
    typeof candidate.context === 'object' &&
    isErrorCode(candidate.code) &&
    (code === undefined || candidate.code === code)
  )
}
