import type { MethodContext } from '../actions/ActionClient'
import { getTransaction, MAX_DECODED_TRANSACTION_VERSION } from '../actions/getTransaction'
import type { U64Mode } from '../schemas/common'
import { askUntilFound } from '../shared/askUntilFound'
import type { WalletRequests, WalletTransaction } from './types'

/**
 * One transaction of the walk, `json` (the client turns it into getConfirmedTransaction on nodes
 * before 1.7). A `null` answer (a node behind the one that listed the signature) is asked again
 * as a walk asks (`askUntilFound`). Without the `transactions` option the result only feeds
 * discovery: it is decoded in `bigint` mode and asked at the highest version the decoders read,
 * whatever the client's (the caller sees none of it); with it, at the client's
 * `maxSupportedTransactionVersion`, else that same highest version.
 * @internal
 */
export async function fetchWalletTransaction<TMode extends U64Mode>(
  state: Pick<WalletRequests<TMode>, 'context' | 'plan' | 'requestSignal'>,
  signature: string,
): Promise<WalletTransaction<TMode> | null> {
  const { plan } = state
  const signal = state.requestSignal()
  // Read only for discovery, u64 fields are read as bigint, so that no balance can fail the walk.
  const context: MethodContext<U64Mode> = plan.transactions
    ? state.context
    : { ...state.context, u64: 'bigint' }
  const config = {
    encoding: 'json' as const,
    maxSupportedTransactionVersion: plan.transactions
      ? plan.transactionVersion
      : MAX_DECODED_TRANSACTION_VERSION,
    signal,
    ...(plan.commitment === undefined ? {} : { commitment: plan.commitment }),
  }
  return askUntilFound(
    plan,
    signal,
    () => getTransaction(context, signature, config) as Promise<WalletTransaction<TMode> | null>,
  )
}
