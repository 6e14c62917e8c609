import { checkCommitment, checkConfigObject, checkInteger, checkSignal } from './checkConfigFields'
import { checkKnownKeys } from './checkKnownKeys'
import { SIGNATURE, toBase58String } from './toBase58String'

/** An address-history call's config, checked: as it goes on the wire, and its signal. */
export type SignaturesConfigRead = {
  wire: Record<string, unknown> | undefined
  signal: AbortSignal | undefined
}

/**
 * Validates the config of an address-history call (deprecated or replacement; `wireKeys` are the
 * node's config fields, `signal` is ours and never sent) and returns it as it goes on the wire:
 * only the keys that are set, cursors as base58 strings.
 */
export function readSignaturesConfig(
  config: unknown,
  wireKeys: readonly string[],
  method: string,
): SignaturesConfigRead {
  if (config === undefined) return { wire: undefined, signal: undefined }
  checkConfigObject(config, method, 'config')
  const object = config as Readonly<Record<string, unknown>>
  checkKnownKeys(object, [...wireKeys, 'signal'], method, 'config')
  const signal = checkSignal(object.signal, method, 'config.signal')
  const wire: Record<string, unknown> = {}
  // The node's page limit.
  const limit = checkInteger(object.limit, 1, 1000, method, 'config.limit')
  if (object.before !== undefined) {
    wire.before = toBase58String(object.before as string, SIGNATURE, method, 'config.before')
  }
  if (object.until !== undefined) {
    wire.until = toBase58String(object.until as string, SIGNATURE, method, 'config.until')
  }
  if (limit !== undefined) wire.limit = limit
  const commitment = checkCommitment(object.commitment, method, 'config.commitment')
  if (commitment !== undefined) wire.commitment = commitment
  const minContextSlot = checkInteger(
    object.minContextSlot,
    0,
    Number.MAX_SAFE_INTEGER,
    method,
    'config.minContextSlot',
  )
  if (minContextSlot !== undefined) wire.minContextSlot = minContextSlot
  return { wire: Object.keys(wire).length === 0 ? undefined : wire, signal }
}
