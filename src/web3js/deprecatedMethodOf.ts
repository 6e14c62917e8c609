import { isPlainObject } from '../json/isPlainObject'
import { type DeprecatedMethod, isDeprecatedMethod } from '../migrate/methodPairs'

/** The deprecated method a JSON-RPC request object calls, if it calls one. @internal */
export function deprecatedMethodOf(request: unknown): DeprecatedMethod | undefined {
  if (!isPlainObject(request) || typeof request.method !== 'string') return undefined
  return isDeprecatedMethod(request.method) ? request.method : undefined
}
