import { checkKnownKeys } from '../params/checkKnownKeys'
import { invalidParam } from '../params/invalidParam'
import type { Batching } from './batching'
import { collectSecrets } from './collectSecrets'
import type {
  FetchFunction,
  HttpRequestEvent,
  HttpResponseEvent,
  HttpTransportOptions,
  RetryDecisionContext,
} from './createHttpTransport'
import { defaultFetch } from './defaultFetch'
import { RETRY_OPTION_KEYS } from './httpTransportOptionKeys'
import { redactUrl } from './redactUrl'

/** Clock, randomness and sleep, replaceable in tests. @internal */
export type HttpTransportInternals = Readonly<{
  /** A number in [0, 1): the jitter source. */
  random: () => number
  /** Wall-clock milliseconds, for HTTP-date `Retry-After` values and durations. */
  now: () => number
  /** Waits `ms`; rejects as soon as `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>
}>

/** Everything a call needs, validated and defaulted once per transport. @internal */
export type HttpTransportConfig = Readonly<{
  /** The URL sent to, without credentials. */
  url: string
  endpoint: string
  requestHeaders: Readonly<Record<string, string>>
  fetch: FetchFunction
  timeoutMs: number
  maxResponseBytes: number
  retry: Readonly<{
    attempts: number
    baseDelayMs: number
    maxDelayMs: number
    jitter: 'full' | 'none'
    shouldRetry?: ((context: RetryDecisionContext) => boolean | undefined) | undefined
  }>
  batch?: Batching | undefined
  onRequest?: ((event: HttpRequestEvent) => void) | undefined
  onResponse?: ((event: HttpResponseEvent) => void) | undefined
  secrets: readonly string[]
  internals: HttpTransportInternals
}>

const CALLER = 'createHttpTransport'

function check(ok: boolean, param: string, reason: string): void {
  if (!ok) throw invalidParam(CALLER, param, reason)
}

function isCount(value: number, min: number): boolean {
  return Number.isSafeInteger(value) && value >= min
}

function isDuration(value: number): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

function basicAuth(user: string, password: string): string {
  const bytes = new TextEncoder().encode(
    `${decodeURIComponent(user)}:${decodeURIComponent(password)}`,
  )
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `Basic ${btoa(binary)}`
}

/** Validates the options and fills in the defaults. @internal */
export function resolveHttpTransportOptions(
  options: HttpTransportOptions,
  internals: HttpTransportInternals,
): HttpTransportConfig {
  check(typeof options === 'object' && options !== null, 'options', 'expected an object')
  let parsed: URL | undefined
  try {
    parsed = typeof options.url === 'string' ? new URL(options.url) : undefined
  } catch {
    parsed = undefined
  }
  // The reason never echoes the URL: it may hold a key.
  check(
    parsed !== undefined && (parsed.protocol === 'http:' || parsed.protocol === 'https:'),
    'url',
    'expected an absolute http(s) URL',
  )
  const url = parsed as URL

  const userHeaders = options.headers ?? {}
  check(typeof userHeaders === 'object' && userHeaders !== null, 'headers', 'expected an object')
  const requestHeaders: Record<string, string> = {}
  // A Headers instance has no own enumerable entries: read it through its iterator.
  const entries =
    typeof Headers !== 'undefined' && userHeaders instanceof Headers
      ? [...userHeaders.entries()]
      : Object.entries(userHeaders)
  for (const [name, value] of entries) {
    check(typeof value === 'string', 'headers', `the value of ${name} is not a string`)
    requestHeaders[name.toLowerCase()] = value
  }
  if ((url.username !== '' || url.password !== '') && requestHeaders.authorization === undefined) {
    requestHeaders.authorization = basicAuth(url.username, url.password)
  }
  requestHeaders['content-type'] = 'application/json'
  requestHeaders.accept ??= 'application/json'
  const secrets = collectSecrets(url, requestHeaders)
  const sendUrl = new URL(url)
  sendUrl.username = ''
  sendUrl.password = ''
  sendUrl.hash = ''

  const fetchFn = options.fetch ?? defaultFetch
  check(typeof fetchFn === 'function', 'fetch', 'expected a function')
  const timeoutMs = options.timeoutMs ?? 30_000
  check(isDuration(timeoutMs) && timeoutMs > 0, 'timeoutMs', 'expected a positive number')
  const maxResponseBytes = options.maxResponseBytes ?? 50 * 1024 * 1024
  check(isCount(maxResponseBytes, 1), 'maxResponseBytes', 'expected a positive integer')

  const retry = options.retry === false ? { attempts: 1 } : (options.retry ?? {})
  check(typeof retry === 'object' && retry !== null, 'retry', 'expected an object or false')
  checkKnownKeys(retry, RETRY_OPTION_KEYS, CALLER, 'retry')
  const attempts = retry.attempts ?? 4
  check(isCount(attempts, 1), 'retry.attempts', 'expected an integer of at least 1')
  const baseDelayMs = retry.baseDelayMs ?? 250
  check(isDuration(baseDelayMs), 'retry.baseDelayMs', 'expected a number >= 0')
  const maxDelayMs = retry.maxDelayMs ?? 10_000
  check(isDuration(maxDelayMs), 'retry.maxDelayMs', 'expected a number >= 0')
  const jitter = retry.jitter ?? 'full'
  check(jitter === 'full' || jitter === 'none', 'retry.jitter', "expected 'full' or 'none'")
  const shouldRetry = 'shouldRetry' in retry ? retry.shouldRetry : undefined
  check(
    shouldRetry === undefined || typeof shouldRetry === 'function',
    'retry.shouldRetry',
    'expected a function',
  )

  const batch = options.batch === false ? undefined : options.batch
  check(
    batch === undefined || typeof batch?.createScheduler === 'function',
    'batch',
    'expected the value of batching(), or false',
  )

  return {
    url: sendUrl.href,
    endpoint: redactUrl(url),
    requestHeaders,
    fetch: (input, init) => fetchFn(input, init),
    timeoutMs,
    maxResponseBytes,
    retry: { attempts, baseDelayMs, maxDelayMs, jitter, shouldRetry },
    batch,
    onRequest: options.onRequest,
    onResponse: options.onResponse,
    secrets,
    internals,
  }
}
