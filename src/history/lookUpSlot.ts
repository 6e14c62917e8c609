import { getTransaction } from '../actions/getTransaction'
import type { MethodContext } from '../actions/MethodContext'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { U64Mode } from '../schemas/common'
import { askUntilFound } from './askUntilFound'
import type { WalkPlan } from './resolveWalkOptions'

/**
 * The slot of a cursor signature, or `undefined` when the node does not have it (after
 * `pageRetries` tries, since `null` may come from a node that lags behind). A JSON-RPC error
 * (a node that refuses the version, ...) also gives `undefined`: the walk then goes without the
 * check this lookup serves. Transport failures pass through.
 *
 * Read in `bigint` mode whatever the client's: a balance above 2^53-1 must not fail a lookup
 * whose answer is a slot (slots compare with numbers as they are).
 * @internal
 */
export async function lookUpSlot<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  signature: string,
  signal: AbortSignal,
): Promise<bigint | undefined> {
  const config = {
    encoding: 'base64',
    maxSupportedTransactionVersion: 255,
    commitment: plan.commitment,
    signal,
  } as const
  try {
    const found = await askUntilFound(plan, signal, () =>
      getTransaction({ ...context, u64: 'bigint' }, signature, config),
    )
    return found?.slot
  } catch (error) {
    if (isConfirmedRpcError(error, 'RPC_ERROR')) return undefined
    throw error
  }
}
