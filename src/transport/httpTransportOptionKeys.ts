import { isPlainObject } from '../json/isPlainObject'
import type { Batching } from './BatchingOptions'
import type { HttpTransportOptions, HttpTransportRetryOptions } from './HttpTransportOptions'

/**
 * What an option's value must pass (a truthy answer), and what the error then says was expected.
 * @internal
 */
export type OptionRule = readonly [test: (value: unknown) => unknown, expected: string]

/** The endpoint as a URL, when it is an absolute `http:` or `https:` one. @internal */
export function toHttpUrl(value: unknown): URL | undefined {
  try {
    const url = new URL(value as string)
    if (/^https?:$/.test(url.protocol)) return url
  } catch {
    // Not a URL at all: the same refusal as another scheme.
  }
  return undefined
}

const isFunction = (value: unknown): boolean => typeof value === 'function'

/** @internal */
export const FUNCTION: OptionRule = [isFunction, 'a function']
/** A number of 0 or more (a delay, a weight). @internal */
export const DURATION: OptionRule = [
  (value) => Number.isFinite(value) && (value as number) >= 0,
  'a number >= 0',
]
/** @internal */
export const POSITIVE: OptionRule = [
  (value) => Number.isFinite(value) && (value as number) > 0,
  'a number > 0',
]
/** @internal */
export const COUNT: OptionRule = [
  (value) => Number.isSafeInteger(value) && (value as number) >= 1,
  'an integer of at least 1',
]

/** `false`, or an object of retry options. @internal */
export const RETRY: OptionRule = [
  (value) => value === false || isPlainObject(value),
  'an object or false',
]

// Tables rather than a check per option: one loop refuses unknown keys (a typo) and bad values
// alike, and `satisfies` fails to compile when an option is added to the type and not here.

/** The options of `createHttpTransport`, each with its check. @internal */
export const HTTP_TRANSPORT_OPTION_RULES = {
  url: [toHttpUrl, 'an absolute http(s) URL'],
  headers: [isPlainObject, 'an object'],
  fetch: FUNCTION,
  timeoutMs: POSITIVE,
  retry: RETRY,
  maxResponseBytes: COUNT,
  onRequest: FUNCTION,
  onResponse: FUNCTION,
  // The options of batching() before it was a function are refused, not silently ignored.
  batch: [
    (value) => value === false || isFunction((value as Partial<Batching> | null)?.createScheduler),
    'the value of batching(), or false',
  ],
  requestsPerSecond: POSITIVE,
  budget: [
    (value) => typeof (value as { acquire?: unknown } | null)?.acquire === 'function',
    'a request budget (an object with an acquire function)',
  ],
  onThrottle: FUNCTION,
} satisfies Record<keyof HttpTransportOptions, OptionRule>

/** The fields of the `retry` option, each with its check. @internal */
export const RETRY_OPTION_RULES = {
  attempts: COUNT,
  baseDelayMs: DURATION,
  maxDelayMs: DURATION,
  jitter: [(value) => value === 'full' || value === 'none', "'full' or 'none'"],
  shouldRetry: FUNCTION,
} satisfies Record<keyof HttpTransportRetryOptions, OptionRule>

/** The options of `createHttpTransport`, so that an unknown one (a typo) is refused, not ignored. */
export const HTTP_TRANSPORT_OPTION_KEYS = /* @__PURE__ */ Object.keys(HTTP_TRANSPORT_OPTION_RULES)
