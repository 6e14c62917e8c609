import type { HttpTransportOptions } from './createHttpTransport'
import { defaultHttpTransportInternals, transportFromConfig } from './createHttpTransportWith'
import type { RpcTransport } from './RpcTransport'
import { redactText } from './redactText'
import { resolveHttpTransportOptions } from './resolveHttpTransportOptions'

/** An HTTP transport with what the layers above it may say about its endpoint. */
export type HttpEndpoint = Readonly<{
  transport: RpcTransport
  /** The URL with credentials, query values and key-like path segments replaced by `***`. */
  endpoint: string
  /** Removes the endpoint's secrets (URL parts, header values) from a text a server sent. */
  redact: (text: string) => string
}>

/**
 * `createHttpTransport` for the client: the options are resolved once, and errors raised above
 * the transport (a schema mismatch quoting a server string) redact the same secrets it does.
 * @internal
 */
export function createHttpEndpoint(options: HttpTransportOptions): HttpEndpoint {
  const config = resolveHttpTransportOptions(options, defaultHttpTransportInternals)
  const { secrets } = config
  return {
    transport: transportFromConfig(config),
    endpoint: config.endpoint,
    redact: secrets.length === 0 ? (text) => text : (text) => redactText(text, secrets),
  }
}
