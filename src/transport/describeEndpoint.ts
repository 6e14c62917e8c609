import type { HttpTransportOptions } from './createHttpTransport'
import { defaultHttpTransportInternals } from './createHttpTransportWith'
import { redactText } from './redactText'
import { resolveHttpTransportOptions } from './resolveHttpTransportOptions'

/** What layers above the transport may say about an HTTP endpoint. */
export type EndpointDescription = Readonly<{
  /** The URL with credentials, query values and key-like path segments replaced by `***`. */
  endpoint: string
  /** Removes the endpoint's secrets (URL parts, header values) from a text a server sent. */
  redact: (text: string) => string
}>

/**
 * Describes an endpoint the way the HTTP transport does, so that errors raised above it (a schema
 * mismatch quoting a server string) redact the same secrets.
 * @internal
 */
export function describeEndpoint(options: HttpTransportOptions): EndpointDescription {
  const config = resolveHttpTransportOptions(options, defaultHttpTransportInternals)
  const { secrets } = config
  return {
    endpoint: config.endpoint,
    redact: secrets.length === 0 ? (text) => text : (text) => redactText(text, secrets),
  }
}
