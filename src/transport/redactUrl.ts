/** Stands in for every removed secret. */
export const REDACTED = '***'

// A segment of 16+ URL-safe characters with a digit in it is how providers spell API keys and
// tokens (hex, base58, UUIDs); ordinary route names are shorter or have no digit.
const KEY_LIKE_SEGMENT = /^(?=\D*\d)[\w-]{16,}$/

// Providers put the key right after a version or a "key" segment (`/v2/<key>`, `/api-key/<key>`),
// and such a key is not always long or digit-bearing, so whatever follows one is hidden.
const KEY_MARKER_SEGMENT =
  /^(?:v\d{1,2}|api[-_]?keys?|keys?|tokens?|access[-_]?token|auth|secret)$/i

/**
 * {@link redactUrl} of a parsed URL, telling `hide` each value it leaves out (credentials, query
 * values, key-like segments): the transport collects its secrets from the very parts the endpoint
 * hides, so the two cannot drift apart. The fragment is dropped without a word: the transport
 * never sends it, so no server or fetch error can echo it.
 * @internal
 */
export function redactParsedUrl(url: URL, hide: (value: string) => void = () => {}): string {
  hide(url.username)
  hide(url.password)
  let previous = ''
  const path = url.pathname.replace(/[^/]+/g, (segment) => {
    const keyLike = KEY_LIKE_SEGMENT.test(segment) || KEY_MARKER_SEGMENT.test(previous)
    previous = segment
    if (!keyLike) return segment
    hide(segment)
    return REDACTED
  })
  const query = url.search.replace(/[^?&]+/g, (pair) => {
    const equals = pair.indexOf('=')
    // A bare `?token` is a value without a name: hide it whole.
    hide(pair.slice(equals + 1))
    return `${pair.slice(0, equals + 1)}${REDACTED}`
  })
  return `${url.protocol}//${url.host}${path}${query}`
}

/**
 * Returns a URL that is safe to log: credentials (`user:pass@`) are removed, every query value
 * becomes `***` (names are kept), the fragment is dropped, and key-like path segments become `***`.
 *
 * A path segment counts as key-like when it is 16 or more characters of letters, digits, `_` and
 * `-` with at least one digit (`/3f1c...e9`), or when the segment before it is a version or key
 * marker: `v1`..`v99`, `api-key`, `apikey`, `key`, `token`, `access-token`, `auth`, `secret`
 * (`/v2/<key>`, `/api-key/<key>`). Scheme, host and port are kept. A string that is not an
 * absolute URL gives `[invalid URL]`, never the input.
 *
 * @internal
 */
export function redactUrl(url: string | URL): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return '[invalid URL]'
  }
  return redactParsedUrl(parsed)
}
