import { redactText } from './redactText'

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
  const inner = sanitizeCause(cause.cause, secrets, depth + 1)
  const message = redactText(cause.message, secrets)
  const stack = redactText(cause.stack ?? '', secrets)
  if (message === cause.message && stack === (cause.stack ?? '') && inner === cause.cause) {
    return cause
  }
  const copy = new Error(message, inner === undefined ? undefined : { cause: inner })
  const fields: Record<string, unknown> = { name: cause.name, stack }
  const source: Record<string, unknown> = { ...cause }
  for (const field of COPIED_FIELDS) {
    const value = source[field]
    if (typeof value === 'string' || typeof value === 'number') fields[field] = value
  }
  return Object.assign(copy, fields)
}
