import { redactText } from './redactText'

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
