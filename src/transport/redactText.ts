import { REDACTED } from './redactUrl'

// A credential recognised by what comes before it, in free text such as an echoed request:
// `scheme://user:pass@`, `Bearer <token>` / `Basic <base64>`, and the value after a
// credential-like name (`api-key=...`, `"token": "Bearer ..."`, `password: ...`). A name may end
// a longer one (`access_token`, `x-api-key`): the match then starts inside it.
const CONTEXTUAL_SECRET =
  /(\/\/)[^/\s:@]+:[^/\s@]+@|((?:api[-_]?key|token|secret|passw(?:or)?d)["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic)\s+)?|\b(?:Bearer|Basic)\s+)[^\s"'&,;<>]{4,}/gi

/**
 * Replaces every occurrence of the known secrets, and values that look like credentials by their
 * context (`Bearer ...`, `api-key=...`, `//user:pass@`), with `***`.
 * @internal
 */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) out = out.replaceAll(secret, REDACTED)
  // `//user:pass@` loses its credentials; anything else keeps its name and loses its value.
  return out.replace(
    CONTEXTUAL_SECRET,
    (_, slashes?: string, name?: string) => slashes ?? `${name}***`,
  )
}
