import { isKeyLikeSegment } from './redactUrl'

// Shorter values would match ordinary words in messages and bodies; they are not real keys.
const MIN_SECRET_LENGTH = 6

// Request headers whose values are protocol noise, not credentials.
const PLAIN_HEADERS = new Set(['accept', 'content-type', 'user-agent', 'accept-encoding'])

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return value
  }
}

/**
 * Every value of the endpoint URL and the request headers that must never show up in an error or
 * a hook payload: credentials, query values, key-like path segments and header values (and the
 * token of `Bearer <token>`), both raw and percent-decoded. Longest first, so a secret that
 * contains another is replaced whole.
 * @internal
 */
export function collectSecrets(url: URL, headers: Readonly<Record<string, string>>): string[] {
  const found = new Set<string>()
  const add = (value: string): void => {
    for (const form of [value, decoded(value)]) {
      if (form.length >= MIN_SECRET_LENGTH) found.add(form)
    }
  }
  add(url.username)
  add(url.password)
  add(url.hash.slice(1))
  for (const pair of url.search.slice(1).split('&')) {
    const equals = pair.indexOf('=')
    add(equals === -1 ? pair : pair.slice(equals + 1))
  }
  const segments = url.pathname.split('/')
  segments.forEach((segment, index) => {
    if (isKeyLikeSegment(segment, segments[index - 1])) add(segment)
  })
  for (const [name, value] of Object.entries(headers)) {
    if (PLAIN_HEADERS.has(name.toLowerCase())) continue
    add(value)
    const space = value.indexOf(' ')
    if (space !== -1) add(value.slice(space + 1).trim())
  }
  return [...found].sort((a, b) => b.length - a.length)
}
