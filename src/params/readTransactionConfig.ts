import type { TransactionEncoding } from '../schemas/common'
import { checkCommitment, checkConfigObject, checkEncoding } from './checkConfigFields'
import { checkKnownKeys } from './checkKnownKeys'

/** Validates the second parameter of a transaction lookup; returns it as it goes on the wire. */
export function readTransactionConfig(
  config: unknown,
  knownKeys: readonly string[],
  method: string,
): { encoding: TransactionEncoding | undefined; param: unknown } {
  if (config === undefined) return { encoding: undefined, param: undefined }
  if (typeof config === 'string') {
    // The bare encoding string form (the only form nodes before 1.5 knew) is sent as given.
    return { encoding: checkEncoding(config, method, 'encoding'), param: config }
  }
  checkConfigObject(config, method, 'config')
  const object = config as Readonly<Record<string, unknown>>
  checkKnownKeys(object, knownKeys, method, 'config')
  const encoding = checkEncoding(object.encoding, method, 'config.encoding')
  checkCommitment(object.commitment, method, 'config.commitment')
  const wire: Record<string, unknown> = {}
  for (const key of knownKeys) if (object[key] !== undefined) wire[key] = object[key]
  return { encoding, param: Object.keys(wire).length === 0 ? undefined : wire }
}
