import { isPlainObject } from '../../json/parseJson'
import { isUnsignedInteger } from './isUnsignedInteger'
import type { ProfileRules } from './profileRules'
import { invalidParams, type Outcome, ok } from './RpcErrorObject'
import type { CommitmentLevel } from './readCommitment'
import { readCommitment } from './readCommitment'
import { serdeMismatch } from './serdeMismatch'

/** The config of an address-history call, as the node reads it (before validation). */
export type SignaturesConfig = Readonly<{
  before: string | undefined
  until: string | undefined
  limit: number | undefined
  commitment: CommitmentLevel
  minContextSlot: number | undefined
}>

/**
 * Reads the optional config object of getSignaturesForAddress / getConfirmedSignaturesForAddress2
 * with the node's deserializer messages. Fields are read in key order (the node's JSON maps are
 * sorted), so the first bad field by name is the one reported. Unknown keys are ignored.
 *
 * @param structName The config type's name in the node, which its messages quote.
 * @param acceptsMinContextSlot Only the replacement method has `minContextSlot` (from 1.10; an
 *   unknown field, ignored, before).
 */
export function readSignaturesConfigParam(
  value: unknown,
  rules: ProfileRules,
  structName: string,
  acceptsMinContextSlot: boolean,
): Outcome<SignaturesConfig> {
  if (value === undefined || value === null) {
    return ok({
      before: undefined,
      until: undefined,
      limit: undefined,
      commitment: 'finalized',
      minContextSlot: undefined,
    })
  }
  if (!isPlainObject(value)) return invalidParams(serdeMismatch(value, `struct ${structName}`))
  const fields: { before?: string; until?: string; limit?: number; minContextSlot?: number } = {}
  for (const key of Object.keys(value).sort()) {
    const field = value[key]
    if (field === null || field === undefined) continue
    if (key === 'before' || key === 'until') {
      if (typeof field !== 'string') return invalidParams(serdeMismatch(field, 'a string'))
      fields[key] = field
    } else if (
      key === 'limit' ||
      (key === 'minContextSlot' && acceptsMinContextSlot && rules.minContextSlotParam)
    ) {
      if (!isUnsignedInteger(field)) {
        return invalidParams(serdeMismatch(field, key === 'limit' ? 'usize' : 'u64', true))
      }
      fields[key] = field
    }
  }
  return ok({
    before: fields.before,
    until: fields.until,
    limit: fields.limit,
    commitment: readCommitment(value, rules),
    minContextSlot: fields.minContextSlot,
  })
}
