/** A call with its id assigned and its envelope serialized. @internal */
export type PreparedCall = Readonly<{
  id: number
  /** `{"jsonrpc":"2.0","id":...,"method":...,"params":...}` as text. */
  envelope: string
  signal: AbortSignal | undefined
  /** `false`: one attempt (the caller retries elsewhere, as a fallback transport does). */
  retry?: false | undefined
  /** Method and redacted endpoint, for the call's errors and hook payloads. */
  context: Readonly<{ method: string; endpoint: string }>
}>
