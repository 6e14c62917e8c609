import { type ConfirmedRpcError, isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { BaseErrorContext } from '../errors/ErrorContext'
import { finalizeError } from './finalizeError'
import type { HttpTransportConfig } from './HttpTransportConfig'
import { isRetryableError } from './isRetryableError'
import { retryDelay } from './retryDelay'
import { abortedError } from './transportErrors'

/** What {@link withRetry} needs of a call (or of a batch). @internal */
export type RetriedCall = Readonly<{
  /** The caller's signal: stops the loop, including a backoff sleep. */
  signal: AbortSignal | undefined
  /** Method and endpoint, for an abort during a sleep. */
  context: BaseErrorContext
  /** `false`: this call gets one attempt, whatever the policy. */
  retry?: false | undefined
}>

/** An attempt already made elsewhere (in a batch), and how it failed. @internal */
export type EarlierAttempt = Readonly<{ attempt: number; error: ConfirmedRpcError }>

/**
 * Runs `run` (given the attempt number, from 1) until it succeeds or the policy gives up,
 * sleeping between attempts. The policy: never after an abort or once the attempts are spent;
 * otherwise the `shouldRetry` hook when it answers with a boolean, and {@link isRetryableError}
 * when it does not. Each failure is finalized (attempt count, secrets removed) before anything
 * sees it: the `shouldRetry` hook is user code too, as much as the caller.
 * @internal
 */
export async function withRetry<T>(
  config: HttpTransportConfig,
  call: RetriedCall,
  run: (attempt: number) => Promise<T>,
  after?: EarlierAttempt | undefined,
): Promise<T> {
  let attempt = after?.attempt ?? 0
  let failure = after?.error
  for (;;) {
    if (failure !== undefined) {
      // The method is in a single call's context already; a batch adds each call's.
      const error = finalizeError(failure, { attempts: attempt }, config.secrets)
      const verdict =
        error.code !== 'ABORTED' && call.retry !== false && attempt < config.retry.attempts
          ? config.retry.shouldRetry?.({ error, attempt })
          : false
      if (!(typeof verdict === 'boolean' ? verdict : isRetryableError(error))) throw error
      try {
        // Only HTTP_ERROR and RPC_ERROR contexts have the field.
        const { retryAfterMs } = error.context as { retryAfterMs?: number | undefined }
        await config.internals.sleep(retryDelay(config, attempt, retryAfterMs), call.signal)
      } catch (reason) {
        // Only an abort ends a sleep early, and it rejects with the signal's reason.
        throw abortedError(reason, call.context)
      }
    }
    attempt++
    try {
      return await run(attempt)
    } catch (error) {
      if (!isConfirmedRpcError(error)) throw error
      failure = error
    }
  }
}
