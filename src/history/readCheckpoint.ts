import {
  booleanField,
  checkCommitment,
  type FieldReader,
  integerField,
  readFields,
  signatureField,
  throwInvalidParam,
} from '../params/readFields'
import type { HistoryCheckpoint } from './types'

/**
 * Checks a checkpoint handed back through `resume` (it may come from a file or another process)
 * and returns a clean copy.
 * @internal
 */
export function readCheckpoint(value: unknown, address: string, method: string): HistoryCheckpoint {
  // JSON gives strings: unlike an option, a checkpoint's signature is never a key object.
  const text: FieldReader<string | undefined> = (field, caller, param) =>
    field === undefined || typeof field === 'string'
      ? signatureField(field, caller, param)
      : throwInvalidParam(caller, param, 'expected a base58 signature string')
  const count = integerField(0, Number.MAX_SAFE_INTEGER)
  const checkpoint: HistoryCheckpoint = readFields(
    value,
    {
      version: (field, caller, param) =>
        field === 1
          ? (1 as const)
          : throwInvalidParam(caller, param, 'expected 1 (a checkpoint of this version)'),
      address: (field, caller, param) =>
        field === address
          ? address
          : throwInvalidParam(caller, param, 'the checkpoint belongs to another address'),
      before: text,
      slot: (field, caller, param) =>
        field === undefined || (typeof field === 'string' && /^\d{1,20}$/.test(field))
          ? field
          : throwInvalidParam(caller, param, 'expected decimal digits'),
      transactionIndex: count,
      until: text,
      remaining: count,
      commitment: checkCommitment,
      order: (field, caller, param) =>
        field === undefined || field === 'oldest'
          ? field
          : throwInvalidParam(caller, param, "expected 'oldest' or nothing"),
      done: booleanField(),
    },
    method,
    'options.resume',
  )
  if (checkpoint.slot !== undefined && checkpoint.before === undefined) {
    throwInvalidParam(
      method,
      'options.resume.slot',
      'a slot needs the `before` signature it belongs to',
    )
  }
  return checkpoint
}
