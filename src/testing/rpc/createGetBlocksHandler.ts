import type { LedgerState } from '../ledger/types'
import { type CommitmentLevel, partitionPoint, type RpcContext } from './createRpcContext'
import {
  type ContextConfig,
  DEFAULT_CONTEXT_CONFIG,
  isContextConfig,
  isUnsignedInteger,
  readCommitmentConfigParam,
  readContextConfigParam,
  readPositionalParams,
  serdeMismatch,
} from './readParams'
import { invalidParams, type MethodHandler, type Outcome, ok, rpcError } from './types'

/** `MAX_GET_CONFIRMED_BLOCKS_RANGE` (`rpc-client-api/src/request.rs`; PR #10927, 1.1 / 1.2). */
const MAX_BLOCKS_RANGE = 500_000

/** The end slot a 1.3 node used when none was given: `u64::MAX`, capped at the root. */
const U64_MAX = 2 ** 64

type BlocksQuery = Readonly<{ endSlot: number | undefined; config: ContextConfig }>

/**
 * The produced slots in `[from, to]`, ascending: the node's `rooted_slot_iterator` (every slot of
 * the mock up to the finalized frontier is a root) or the confirmed bank's
 * `status_cache_ancestors` above the root.
 */
function producedSlots(state: LedgerState, from: number, to: number): number[] {
  const { slots } = state
  const found: number[] = []
  for (
    let i = partitionPoint(slots, (slot) => slot < from);
    i < slots.length && (slots[i] as number) <= to;
    i++
  ) {
    found.push(slots[i] as number)
  }
  return found
}

/** The minimum-context-slot error of `get_bank_with_config` and of the finalized branches. */
function minContextSlotNotReached(contextSlot: number) {
  return rpcError(-32016, 'Minimum context slot has not been reached', { contextSlot })
}

function withCommitment(level: CommitmentLevel | undefined): ContextConfig {
  return level === undefined
    ? DEFAULT_CONTEXT_CONFIG
    : { commitment: level, minContextSlot: undefined }
}

/**
 * The second and third params. 1.3: `Option<Slot>` only. 1.5-1.18: the untagged
 * `RpcBlocksConfigWrapper` (`EndSlotOnly(Option<Slot>)` or `CommitmentOnly(Option<CommitmentConfig>)`)
 * and a bare `Option<CommitmentConfig>`, the third winning. Agave 2.0 (agave#191):
 * `ConfigOnly(Option<RpcContextConfig>)` and an `Option<RpcContextConfig>`.
 */
function readQuery(
  ctx: RpcContext,
  wrapper: unknown,
  third: unknown,
  wrapperName: string,
): Outcome<BlocksQuery> {
  const { rules } = ctx
  if (!rules.commitmentParam) {
    if (wrapper === undefined || wrapper === null) {
      return ok({ endSlot: undefined, config: DEFAULT_CONTEXT_CONFIG })
    }
    if (!isUnsignedInteger(wrapper)) return invalidParams(serdeMismatch(wrapper, 'u64', true))
    return ok({ endSlot: wrapper, config: DEFAULT_CONTEXT_CONFIG })
  }
  const untagged = invalidParams(
    `Invalid params: data did not match any variant of untagged enum ${wrapperName}.`,
  )
  let endSlot: number | undefined
  let wrapped: ContextConfig | undefined
  if (wrapper !== undefined && wrapper !== null) {
    if (isUnsignedInteger(wrapper)) {
      endSlot = wrapper
    } else if (rules.blocksContextConfig) {
      if (!isContextConfig(wrapper)) return untagged
      const read = readContextConfigParam(wrapper, rules)
      if (!read.ok) return untagged
      wrapped = read.value
    } else {
      const read = readCommitmentConfigParam(wrapper, rules)
      if (!read.ok) return untagged
      wrapped = withCommitment(read.value)
    }
  }
  let config: ContextConfig | undefined
  if (rules.blocksContextConfig) {
    if (third !== undefined && third !== null) {
      const read = readContextConfigParam(third, rules)
      if (!read.ok) return read
      config = read.value
    }
  } else {
    const read = readCommitmentConfigParam(third, rules)
    if (!read.ok) return read
    if (read.value !== undefined) config = withCommitment(read.value)
  }
  return ok({ endSlot, config: config ?? wrapped ?? DEFAULT_CONTEXT_CONFIG })
}

/**
 * getBlocks, or with `deprecated` getConfirmedBlocks (the same `get_blocks` in the node): the
 * produced slots from `startSlot` to `min(endSlot, frontier)` ascending, skipped slots absent,
 * nothing below the first available block (Agave `rpc/src/rpc.rs` `get_blocks`; solana-labs
 * `core/src/rpc.rs` `get_confirmed_blocks` @v1.3.23 and @v1.6.22).
 *
 * Order: params; `processed` is -32602 `Method does not support commitment below
 * \`confirmed\``; a `minContextSlot` above the finalized root (or, for `confirmed`, the
 * confirmed slot) is -32016 (agave#191, 2.0); the end slot defaults to `startSlot + 500000`
 * (1.3: `u64::MAX`) and is capped at the root, or at the confirmed slot for `confirmed`; an end
 * below the start is `[]`; a range over 500,000 slots is -32602 `Slot range too large; max
 * 500000`. `confirmed` adds the confirmed bank's unrooted ancestors above the last root listed.
 */
export function createGetBlocksHandler(deprecated: boolean): MethodHandler {
  const wrapperName = deprecated ? 'RpcConfirmedBlocksConfigWrapper' : 'RpcBlocksConfigWrapper'
  return (ctx, params) => {
    const { rules, frontiers, state } = ctx
    const positional = readPositionalParams(params, 1, rules.commitmentParam ? 3 : 2)
    if (!positional.ok) return positional
    const [start, wrapper, third] = positional.value
    if (!isUnsignedInteger(start)) return invalidParams(serdeMismatch(start, 'u64', true))
    const query = readQuery(ctx, wrapper, third, wrapperName)
    if (!query.ok) return query
    const { commitment, minContextSlot = 0 } = query.value.config
    if (commitment === 'processed') {
      return invalidParams('Method does not support commitment below `confirmed`')
    }
    const root = frontiers.finalized
    const contextChecked = rules.blocksContextConfig
    if (contextChecked && commitment === 'finalized' && root < minContextSlot) {
      return minContextSlotNotReached(root)
    }
    if (contextChecked && commitment === 'confirmed' && frontiers.confirmed < minContextSlot) {
      return minContextSlotNotReached(frontiers.confirmed)
    }
    const frontier = commitment === 'finalized' ? root : frontiers.confirmed
    const defaultEnd = rules.blocksDefaultEndIsRange ? start + MAX_BLOCKS_RANGE : U64_MAX
    const end = Math.min(query.value.endSlot ?? defaultEnd, frontier)
    if (end < start) return ok([])
    if (end - start > MAX_BLOCKS_RANGE) {
      return invalidParams(`Slot range too large; max ${MAX_BLOCKS_RANGE}`)
    }
    const rooted = producedSlots(
      state,
      Math.max(start, state.firstAvailableSlot),
      Math.min(end, root),
    )
    if (commitment === 'confirmed') {
      const last = rooted.at(-1) ?? start - 1
      rooted.push(...producedSlots(state, Math.max(last, root) + 1, end))
    }
    return ok(rooted)
  }
}

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
