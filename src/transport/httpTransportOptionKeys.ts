import type { HttpTransportOptions, HttpTransportRetryOptions } from './createHttpTransport'

// Records rather than lists: `satisfies Record<keyof T, true>` fails to compile when an option
// is added to the type and not here, and when one here is not an option.

/** The options of `createHttpTransport`, so that an unknown one (a typo) is refused, not ignored. */
export const HTTP_TRANSPORT_OPTION_KEYS = Object.keys({
  url: true,
  headers: true,
  fetch: true,
  timeoutMs: true,
  retry: true,
  maxResponseBytes: true,
  onRequest: true,
  onResponse: true,
  batch: true,
} satisfies Record<keyof HttpTransportOptions, true>)

/** The fields of the `retry` option. */
export const RETRY_OPTION_KEYS = Object.keys({
  attempts: true,
  baseDelayMs: true,
  maxDelayMs: true,
  jitter: true,
  shouldRetry: true,
} satisfies Record<keyof HttpTransportRetryOptions, true>)
