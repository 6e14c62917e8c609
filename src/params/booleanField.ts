import { invalidParam } from '../errors/ConfirmedRpcError'
import type { FieldReader } from './readFields'

/** Reads a field that is a boolean, or `fallback` when it is absent (required without one). @internal */
export function booleanField(fallback?: boolean): FieldReader<boolean> {
  return (value, method, param) => {
    const flag = value ?? fallback
    if (typeof flag !== 'boolean') throw invalidParam(method, param, 'expected a boolean')
    return flag
  }
}
