import { invalidParam } from '../errors/ConfirmedRpcError'
import {
  booleanField,
  checkCommitment,
  type FieldReader,
  integerField,
  readFields,
  signatureField,
} from '../params/readFields'
import type { HistoryCheckpoint } from './types'

/**
 * Checks a checkpoint handed back through `resume` (it may come from a file or another process)
 * and returns a clean copy.
 * @internal
 */
export function readCheckpoint(value: unknown, address: string, method: string): HistoryCheckpoint {
  const refuseResume = (param: string, reason: string): never => {
    throw invalidParam(method, param, reason)
  }
  // JSON gives strings: unlike an option, a checkpoint's signature is never a key object.
  const text: FieldReader<string | undefined> = (field, _, param) =>
    field === undefined || typeof field === 'string'
      ? signatureField(field, method, param)
      : refuseResume(param, 'expected a base58 signature string')
  const count = integerField(0, Number.MAX_SAFE_INTEGER)
  const checkpoint: HistoryCheckpoint = readFields(
    value,
    {
      version: (field, _, param) =>
        field === 1
          ? (1 as const)
          : refuseResume(param, 'expected 1 (a checkpoint of this version)'),
      address: (field, _, param) =>
        field === address
          ? address
          : refuseResume(param, 'the checkpoint belongs to another address'),
      before: text,
      slot: (field, _, param) =>
        field === undefined || (typeof field === 'string' && /^\d{1,20}$/.test(field))
          ? field
          : refuseResume(param, 'expected decimal digits'),
      transactionIndex: count,
      until: text,
      remaining: count,
      commitment: checkCommitment,
      order: (field, _, param) =>
        field === undefined || field === 'oldest'
          ? field
          : refuseResume(param, "expected 'oldest' or nothing"),
      done: booleanField(),
    },
    method,
    'options.resume',
  )
  if (checkpoint.slot !== undefined && checkpoint.before === undefined) {
    refuseResume('options.resume.slot', 'a slot needs the `before` signature it belongs to')
  }
  return checkpoint
}
