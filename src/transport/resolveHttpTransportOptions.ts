import { isPlainObject } from '../json/isPlainObject'
import { invalidParam } from '../shared/invalidParam'
import { adaptSharedBudget } from './adaptSharedBudget'
import { checkOptions } from './checkOptions'
import { collectSecrets } from './collectSecrets'
import { createRequestBudget } from './createRequestBudget'
import { defaultFetch } from './defaultFetch'
import type { HttpTransportConfig } from './HttpTransportConfig'
import type { HttpTransportOptions } from './HttpTransportOptions'
import { HTTP_TRANSPORT_OPTION_RULES, toHttpUrl } from './httpTransportOptionKeys'
import { readRetryOptions } from './readRetryOptions'
import { redactParsedUrl } from './redactUrl'
import { transportInternals } from './transportInternals'

const CALLER = 'createHttpTransport'

/** Validates the options and fills in the defaults. @internal */
export function resolveHttpTransportOptions(options: HttpTransportOptions): HttpTransportConfig {
  if (!isPlainObject(options)) throw invalidParam(CALLER, 'options', 'expected an object')
  // A missing url is checked as an empty one. The reason never echoes the URL: it may hold a key.
  const given = checkOptions(
    CALLER,
    { ...options, url: options.url ?? '' },
    HTTP_TRANSPORT_OPTION_RULES,
  )
  const url = toHttpUrl(given.url) as URL
  const requestHeaders: Record<string, string> = { accept: 'application/json' }
  const headers = given.headers ?? {}
  // A Headers instance has no own enumerable entries: read it through its iterator.
  for (const [name, value] of headers instanceof Headers ? headers : Object.entries(headers)) {
    if (typeof value !== 'string') {
      throw invalidParam(CALLER, 'headers', `the value of ${name} is not a string`)
    }
    requestHeaders[name.toLowerCase()] = value
  }
  // fetch refuses a URL with credentials: they travel as a Basic header (unless one is given),
  // their percent-encoded UTF-8 bytes turned back into the bytes btoa encodes.
  if (url.username || url.password) {
    requestHeaders.authorization ??= `Basic ${btoa(unescape(`${url.username}:${url.password}`))}`
  }
  requestHeaders['content-type'] = 'application/json'
  const internals = { ...transportInternals }
  const { requestsPerSecond, onThrottle, budget: shared } = given
  if (shared !== undefined && requestsPerSecond !== undefined) {
    throw invalidParam(CALLER, 'budget', 'give budget or requestsPerSecond, not both')
  }
  return {
    timeoutMs: 30_000,
    maxResponseBytes: 50 * 1024 * 1024,
    ...given,
    // Without the credentials and the fragment.
    url: url.origin + url.pathname + url.search,
    endpoint: redactParsedUrl(url),
    requestHeaders,
    fetch: given.fetch ?? defaultFetch,
    retry: readRetryOptions(CALLER, given.retry),
    batch: given.batch || undefined,
    secrets: collectSecrets(url, requestHeaders),
    budget:
      shared !== undefined
        ? adaptSharedBudget(shared, onThrottle)
        : requestsPerSecond === undefined
          ? undefined
          : createRequestBudget(requestsPerSecond, internals, onThrottle),
    sharedBudget: shared,
    internals,
  }
}
