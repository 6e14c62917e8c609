import {
  booleanField,
  checkCommitment,
  fail,
  field,
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
  const count = integerField(0, Number.MAX_SAFE_INTEGER)
  const checkpoint: HistoryCheckpoint = readFields(
    value,
    {
      version: (found, _, param) =>
        found === 1
          ? (1 as const)
          : fail(method, param, 'expected 1 (a checkpoint of this version)'),
      address: (found, _, param) =>
        found === address
          ? address
          : fail(method, param, 'the checkpoint belongs to another address'),
      before: signatureField,
      slot: field<string>(
        (found) => typeof found === 'string' && /^\d{1,20}$/.test(found),
        'decimal digits',
      ),
      transactionIndex: count,
      until: signatureField,
      remaining: count,
      commitment: checkCommitment,
      order: field<'oldest'>((found) => found === 'oldest', "'oldest' or nothing"),
      done: booleanField(),
    },
    method,
    'options.resume',
  )
  if (checkpoint.slot !== undefined && checkpoint.before === undefined) {
    fail(method, 'options.resume.slot', 'a slot needs the `before` signature it belongs to')
  }
  return checkpoint
}
