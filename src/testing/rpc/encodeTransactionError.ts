import { isPlainObject } from '../../json/parseJson'
import type { TransactionErrorJson } from '../ledger/LedgerState'
import type { JsonOut } from './JsonOut'
import type { ProfileRules } from './profileRules'

/** `BPFLoaderError::VirtualMachineFailedToRunProgram`, which 1.3 reported as `Custom(0x0b9f0002)`. */
const VM_FAILED_TO_RUN = 0x0b9f_0002

/**
 * A stored transaction error as the profile's node writes it. From 3.0 `BorshIoError` lost its
 * message and became a unit variant, so `{"BorshIoError":"..."}` is written as `"BorshIoError"`.
 * Before 1.4.20 there was no `ProgramFailedToComplete`: the 1.3 BPF loader turned a program that
 * ran out of compute into `Custom(0x0b9f0002)` (`programs/bpf_loader/src/lib.rs` @v1.3.23).
 */
export function encodeTransactionError(
  err: TransactionErrorJson | null,
  rules: ProfileRules,
): JsonOut {
  if (err === null) return null
  if (isPlainObject(err) && Array.isArray(err.InstructionError)) {
    const [index, inner] = err.InstructionError as readonly unknown[]
    if (rules.borshIoErrorUnit && isPlainObject(inner) && Object.hasOwn(inner, 'BorshIoError')) {
      return { InstructionError: [index as number, 'BorshIoError'] }
    }
    if (!rules.programFailedToComplete && inner === 'ProgramFailedToComplete') {
      return { InstructionError: [index as number, { Custom: VM_FAILED_TO_RUN }] }
    }
  }
  return err as JsonOut
}
