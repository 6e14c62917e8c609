import { REDACTED } from './redactUrl'

// `Bearer <token>` / `Basic <base64>` in free text, e.g. an echoed request.
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi
// `api-key=...`, `"token": "..."`, `password: ...`: the value after a credential-like name.
const NAMED_SECRET =
  /((?:api[-_]?key|apikey|access[-_]?token|auth[-_]?token|token|secret|password|passwd)["']?\s*[:=]\s*["']?)[^\s"'&,;<>]{4,}/gi
// `scheme://user:pass@` anywhere in the text.
const URL_CREDENTIALS = /(\/\/)[^/\s:@]+:[^/\s@]+@/g

/**
 * Replaces every occurrence of the known secrets, and values that look like credentials by their
 * context (`Bearer ...`, `api-key=...`, `//user:pass@`), with `***`.
 * @internal
 */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) out = out.replaceAll(secret, REDACTED)
  return out
    .replace(URL_CREDENTIALS, '$1')
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
    .replace(NAMED_SECRET, `$1${REDACTED}`)
}
