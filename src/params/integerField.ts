import { checkInteger } from './checkConfigFields'
import type { FieldReader } from './readFields'

/** Reads a field that is an integer in `min..max`, or `fallback` when it is absent. @internal */
export function integerField<T extends number | undefined = undefined>(
  min: number,
  max: number,
  fallback?: T,
): FieldReader<number | T> {
  return (value, method, param) => checkInteger(value, min, max, method, param) ?? (fallback as T)
}
