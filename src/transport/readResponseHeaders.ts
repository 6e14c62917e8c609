import { REDACTED } from './redactUrl'

// Headers that carry credentials or session state (`authorization`, `set-cookie`, `x-api-key`,
// ...): their values are never kept.
const CREDENTIAL_HEADER = /auth|cookie|api[-_]?key|token|secret|session|password|credential/i

/**
 * The answer's headers for an error's context: lower-cased names, values of credential-like
 * headers replaced by `***`. Known secrets in the other values (a proxy may echo them) are
 * removed with the rest of the context, when the error is finalized.
 * @internal
 */
export function readResponseHeaders(headers: Pick<Headers, 'forEach'>): Record<string, string> {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    const key = name.toLowerCase()
    out[key] = CREDENTIAL_HEADER.test(key) ? REDACTED : value
  })
  return out
}
