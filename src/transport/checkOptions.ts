import { checkKnownKeys } from '../params/checkKnownKeys'
import { invalidParam } from '../shared/invalidParam'
import type { OptionRule } from './httpTransportOptionKeys'

/** The options that were given: neither `undefined` nor `null`, which both mean the default. @internal */
export type Given<T> = { [K in keyof T]?: NonNullable<T[K]> }

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
