const DELTA_SECONDS = /^\d+(?:\.\d+)?$/

/**
 * Reads a `Retry-After` header value into milliseconds from `now`: either delta-seconds (`"120"`,
 * also a fractional `"1.5"` as some proxies send) or an HTTP-date
 * (`"Wed, 21 Oct 2026 07:28:00 GMT"`). A date in the past gives 0. A missing, empty or
 * unreadable value gives `undefined`, so the caller falls back to its own backoff.
 *
 * @param value The header value, or `null` when the header is absent.
 * @param now The current time in milliseconds since the epoch; `Date.now()` when left out.
 *
 * @internal
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  const trimmed = value?.trim()
  if (!trimmed) return undefined
  if (DELTA_SECONDS.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  // A bare number with a sign or exponent is neither form; Date.parse would accept some of them.
  if (/^[-+\d.eE]+$/.test(trimmed)) return undefined
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}
