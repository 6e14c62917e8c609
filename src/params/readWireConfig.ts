import type { TransactionEncoding } from '../schemas/common'
import {
  checkCommitment,
  checkEncoding,
  checkSignal,
  type FieldReader,
  integerField,
  readFields,
  signatureField,
} from './readFields'

// Every config field a node knows, for any of the four methods; each method names its own.
const WIRE_FIELDS = {
  encoding: checkEncoding,
  before: signatureField,
  until: signatureField,
  // The node's page limit.
  limit: /* @__PURE__ */ integerField(1, 1000),
  commitment: checkCommitment,
  // 2^53-1 as a literal: a bundler cannot tell that reading `Number.MAX_SAFE_INTEGER` is free of
  // effects, and would keep this table in apps that never send a config.
  minContextSlot: /* @__PURE__ */ integerField(0, 9_007_199_254_740_991),
  maxSupportedTransactionVersion: /* @__PURE__ */ integerField(0, 255),
} satisfies Readonly<Record<string, FieldReader>>

/** A config field a node knows. @internal */
export type WireKey = keyof typeof WIRE_FIELDS

/** A call's config, checked: as it goes on the wire, and its signal. */
type WireConfigRead = {
  wire: Record<string, unknown> | undefined
  signal: AbortSignal | undefined
}

/**
 * Validates a call's config object (`wireKeys` are the node's config fields the method knows, in
 * the order they are sent; `signal` is ours and never sent) and returns it as it goes on the wire:
 * only the keys that are set, cursors as base58 strings, integers as numbers.
 */
export function readWireConfig(
  config: unknown,
  wireKeys: readonly WireKey[],
  method: string,
): WireConfigRead {
  const readers: Record<string, FieldReader> = {}
  for (const key of wireKeys) readers[key] = WIRE_FIELDS[key]
  readers.signal = checkSignal
  const { signal, ...fields } = readFields(config, readers, method, 'config')
  const wire: Record<string, unknown> = {}
  for (const key of wireKeys) if (fields[key] !== undefined) wire[key] = fields[key]
  return {
    wire: Object.keys(wire).length === 0 ? undefined : wire,
    signal: signal as AbortSignal | undefined,
  }
}

/** A transaction lookup's second parameter, checked: as it goes on the wire, and its signal. */
type TransactionConfigRead = {
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
