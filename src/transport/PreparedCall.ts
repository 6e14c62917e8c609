import type { BaseErrorContext } from '../errors/ErrorContext'

/** A call with its id assigned and its envelope serialized. @internal */
export type PreparedCall = Readonly<{
  id: number
  method: string
  /** `{"jsonrpc":"2.0","id":...,"method":...,"params":...}` as text. */
  envelope: string
  signal: AbortSignal | undefined
  /** Method and redacted endpoint, for the call's errors. */
  context: BaseErrorContext
}>
