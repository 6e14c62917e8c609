import type { HttpRequestEvent } from './HttpRequestEvent'
import type { HttpTransportConfig } from './HttpTransportConfig'
import { notify, notifyResponse } from './hookEvents'
import type { PreparedCall } from './PreparedCall'
import type { RequestBudget } from './RequestBudget'
import { readRpcResponse } from './readRpcResponse'
import { type AttemptProgress, sendAttempt } from './sendAttempt'
import { type EarlierAttempt, withRetry } from './withRetry'

/**
 * Sends one call on its own, with retries. `after` continues from an attempt made in a batch.
 * @internal
 */
export function sendSingle(
  config: HttpTransportConfig,
  call: PreparedCall,
  after?: EarlierAttempt | undefined,
): Promise<unknown> {
  return withRetry(
    config,
    call,
    async (attempt) => {
      // The call's context holds its method and the endpoint.
      if (config.budget) await takeBudget(config, 1, call.signal, call.context)
      const event: HttpRequestEvent = { ...call.context, id: call.id, attempt, batchSize: 1 }
      notify(config.onRequest, event)
      const started = config.internals.now()
      const progress: AttemptProgress = {}
      let failure: unknown
      try {
        const outcome = await sendAttempt(
          config,
          call.envelope,
          call.signal,
          call.context,
          progress,
        )
        return readRpcResponse(outcome.body, call.id, call.context, outcome.retryAfterMs)
      } catch (error) {
        failure = error
        throw error
      } finally {
        const durationMs = config.internals.now() - started
        notifyResponse(config.onResponse, event, durationMs, progress.status, failure)
      }
    },
    after,
  )
}

/**
 * Waits for the transport's budget to let `count` calls go to its endpoint; `onThrottle` hears
 * of a wait before it starts.
 * @internal
 */
export function takeBudget(
  config: HttpTransportConfig,
  count: number,
  signal: AbortSignal | undefined,
  context: Readonly<{ method: string; endpoint: string }>,
): Promise<void> {
  return (config.budget as RequestBudget).acquire({
    ...context,
    count,
    signal,
    onWait: (waitMs) => notify(config.onThrottle, { kind: 'budget', ...context, waitMs }),
  })
}
