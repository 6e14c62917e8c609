import type { HttpTransportOptions } from './createHttpTransport'
import type { RpcTransport } from './RpcTransport'
import {
  type HttpTransportConfig,
  type HttpTransportInternals,
  resolveHttpTransportOptions,
} from './resolveHttpTransportOptions'
import { type PreparedCall, sendSingle } from './sendSingle'
import { serializeEnvelope } from './serializeEnvelope'
import { sleep } from './sleep'
import { abortedError } from './transportErrors'

/** The real clock, randomness and sleep. @internal */
export const defaultHttpTransportInternals: HttpTransportInternals = {
  random: () => Math.random(),
  now: () => Date.now(),
  sleep,
}

/**
 * `createHttpTransport` with its clock, randomness and sleep given, so tests can see the delays
 * the retry policy chooses without waiting them out.
 * @internal
 */
export function createHttpTransportWith(
  options: HttpTransportOptions,
  internals: HttpTransportInternals,
): RpcTransport {
  return transportFromConfig(resolveHttpTransportOptions(options, internals))
}

/** The transport of options already resolved (and checked). @internal */
export function transportFromConfig(config: HttpTransportConfig): RpcTransport {
  const scheduler = config.batch?.createScheduler(config)
  let nextId = 1

  return async (request, callOptions) => {
    const signal = callOptions?.signal
    const context = { method: request.method, endpoint: config.endpoint }
    if (signal?.aborted) throw abortedError(signal.reason, context)
    const id = nextId++
    const call: PreparedCall = {
      id,
      method: request.method,
      envelope: serializeEnvelope(id, request),
      signal,
      context,
    }
    return scheduler === undefined ? sendSingle(config, call) : scheduler.enqueue(call)
  }
}
