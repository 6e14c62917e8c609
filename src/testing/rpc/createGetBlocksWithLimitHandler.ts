import { MAX_BLOCKS_RANGE, minContextSlotNotReached, producedSlots } from './createGetBlocksHandler'
import { isUnsignedInteger } from './isUnsignedInteger'
import type { MethodHandler } from './MethodHandler'
import type { RpcContext } from './RpcContext'
import { invalidParams, type Outcome, ok } from './RpcErrorObject'
import { readCommitmentConfigParam } from './readCommitmentConfigParam'
import {
  type ContextConfig,
  DEFAULT_CONTEXT_CONFIG,
  readContextConfigParam,
} from './readContextConfigParam'
import { readPositionalParams } from './readPositionalParams'
import { serdeMismatch } from './serdeMismatch'

/** The third param: absent in 1.3, a bare `Option<CommitmentConfig>` to 1.18, an `Option<RpcContextConfig>` from Agave 2.0. */
function readConfig(ctx: RpcContext, value: unknown): Outcome<ContextConfig> {
  if (ctx.rules.blocksContextConfig) return readContextConfigParam(value, ctx.rules)
  const level = readCommitmentConfigParam(value, ctx.rules)
  if (!level.ok) return level
  return ok(
    level.value === undefined
      ? DEFAULT_CONTEXT_CONFIG
      : { commitment: level.value, minContextSlot: undefined },
  )
}

/**
 * getBlocksWithLimit, or getConfirmedBlocksWithLimit (PR #12599, 1.3.x; the same code in the
 * node): up to `limit` produced slots from `startSlot` on, ascending (Agave `rpc/src/rpc.rs`
 * `get_blocks_with_limit`; `core/src/rpc.rs` `get_confirmed_blocks_with_limit` @v1.6.22).
 * Order: params (`limit` is a usize); `processed` refused as by getBlocks; a limit over 500,000
 * is -32602 `Limit too large; max 500000`; a `minContextSlot` above the root (finalized) or the
 * confirmed slot (confirmed) is -32016 (agave#191, 2.0). Rooted slots first, from
 * `max(startSlot, firstAvailable)`; `confirmed` then adds unrooted confirmed slots and truncates
 * to `limit`. A limit of 0 is `[]`.
 */
export function createGetBlocksWithLimitHandler(): MethodHandler {
  return (ctx, params) => {
    const { rules, frontiers, state } = ctx
    const positional = readPositionalParams(params, 2, rules.commitmentParam ? 3 : 2)
    if (!positional.ok) return positional
    const [start, limit, third] = positional.value
    if (!isUnsignedInteger(start)) return invalidParams(serdeMismatch(start, 'u64', true))
    if (!isUnsignedInteger(limit)) return invalidParams(serdeMismatch(limit, 'usize', true))
    const config = readConfig(ctx, third)
    if (!config.ok) return config
    const { commitment, minContextSlot = 0 } = config.value
    if (commitment === 'processed') {
      return invalidParams('Method does not support commitment below `confirmed`')
    }
    if (limit > MAX_BLOCKS_RANGE) {
      return invalidParams(`Limit too large; max ${MAX_BLOCKS_RANGE}`)
    }
    const root = frontiers.finalized
    if (rules.blocksContextConfig && commitment === 'finalized' && root < minContextSlot) {
      return minContextSlotNotReached(root)
    }
    const blocks = producedSlots(state, Math.max(start, state.firstAvailableSlot), root).slice(
      0,
      limit,
    )
    if (commitment === 'confirmed') {
      if (rules.blocksContextConfig && frontiers.confirmed < minContextSlot) {
        return minContextSlotNotReached(frontiers.confirmed)
      }
      if (blocks.length < limit) {
        const last = blocks.at(-1) ?? start - 1
        blocks.push(...producedSlots(state, Math.max(last, root) + 1, frontiers.confirmed))
        blocks.length = Math.min(blocks.length, limit)
      }
    }
    return ok(blocks)
  }
}
