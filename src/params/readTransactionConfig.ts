import type { TransactionEncoding } from '../schemas/common'
import { checkEncoding } from './checkConfigFields'
import { readWireConfig, type WireKey } from './readWireConfig'

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
  wireKeys: readonly WireKey[],
  method: string,
): TransactionConfigRead {
  if (typeof config === 'string') {
    // The bare encoding string form (the only form nodes before 1.5 knew) is sent as given.
    return { encoding: checkEncoding(config, method, 'encoding'), param: config, signal: undefined }
  }
  const { wire, signal } = readWireConfig(config, wireKeys, method)
  return { encoding: wire?.encoding as TransactionEncoding | undefined, param: wire, signal }
}
