import type { HttpTransportOptions } from './HttpTransportOptions'
import type { PreparedCall } from './PreparedCall'
import type { RpcTransport } from './RpcTransport'
import { redactText } from './redactText'
import { resolveHttpTransportOptions } from './resolveHttpTransportOptions'
import { sendSingle } from './sendSingle'
import { serializeEnvelope } from './serializeEnvelope'
import { abortedError } from './transportErrors'
import { DEFAULT_INTERNALS, type HttpTransportInternals } from './transportInternals'

/**
 * Creates the JSON-RPC transport over HTTP: POSTs `{"jsonrpc":"2.0","id","method","params"}`,
 * reads the body under a size cap and a per-attempt timeout, checks the envelope and the id, and
 * resolves with `result`. Transient failures (HTTP 408/429/5xx, network errors, timeouts, a cut-off
 * body, node-unhealthy and storage-unreachable errors) are retried with exponential backoff and
 * full jitter, honouring `Retry-After`. Every error and hook payload names the endpoint with its
 * secrets removed; so does the transport's `description`, which the layers above quote.
 *
 * @example
 * ```ts
 * import { createClient, createHttpTransport } from 'confirmed-rpc'
 *
 * const transport = createHttpTransport({
 *   url: 'https://rpc.example.com/?api-key=MY_KEY',
 *   timeoutMs: 10_000,
 *   retry: { attempts: 5, maxDelayMs: 5_000 },
 *   onResponse: (event) => console.log(event.method, event.status, event.durationMs),
 * })
 * const client = createClient({ transport })
 * const slot = await transport({ method: 'getSlot', params: [] })
 * ```
 */
export function createHttpTransport(
  options: HttpTransportOptions,
  /** @internal */
  internals: HttpTransportInternals = DEFAULT_INTERNALS,
): RpcTransport {
  const config = resolveHttpTransportOptions(options, internals)
  const { endpoint, secrets, budget } = config
  const scheduler = config.batch?.createScheduler(config)
  let nextId = 1
  const transport = async (
    request: Parameters<RpcTransport>[0],
    callOptions?: Parameters<RpcTransport>[1],
  ): Promise<unknown> => {
    const signal = callOptions?.signal
    const context = { method: request.method, endpoint }
    if (signal?.aborted) throw abortedError(signal.reason, context)
    const id = nextId++
    const call: PreparedCall = {
      id,
      envelope: serializeEnvelope(id, request),
      signal,
      retry: callOptions?.retry,
      context,
    }
    return scheduler?.enqueue(call) ?? sendSingle(config, call)
  }
  const redact = (text: string): string => redactText(text, secrets)
  return Object.assign(transport, { description: { endpoint, redact, budget } })
}
