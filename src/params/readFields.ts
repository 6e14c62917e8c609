import { checkConfigObject } from './checkConfigFields'
import { checkKnownKeys } from './checkKnownKeys'

/** Reads one field: its value (or default), or throws `InvalidParamError` naming `param`. @internal */
export type FieldReader<T = unknown> = (value: unknown, method: string, param: string) => T

/** What {@link readFields} gives for `readers`: each field as its reader returns it. @internal */
export type Fields<R extends Readonly<Record<string, FieldReader>>> = {
  readonly [K in keyof R]: ReturnType<R[K]>
}

/**
 * Checks that `object` is a plain object (or `undefined`) without a field `readers` does not
 * know (a typo such as `limt` would otherwise be dropped without a word), then reads every
 * field, in the order of `readers`.
 * @internal
 */
export function readFields<R extends Readonly<Record<string, FieldReader>>>(
  object: unknown,
  readers: R,
  method: string,
  param: string,
): Fields<R> {
  checkConfigObject(object, method, param)
  const fields = (object ?? {}) as Readonly<Record<string, unknown>>
  checkKnownKeys(fields, Object.keys(readers), method, param)
  const out: Record<string, unknown> = {}
  for (const key in readers) out[key] = readers[key]?.(fields[key], method, `${param}.${key}`)
  return out as Fields<R>
}
