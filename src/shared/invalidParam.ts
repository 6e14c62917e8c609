import { InvalidParamError } from '../errors/InvalidParamError'

/** Builds the error for a parameter rejected before sending. */
export function invalidParam(method: string, param: string, reason: string): InvalidParamError {
  return new InvalidParamError({ context: { method, param, reason } })
}
