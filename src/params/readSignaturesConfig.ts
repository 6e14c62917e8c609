import { checkCommitment, checkConfigObject, checkInteger, checkLimit } from './checkConfigFields'
import { checkKnownKeys } from './checkKnownKeys'
import { SIGNATURE, toBase58String } from './toBase58String'

/**
 * Validates the config of an address-history call (deprecated or replacement) and returns it as
 * it goes on the wire: only the keys that are set, cursors as base58 strings.
 */
export function readSignaturesConfig(
  config: unknown,
  knownKeys: readonly string[],
  method: string,
): Record<string, unknown> | undefined {
  if (config === undefined) return undefined
  checkConfigObject(config, method, 'config')
  const object = config as Readonly<Record<string, unknown>>
  checkKnownKeys(object, knownKeys, method, 'config')
  const wire: Record<string, unknown> = {}
  const limit = checkLimit(object.limit, method, 'config.limit')
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
  return Object.keys(wire).length === 0 ? undefined : wire
}
