import { redactText } from './redactText'
import { REDACTED } from './redactUrl'

// Headers that carry credentials or session state: their values are never kept.
const CREDENTIAL_HEADER =
  /^(?:authorization|proxy-authorization|cookie|set-cookie)$|api[-_]?key|token|secret|session|password|credential|auth/i

/**
 * The answer's headers for an error's context: lower-cased names; values of credential-like
 * headers replaced by `***`, and known secrets removed from the others (a proxy may echo them).
 * @internal
 */
export function readResponseHeaders(
  headers: Pick<Headers, 'forEach'>,
  secrets: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    const key = name.toLowerCase()
    out[key] = CREDENTIAL_HEADER.test(key) ? REDACTED : redactText(value, secrets)
  })
  return out
}
