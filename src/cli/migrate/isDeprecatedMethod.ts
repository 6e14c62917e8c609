import { DEPRECATED_METHODS, type DeprecatedMethod } from './deprecatedMethods'

/** Whether a property name is one of the methods the codemod rewrites. */
export function isDeprecatedMethod(name: string): name is DeprecatedMethod {
  return Object.hasOwn(DEPRECATED_METHODS, name)
}
