import { redactParsedUrl } from './redactUrl'

// Shorter values would match ordinary words in messages and bodies; they are not real keys.
const MIN_SECRET_LENGTH = 6

// Request headers whose values are protocol noise, not credentials: `accept`, `accept-encoding`,
// `content-type`, `user-agent`, ...
const PLAIN_HEADER = /^(?:accept|content-|user-agent)/

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '))
  } catch {
    return value
  }
}

/**
 * Every value of the endpoint URL and the request headers that must never show up in an error or
 * a hook payload: credentials, query values, key-like path segments and header values (and the
 * token of `Bearer <token>`), both raw and percent-decoded. Longest first, so a secret that
 * contains another is replaced whole. Header names are lower-cased already.
 * @internal
 */
export function collectSecrets(url: URL, headers: Readonly<Record<string, string>>): string[] {
  const found = new Set<string>()
  const add = (value: string): void => {
    for (const form of [value, decoded(value)]) {
      if (form.length >= MIN_SECRET_LENGTH) found.add(form)
    }
  }
  redactParsedUrl(url, add)
  for (const [name, value] of Object.entries(headers)) {
    if (PLAIN_HEADER.test(name)) continue
    add(value)
    // The token of `Bearer <token>` (the whole value again when there is no space).
    add(value.slice(value.indexOf(' ') + 1).trim())
  }
  return [...found].sort((a, b) => b.length - a.length)
}
