import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { HttpRequestEvent, HttpResponseEvent } from './HttpRequestEvent'

/**
 * Calls a user hook; what it throws is dropped, so that logging can never break a call.
 * @internal
 */
export function notify<TEvent>(hook: ((event: TEvent) => void) | undefined, event: TEvent): void {
  try {
    hook?.(event)
  } catch {
    // Deliberately ignored; see the TSDoc of onRequest / onResponse.
  }
}

/**
 * Calls the `onResponse` hook, if there is one, with the payload of an attempt. The payload is
 * only built when a hook will read it: most transports have none, and this runs on every call.
 * A field without a value is left out rather than set to `undefined`, so logs stay short.
 * @internal
 */
export function notifyResponse(
  hook: ((event: HttpResponseEvent) => void) | undefined,
  request: HttpRequestEvent,
  durationMs: number,
  status: number | undefined,
  error?: unknown,
): void {
  if (!hook) return
  const failed = isConfirmedRpcError(error) && error
  notify(hook, {
    ...request,
    ...(status !== undefined && { status }),
    durationMs,
    ...(failed && { errorCode: failed.code }),
    ...(isConfirmedRpcError(failed, 'RPC_ERROR') && { rpcCode: failed.context.rpcCode }),
  })
}
