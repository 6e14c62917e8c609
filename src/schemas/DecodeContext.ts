/** Where a result came from, for the errors a decoder throws. */
export type DecodeContext = Readonly<{
  /** JSON-RPC method whose result is decoded. */
  method: string
  /** Endpoint with secrets removed; absent for custom transports. */
  endpoint?: string | undefined
  /** Removes the endpoint's secrets from text the server sent, before it goes into an error. */
  redact?: ((text: string) => string) | undefined
}>
