import { createGetSignaturesForAddressHandler } from './createGetSignaturesForAddressHandler'
import { createGetTransactionHandler } from './createGetTransactionHandler'
import type { MethodHandler } from './MethodHandler'
import type { ProfileRules } from './profileRules'

const CURRENT: ReadonlyMap<string, MethodHandler> = new Map([
  ['getTransaction', createGetTransactionHandler(false)],
  ['getSignaturesForAddress', createGetSignaturesForAddressHandler(false)],
])

const WITH_DEPRECATED: ReadonlyMap<string, MethodHandler> = new Map([
  ...CURRENT,
  ['getConfirmedTransaction', createGetTransactionHandler(true)],
  ['getConfirmedSignaturesForAddress2', createGetSignaturesForAddressHandler(true)],
])

/**
 * The methods a profile's node serves; every other name is -32601.
 *
 * @example
 * ```ts
 * import { profileRules } from './profileRules'
 * console.log(methodsFor(profileRules('v2')).has('getConfirmedTransaction')) // false
 * ```
 */
export function methodsFor(rules: ProfileRules): ReadonlyMap<string, MethodHandler> {
  return rules.deprecatedMethods ? WITH_DEPRECATED : CURRENT
}
