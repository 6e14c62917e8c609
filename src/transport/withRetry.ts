import type { BaseErrorContext } from '../errors/ConfirmedRpcError'
import { type ConfirmedRpcError, isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { finalizeError } from './finalizeError'
import { isRetryableError } from './isRetryableError'
import type { HttpTransportConfig } from './resolveHttpTransportOptions'
import { retryDelay } from './retryDelay'
import { abortedError } from './transportErrors'

/** How {@link withRetry} runs one call. @internal */
export type WithRetryArgs<T> = Readonly<{
  /** The caller's signal: stops the loop, including a backoff sleep. */
  signal: AbortSignal | undefined
  /** Method and endpoint, for an abort during a sleep. */
  context: BaseErrorContext
  /** One attempt, given its number (from 1). */
  run: (attempt: number) => Promise<T>
  /** An attempt already made elsewhere (in a batch) and how it failed. */
  after?: Readonly<{ attempt: number; error: ConfirmedRpcError }> | undefined
}>

function retryAfterOf(error: ConfirmedRpcError): number | undefined {
  if (isConfirmedRpcError(error, 'HTTP_ERROR') || isConfirmedRpcError(error, 'RPC_ERROR')) {
    return error.context.retryAfterMs
  }
  return undefined
}

/**
 * Whether to make another attempt after `error` on attempt `attempt`: never after an abort or
 * once the attempts are spent; otherwise the `shouldRetry` hook when it answers with a boolean,
 * and {@link isRetryableError} when it does not.
 * @internal
 */
export function decideRetry(
  config: Pick<HttpTransportConfig, 'retry'>,
  error: ConfirmedRpcError,
  attempt: number,
): boolean {
  if (error.code === 'ABORTED' || attempt >= config.retry.attempts) return false
  const verdict = config.retry.shouldRetry?.({ error, attempt })
  return typeof verdict === 'boolean' ? verdict : isRetryableError(error)
}

/**
 * Runs attempts until one succeeds or the policy gives up, sleeping between them; the error it
 * throws is finalized (attempt count, secrets removed).
 * @internal
 */
export async function withRetry<T>(
  config: HttpTransportConfig,
  args: WithRetryArgs<T>,
): Promise<T> {
  let attempt = args.after?.attempt ?? 0
  let failure = args.after?.error
  for (;;) {
    if (failure !== undefined) {
      if (!decideRetry(config, failure, attempt)) {
        throw finalizeError(
          failure,
          { attempts: attempt, method: args.context.method },
          config.secrets,
        )
      }
      try {
        await config.internals.sleep(
          retryDelay(config, attempt, retryAfterOf(failure)),
          args.signal,
        )
      } catch (reason) {
        throw abortedError(args.signal?.aborted ? args.signal.reason : reason, args.context)
      }
    }
    attempt++
    try {
      return await args.run(attempt)
    } catch (error) {
      if (!isConfirmedRpcError(error)) throw error
      failure = error
    }
  }
}
