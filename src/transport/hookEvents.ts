import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { HttpRequestEvent, HttpResponseEvent } from './createHttpTransport'

/**
 * Calls a user hook; what it throws is dropped, so that logging can never break a call.
 * @internal
 */
export function notify<TEvent>(hook: ((event: TEvent) => void) | undefined, event: TEvent): void {
  if (hook === undefined) return
  try {
    hook(event)
  } catch {
    // Deliberately ignored; see the TSDoc of onRequest / onResponse.
  }
}

/** The `onResponse` payload of an attempt. @internal */
export function responseEvent(
  request: HttpRequestEvent,
  durationMs: number,
  status: number | undefined,
  error?: unknown,
): HttpResponseEvent {
  const rpcCode = isConfirmedRpcError(error, 'RPC_ERROR') ? error.context.rpcCode : undefined
  return {
    ...request,
    ...(status === undefined ? {} : { status }),
    durationMs,
    ...(isConfirmedRpcError(error) ? { errorCode: error.code } : {}),
    ...(rpcCode === undefined ? {} : { rpcCode }),
  }
}
