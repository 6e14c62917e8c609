import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { MethodContext } from '../methods/MethodContext'
import type { U64Mode } from '../schemas/common'
import { sleep } from '../transport/sleep'
import type { WalkPlan } from './resolveWalkOptions'

/**
 * The slot of a cursor signature, or `undefined` when the node does not have it (after
 * `pageRetries` tries, since `null` may come from a node that lags behind). A JSON-RPC error
 * (a node that refuses the version, ...) also gives `undefined`: the walk then goes without the
 * check this lookup serves. Transport failures pass through.
 *
 * Only `slot` is read, so the rest of the record is not decoded: a balance above 2^53-1 in
 * `u64: 'number'` mode must not fail a lookup whose answer is a slot.
 * @internal
 */
export async function lookUpSlot<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  signature: string,
  signal: AbortSignal,
): Promise<number | bigint | undefined> {
  const { pageRetries, pageRetryDelayMs } = plan.policy
  const config: Record<string, unknown> = {
    encoding: 'base64',
    maxSupportedTransactionVersion: 255,
  }
  if (plan.commitment !== undefined) config.commitment = plan.commitment
  for (let attempt = 0; ; attempt++) {
    let result: unknown
    try {
      result = await context.transport(
        { method: 'getTransaction', params: [signature, config] },
        { signal },
      )
    } catch (error) {
      if (isConfirmedRpcError(error, 'RPC_ERROR')) return undefined
      throw error
    }
    const slot = readSlot(result)
    if (slot !== undefined || attempt >= pageRetries) return slot
    await sleep(Math.min(pageRetryDelayMs * 2 ** attempt, 10_000), signal)
  }
}

function readSlot(result: unknown): number | bigint | undefined {
  if (typeof result !== 'object' || result === null) return undefined
  const slot = (result as { slot?: unknown }).slot
  if (typeof slot === 'number' && Number.isSafeInteger(slot) && slot >= 0) return slot
  // parseJson hands integers above 2^53-1 over as digit strings.
  if (typeof slot === 'string' && /^\d{1,20}$/.test(slot)) return BigInt(slot)
  return undefined
}
