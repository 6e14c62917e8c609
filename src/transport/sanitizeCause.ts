import { containsSecret, redactText } from './redactText'

const COPIED_FIELDS = ['code', 'errno', 'type', 'syscall'] as const
const MAX_DEPTH = 4

/**
 * Returns `cause` itself when it holds no secret, otherwise a copy with the secrets replaced.
 * Fetch implementations put the full request URL (query string included) in their messages, and
 * `console.error(error)` prints the whole cause chain, so a raw cause would leak the API key.
 * @internal
 */
export function sanitizeCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof cause === 'string') return redactText(cause, secrets)
  if (!(cause instanceof Error) || depth > MAX_DEPTH) return cause
  const text = `${cause.message}\n${cause.stack ?? ''}`
  const inner =
    cause.cause === undefined ? undefined : sanitizeCause(cause.cause, secrets, depth + 1)
  if (!containsSecret(text, secrets) && redactText(text, []) === text && inner === cause.cause) {
    return cause
  }
  const copy = new Error(
    redactText(cause.message, secrets),
    inner === undefined ? undefined : { cause: inner },
  )
  copy.name = cause.name
  copy.stack = redactText(cause.stack ?? '', secrets)
  const source: Record<string, unknown> = { ...cause }
  for (const field of COPIED_FIELDS) {
    const value = source[field]
    if (typeof value === 'string' || typeof value === 'number')
      Object.assign(copy, { [field]: value })
  }
  return copy
}
