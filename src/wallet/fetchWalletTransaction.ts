import type { MethodContext } from '../actions/ActionClient'
import { getTransaction } from '../actions/getTransaction'
import type { U64Mode } from '../schemas/common'
import { sleep } from '../shared/async'
import type { WalletState, WalletTransaction } from './types'

/**
 * One transaction of the walk, `json` with `maxSupportedTransactionVersion` 0 (the client turns
 * it into getConfirmedTransaction on nodes before 1.7). A `null` answer (a node behind the one
 * that listed the signature) is asked again `pageRetries` times, the wait doubling. Without the
 * `transactions` option the result only feeds discovery and is decoded in `bigint` mode.
 * @internal
 */
export async function fetchWalletTransaction<TMode extends U64Mode>(
  state: Pick<WalletState<TMode>, 'context' | 'plan' | 'requestSignal'>,
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
    maxSupportedTransactionVersion: 0,
    signal,
    ...(plan.commitment === undefined ? {} : { commitment: plan.commitment }),
  }
  for (let attempt = 0; ; attempt++) {
    const transaction = (await getTransaction(
      context,
      signature,
      config,
    )) as WalletTransaction<TMode> | null
    if (transaction !== null || attempt >= plan.pageRetries) return transaction
    await sleep(Math.min(plan.pageRetryDelayMs * 2 ** attempt, 10_000), signal)
  }
}
