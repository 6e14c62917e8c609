import type { TransactionEncoding } from '../schemas/common'
import {
  checkCommitment,
  checkConfigObject,
  checkEncoding,
  checkInteger,
  checkSignal,
} from './checkConfigFields'
import { checkKnownKeys } from './checkKnownKeys'

/** A transaction lookup's second parameter, checked: as it goes on the wire, and its signal. */
export type TransactionConfigRead = {
  encoding: TransactionEncoding | undefined
  param: unknown
  signal: AbortSignal | undefined
}

/**
 * Validates the second parameter of a transaction lookup (`wireKeys` are the node's config
 * fields; `signal` is ours and never sent); returns it as it goes on the wire.
 */
export function readTransactionConfig(
  config: unknown,
  wireKeys: readonly string[],
  method: string,
): TransactionConfigRead {
  if (config === undefined) return { encoding: undefined, param: undefined, signal: undefined }
  if (typeof config === 'string') {
    // The bare encoding string form (the only form nodes before 1.5 knew) is sent as given.
    return { encoding: checkEncoding(config, method, 'encoding'), param: config, signal: undefined }
  }
  checkConfigObject(config, method, 'config')
  const object = config as Readonly<Record<string, unknown>>
  checkKnownKeys(object, [...wireKeys, 'signal'], method, 'config')
  const encoding = checkEncoding(object.encoding, method, 'config.encoding')
  checkCommitment(object.commitment, method, 'config.commitment')
  const signal = checkSignal(object.signal, method, 'config.signal')
  const wire: Record<string, unknown> = {}
  for (const key of wireKeys) if (object[key] !== undefined) wire[key] = object[key]
  // Only `getTransaction` knows the field (checkKnownKeys refused it elsewhere); a bigint is sent
  // as the number it checked as, since JSON has no bigint.
  const version = checkInteger(
    object.maxSupportedTransactionVersion,
    0,
    255,
    method,
    'config.maxSupportedTransactionVersion',
  )
  if (version !== undefined) wire.maxSupportedTransactionVersion = version
  return { encoding, param: Object.keys(wire).length === 0 ? undefined : wire, signal }
}
