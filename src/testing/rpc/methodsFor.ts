import { createGetSignaturesForAddressHandler } from './createGetSignaturesForAddressHandler'
import { createGetTransactionHandler } from './createGetTransactionHandler'
import type { MethodHandler } from './MethodHandler'
import type { ProfileRules } from './profileRules'

const REPLACEMENTS: readonly (readonly [string, MethodHandler])[] = [
  ['getTransaction', createGetTransactionHandler(false)],
  ['getSignaturesForAddress', createGetSignaturesForAddressHandler(false)],
]

const DEPRECATED: readonly (readonly [string, MethodHandler])[] = [
  ['getConfirmedTransaction', createGetTransactionHandler(true)],
  ['getConfirmedSignaturesForAddress2', createGetSignaturesForAddressHandler(true)],
]

const BY_AVAILABILITY = new Map<string, ReadonlyMap<string, MethodHandler>>()

/**
 * The methods a profile's node serves; every other name is -32601.
 */
export function methodsFor(rules: ProfileRules): ReadonlyMap<string, MethodHandler> {
  const key = `${rules.replacementMethods}/${rules.deprecatedMethods}`
  let methods = BY_AVAILABILITY.get(key)
  if (methods === undefined) {
    methods = new Map([
      ...(rules.replacementMethods ? REPLACEMENTS : []),
      ...(rules.deprecatedMethods ? DEPRECATED : []),
    ])
    BY_AVAILABILITY.set(key, methods)
  }
  return methods
}
