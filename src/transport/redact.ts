import type { ConfirmedRpcError, ConfirmedRpcErrorArgs } from '../errors/ConfirmedRpcError'
import type { ErrorCode, ErrorContext } from '../errors/ErrorCode'

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
 * absolute URL gives `[invalid URL]`, never the input. Errors and hook events name their endpoint
 * this way already; use it where an app names an endpoint itself (a log line, a report).
 *
 * @example
 * ```ts
 * import { redactUrl } from 'confirmed-rpc'
 *
 * console.log(redactUrl('https://user:pass@rpc.example.com/v2/abc?api-key=secret'))
 * // https://rpc.example.com/v2/***?api-key=***
 * ```
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

// A credential recognised by what comes before it, in free text such as an echoed request:
// `scheme://user:pass@`, `Bearer <token>` / `Basic <base64>`, and the value after a
// credential-like name (`api-key=...`, `"token": "Bearer ..."`, `password: ...`). A name may end
// a longer one (`access_token`, `x-api-key`): the match then starts inside it.
const CONTEXTUAL_SECRET =
  /(\/\/)[^/\s:@]+:[^/\s@]+@|((?:api[-_]?key|token|secret|passw(?:or)?d)["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic)\s+)?|\b(?:Bearer|Basic)\s+)(?!\*\*\*)[^\s"'&,;<>]{4,}/gi

/**
 * Replaces every occurrence of the known secrets, and values that look like credentials by their
 * context (`Bearer ...`, `api-key=...`, `//user:pass@`), with `***`.
 * @internal
 */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) out = out.replaceAll(secret, REDACTED)
  // `//user:pass@` loses its credentials; anything else keeps its name and loses its value. A
  // value already redacted (`api-key=***: ...`, text redacted twice) is left as it is, with what
  // follows it.
  return out.replace(
    CONTEXTUAL_SECRET,
    (_, slashes?: string, name?: string) => slashes ?? `${name}***`,
  )
}

/**
 * A function that removes from a text the secrets of the given URLs (credentials, query values,
 * key-like path segments, raw and percent-decoded, as {@link redactUrl} hides them) and values that
 * look like credentials by their context (`Bearer ...`, `api-key=...`, `//user:pass@`), each
 * replaced by `***`. For text an app prints that may quote its endpoints or echo a key (a message
 * of another library, a server's words); values that are not absolute URLs give no secret.
 *
 * @example
 * ```ts
 * import { createRedactor } from 'confirmed-rpc'
 *
 * const redact = createRedactor(['https://rpc.example.com/?api-key=0123456789'])
 * console.log(redact('GET https://rpc.example.com/?api-key=0123456789 failed'))
 * // GET https://rpc.example.com/?api-key=*** failed
 * ```
 */
export function createRedactor(urls: Iterable<string | URL>): (text: string) => string {
  const found = new Set<string>()
  for (const value of urls) {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      continue
    }
    for (const secret of collectSecrets(url, {})) found.add(secret)
  }
  const secrets = [...found].sort((a, b) => b.length - a.length)
  return (text) => redactText(text, secrets)
}

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

const MAX_CAUSE_DEPTH = 4

/**
 * Returns `cause` itself when it holds no secret, otherwise a copy with the secrets replaced.
 * Fetch implementations put the full request URL (query string included) in their messages, and
 * `console.error(error)` prints the whole cause chain, so a raw cause would leak the API key.
 * @internal
 */
export function sanitizeCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof cause === 'string') return redactText(cause, secrets)
  if (!(cause instanceof Error) || depth > MAX_CAUSE_DEPTH) return cause
  const inner = sanitizeCause(cause.cause, secrets, depth + 1)
  const { name, message, stack = '' } = cause
  const copy = Object.assign(
    new Error(redactText(message, secrets), inner === undefined ? undefined : { cause: inner }),
    { name, stack: redactText(stack, secrets) },
  ) as Error & Record<string, unknown>
  if (copy.message === message && copy.stack === stack && inner === cause.cause) return cause
  // Its own fields (`code`, `errno`, `syscall`, ...), plain values only: an object there could
  // hold the request, secrets and all.
  for (const [field, value] of Object.entries(cause)) {
    if (typeof value === 'number') copy[field] = value
    else if (typeof value === 'string') copy[field] = redactText(value, secrets)
  }
  return copy
}

/** What the transport knows once it stops trying. @internal */
type FinalizeErrorPatch = Readonly<{
  /** Attempts made for this call. */
  attempts?: number | undefined
  /** Method of the call, for errors built before the call was known (a batch's). */
  method?: string | undefined
}>

// Deeper than any JSON-RPC error data, and far from the stack's limit: a server can nest deeper
// than a recursion can go.
const MAX_DATA_DEPTH = 100

/** A copy of a context (or of JSON within it) with every text redacted, object keys included. */
function scrub(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secrets)
  if (typeof value !== 'object' || value === null) return value
  if (depth > MAX_DATA_DEPTH) return '[data nested too deeply to keep]'
  const copy = (item: unknown): unknown => scrub(item, secrets, depth + 1)
  return Array.isArray(value)
    ? value.map(copy)
    : Object.fromEntries(
        Object.entries(value).map(([key, item]) => [redactText(key, secrets), copy(item)]),
      )
}

/**
 * The error a caller receives: the attempt count and method added to the context, and every
 * known secret removed from the context's texts (the server's message and data, its reason
 * phrase, a reason quoting its id), the details and the cause. The message is written anew from
 * that context, so it holds nothing the context does not. An ABORTED error is returned as it is.
 * @internal
 */
export function finalizeError(
  error: ConfirmedRpcError,
  patch: FinalizeErrorPatch,
  secrets: readonly string[],
): ConfirmedRpcError {
  const { code } = error
  // An abort holds nothing the server sent, and its cause is the caller's own `signal.reason`.
  // (Every call of a batch has settled before the batch itself can be aborted, so an abort
  // always reaches its caller with its method.)
  if (code === 'ABORTED') return error
  const context = scrub(error.context, secrets) as Record<string, unknown>
  context.method ??= patch.method
  if (patch.attempts !== undefined) context.attempts = patch.attempts
  const details = error.details.map((line) => redactText(line, secrets))
  if ((patch.attempts ?? 0) > 1) details.push(`Attempts: ${patch.attempts}`)
  // Its own class again (TransportError, RpcResponseError): both take these arguments.
  const Rebuilt = error.constructor as new (
    args: ConfirmedRpcErrorArgs<ErrorCode>,
  ) => ConfirmedRpcError
  return new Rebuilt({
    code,
    details,
    context: context as ErrorContext,
    cause: sanitizeCause(error.cause, secrets),
  })
}
