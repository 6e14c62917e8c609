import type { HttpTransportOptions, HttpTransportRetryOptions } from './createHttpTransport'

/** The options of `createHttpTransport`, so that an unknown one (a typo) is refused, not ignored. */
export const HTTP_TRANSPORT_OPTION_KEYS = [
  'url',
  'headers',
  'fetch',
  'timeoutMs',
  'retry',
  'maxResponseBytes',
  'onRequest',
  'onResponse',
  'batch',
] as const satisfies readonly (keyof HttpTransportOptions)[]

/** The fields of the `retry` option. */
export const RETRY_OPTION_KEYS = [
  'attempts',
  'baseDelayMs',
  'maxDelayMs',
  'jitter',
  'shouldRetry',
] as const satisfies readonly (keyof HttpTransportRetryOptions)[]

// A key added to the option types but not to the lists above fails to compile here.
type Unlisted<T, TListed> = Exclude<keyof T, TListed>
const allHttpKeysListed: Unlisted<
  HttpTransportOptions,
  (typeof HTTP_TRANSPORT_OPTION_KEYS)[number]
> extends never
  ? true
  : false = true
const allRetryKeysListed: Unlisted<
  HttpTransportRetryOptions,
  (typeof RETRY_OPTION_KEYS)[number]
> extends never
  ? true
  : false = true
void allHttpKeysListed
void allRetryKeysListed
