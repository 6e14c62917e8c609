import { isPlainObject } from '../../json/parseJson'
import { isUnsignedInteger } from './isUnsignedInteger'
import type { ProfileRules } from './profileRules'
import { invalidParams, type Outcome, ok } from './RpcErrorObject'
import { type CommitmentLevel, readCommitment } from './readCommitment'
import { serdeMismatch } from './serdeMismatch'

/** An `RpcContextConfig` after the node's reading of it. */
export type ContextConfig = Readonly<{
  commitment: CommitmentLevel
  minContextSlot: number | undefined
}>

/** The default config: finalized, no minimum slot. */
export const DEFAULT_CONTEXT_CONFIG: ContextConfig = {
  commitment: 'finalized',
  minContextSlot: undefined,
}

/**
 * Tells whether `value` is an object serde reads as an `RpcContextConfig`: an object whose
 * `minContextSlot`, when set, is a u64 (the flattened commitment never fails, unknown keys are
 * ignored). For the untagged `RpcBlocksConfigWrapper::ConfigOnly`, which has no message of its own.
 */
export function isContextConfig(value: unknown): boolean {
  if (!isPlainObject(value)) return false
  const slot = value.minContextSlot
  return slot === undefined || slot === null || isUnsignedInteger(slot)
}

/**
 * Reads an `Option<RpcContextConfig>` param (`rpc-client-api/src/config.rs`): a flattened
 * `commitment` that swallows its own errors (see `readCommitment`) and `minContextSlot`, a u64.
 * `undefined` or `null` is the default config.
 */
export function readContextConfigParam(
  value: unknown,
  rules: ProfileRules,
): Outcome<ContextConfig> {
  if (value === undefined || value === null) return ok(DEFAULT_CONTEXT_CONFIG)
  if (!isPlainObject(value)) return invalidParams(serdeMismatch(value, 'struct RpcContextConfig'))
  const slot = value.minContextSlot
  if (slot !== undefined && slot !== null && !isUnsignedInteger(slot)) {
    return invalidParams(serdeMismatch(slot, 'u64', true))
  }
  return ok({
    commitment: readCommitment(value, rules),
    minContextSlot: slot === undefined || slot === null ? undefined : slot,
  })
}
