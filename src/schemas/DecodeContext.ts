/** Where a result came from, for the errors a decoder throws. */
export type DecodeContext = Readonly<{
  /** JSON-RPC method whose result is decoded. */
  method: string
  /** Endpoint with secrets removed; absent for custom transports. */
  endpoint?: string | undefined
}>
