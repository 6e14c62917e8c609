import type { BaseErrorContext, ConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { HttpRequestEvent } from './createHttpTransport'
import { notify, notifyResponse } from './hookEvents'
import { readAnswer } from './readAnswer'
import type { HttpTransportConfig } from './resolveHttpTransportOptions'
import { type AttemptProgress, sendAttempt } from './sendAttempt'
import { withRetry } from './withRetry'

/** A call with its id assigned and its envelope serialized. @internal */
export type PreparedCall = Readonly<{
  id: number
  method: string
  /** `{"jsonrpc":"2.0","id":...,"method":...,"params":...}` as text. */
  envelope: string
  signal: AbortSignal | undefined
  /** Method and redacted endpoint, for the call's errors. */
  context: BaseErrorContext
}>

/**
 * Sends one call on its own, with retries. `after` continues from an attempt made in a batch.
 * @internal
 */
export function sendSingle(
  config: HttpTransportConfig,
  call: PreparedCall,
  after?: Readonly<{ attempt: number; error: ConfirmedRpcError }> | undefined,
): Promise<unknown> {
  return withRetry(config, {
    signal: call.signal,
    context: call.context,
    after,
    run: (attempt) => attemptSingle(config, call, attempt),
  })
}

async function attemptSingle(
  config: HttpTransportConfig,
  call: PreparedCall,
  attempt: number,
): Promise<unknown> {
  const event: HttpRequestEvent = {
    method: call.method,
    id: call.id,
    endpoint: config.endpoint,
    attempt,
    batchSize: 1,
  }
  notify(config.onRequest, event)
  const started = config.internals.now()
  const progress: AttemptProgress = {}
  try {
    const outcome = await sendAttempt(config, call.envelope, call.signal, call.context, progress)
    const result = readAnswer(outcome.body, call.id, call.context, outcome.retryAfterMs)
    notifyResponse(config.onResponse, event, config.internals.now() - started, outcome.status)
    return result
  } catch (error) {
    const durationMs = config.internals.now() - started
    notifyResponse(config.onResponse, event, durationMs, progress.status, error)
    throw error
  }
}
