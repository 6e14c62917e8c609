import type { RpcTransport } from './RpcTransport'

/** What a transport says about the endpoint behind it, for the errors raised above it. @internal */
export type TransportEndpoint = Readonly<{
  /** The URL with credentials, query values and key-like path segments replaced by `***`. */
  endpoint: string
  /** Removes the endpoint's secrets (URL parts, header values) from a text a server sent. */
  redact: (text: string) => string
  /** The transport's `requestsPerSecond` budget, if it has one. */
  requestsPerSecond?: number | undefined
}>

// Kept beside the transport rather than on it, so that a transport stays a plain function and
// the layers above (a response shape error, a pager error) can still name the endpoint.
const endpoints = new WeakMap<RpcTransport, TransportEndpoint>()

/** Records what `transport` reaches (or copies it from the transport it wraps); returns it. @internal */
export function describeEndpoint(
  transport: RpcTransport,
  endpoint: TransportEndpoint | RpcTransport | undefined,
): RpcTransport {
  const described = typeof endpoint === 'function' ? endpoints.get(endpoint) : endpoint
  if (described !== undefined) endpoints.set(transport, described)
  return transport
}

/** The endpoint a transport described, if it did. @internal */
export function endpointOf(transport: RpcTransport): TransportEndpoint | undefined {
  return endpoints.get(transport)
}
