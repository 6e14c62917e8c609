import { invalidParam } from '../errors/ConfirmedRpcError'
import { isPlainObject } from '../json/parseJson'
import { checkKnownKeys } from '../params/checkKnownKeys'

/**
 * What an option's value must pass (a truthy answer), and what the error then says was expected.
 * @internal
 */
export type OptionRule = readonly [test: (value: unknown) => unknown, expected: string]

/** The options that were given: neither `undefined` nor `null`, which both mean the default. @internal */
export type Given<T> = { [K in keyof T]?: NonNullable<T[K]> }

// Tables rather than a check per option: one loop refuses unknown keys (a typo) and bad values
// alike, and `satisfies` fails to compile when an option is added to the type and not here.

/**
 * Refuses an unknown key (a typo) or a value that fails its rule; returns the options given.
 * `field` names the nested option checked, if any: `retry` for `retry.attempts`.
 * @internal
 */
export function checkOptions<T extends object>(
  caller: string,
  options: T,
  rules: Readonly<Record<string, OptionRule>>,
  field?: string,
): Given<T> {
  checkKnownKeys(options, Object.keys(rules), caller, field ?? 'options')
  const given: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || value === null) continue
    const [test, expected] = rules[key] as OptionRule
    if (!test(value)) {
      throw invalidParam(caller, field ? `${field}.${key}` : key, `expected ${expected}`)
    }
    given[key] = value
  }
  return given as Given<T>
}

/** @internal */
export const isFunction = (value: unknown): boolean => typeof value === 'function'

/** @internal */
export const FUNCTION: OptionRule = [isFunction, 'a function']
/** A number of 0 or more (a delay, a weight). @internal */
export const DURATION: OptionRule = [
  (value) => Number.isFinite(value) && (value as number) >= 0,
  'a number >= 0',
]
/** @internal */
export const POSITIVE: OptionRule = [
  (value) => Number.isFinite(value) && (value as number) > 0,
  'a number > 0',
]
/** @internal */
export const COUNT: OptionRule = [
  (value) => Number.isSafeInteger(value) && (value as number) >= 1,
  'an integer of at least 1',
]

/** `false`, or an object of retry options. @internal */
export const RETRY: OptionRule = [
  (value) => value === false || isPlainObject(value),
  'an object or false',
]
