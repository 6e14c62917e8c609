import type { MethodContext } from '../actions/ActionClient'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { U64Mode } from '../schemas/common'
import type { RpcTransport } from '../transport/types'
import { PROVIDER_METHOD } from './walkProviderPages'

// What each transport's endpoint said about the provider method: asked once per transport.
const answers = new WeakMap<RpcTransport, Promise<boolean>>()

/**
 * Whether the endpoint serves `getTransactionsForAddress` (a provider's method, not a node's),
 * asked once per transport with a one-entry request. Any JSON-RPC error (-32601 from a node that
 * lacks it, a -32602 from one that reads other params) means no; a transport failure is not an
 * answer, and is asked again next time.
 * @internal
 */
export function servesProviderHistory<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  address: string,
  signal: AbortSignal,
): Promise<boolean> {
  let answer = answers.get(context.transport)
  if (answer === undefined) {
    const config = { transactionDetails: 'signatures', limit: 1 }
    answer = context
      .transport({ method: PROVIDER_METHOD, params: [address, config] }, { signal })
      .then(
        () => true,
        (error: unknown) => {
          if (isConfirmedRpcError(error, 'RPC_ERROR')) return false
          answers.delete(context.transport)
          throw error
        },
      )
    answers.set(context.transport, answer)
  }
  return answer
}
