import { getTransaction } from '../actions/getTransaction'
import type { MethodContext } from '../actions/MethodContext'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { INVALID_PARAMS } from '../errors/JsonRpcErrorCode'
import type { Commitment, U64Mode } from '../schemas/common'
import { askUntilFound } from './askUntilFound'
import type { WalkPlan } from './types'

/**
 * The slot of a cursor signature, or `undefined` when the node does not have it (after
 * `pageRetries` tries, since `null` may come from a node that lags behind). A JSON-RPC error
 * (a node that refuses the version, ...) also gives `undefined`: the walk then goes without the
 * check this lookup serves. Transport failures pass through.
 *
 * A walk at a commitment asks at that commitment. Nodes before 1.4 take no commitment for this
 * method (`getConfirmedTransaction` there reads the bare encoding only, and answers a config
 * object with -32602): the lookup is then asked again at the node's own commitment. Without that
 * a 1.3 node's walk with `until` went without the `until` check, and took a lagging node's page
 * that ran past `until` as the answer.
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
  const ask = async (commitment: Commitment | undefined) => {
    const config = {
      encoding: 'base64',
      maxSupportedTransactionVersion: 255,
      commitment,
      signal,
    } as const
    const found = await askUntilFound(plan, signal, () =>
      getTransaction({ ...context, u64: 'bigint' }, signature, config),
    )
    return found?.slot
  }
  try {
    return await ask(plan.commitment)
  } catch (error) {
    if (!isConfirmedRpcError(error, 'RPC_ERROR')) throw error
    if (plan.commitment === undefined || error.context.rpcCode !== INVALID_PARAMS) return undefined
  }
  try {
    return await ask(undefined)
  } catch (error) {
    if (isConfirmedRpcError(error, 'RPC_ERROR')) return undefined
    throw error
  }
}
