import type { CommitmentLevel, RpcContext } from './createRpcContext'
import {
  type ContextConfig,
  readCommitmentConfigParam,
  readContextConfigParam,
  readPositionalParams,
} from './readParams'
import type { MethodHandler } from './types'
import { type Outcome, ok, rpcError } from './types'

function readSlotConfig(ctx: RpcContext, value: unknown): Outcome<ContextConfig> {
  if (ctx.rules.slotContextConfig) return readContextConfigParam(value, ctx.rules)
  const level = readCommitmentConfigParam(value, ctx.rules)
  if (!level.ok) return level
  const commitment: CommitmentLevel = level.value ?? 'finalized'
  return ok({ commitment, minContextSlot: undefined })
}

/**
 * getSlot: the slot of the bank at the commitment (default `finalized`): `processed` is the
 * heaviest slot, `confirmed` the optimistically confirmed bank, `finalized` the root
 * (`get_slot` → `get_bank_with_config` in Agave `rpc/src/rpc.rs`). From 1.10 the param is an
 * `RpcContextConfig`, and a `minContextSlot` above that slot is -32016 `Minimum context slot has
 * not been reached` with `data: { contextSlot }`; before, a bare `CommitmentConfig`
 * (`core/src/rpc.rs` @v1.3.23, @v1.6.22; see `readCommitmentConfigParam`). A lagging node's
 * frontiers are its own (`lagSlots`).
 */
export function createGetSlotHandler(): MethodHandler {
  return (ctx, params) => {
    const positional = readPositionalParams(params, 0, 1)
    if (!positional.ok) return positional
    const config = readSlotConfig(ctx, positional.value[0])
    if (!config.ok) return config
    const slot = ctx.frontiers[config.value.commitment]
    const { minContextSlot } = config.value
    if (minContextSlot !== undefined && slot < minContextSlot) {
      return rpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: slot })
    }
    return ok(slot)
  }
}
