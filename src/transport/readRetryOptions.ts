import { checkOptions } from './checkOptions'
import type { HttpTransportConfig } from './HttpTransportConfig'
import type { HttpTransportRetryOptions } from './HttpTransportOptions'
import { RETRY_OPTION_RULES } from './httpTransportOptionKeys'

/**
 * The `retry` option of an HTTP or a fallback transport, checked, over its defaults; `false` is
 * one attempt.
 * @internal
 */
export function readRetryOptions(
  caller: string,
  retry: HttpTransportRetryOptions | false | undefined,
): HttpTransportConfig['retry'] {
  return {
    attempts: 4,
    baseDelayMs: 250,
    maxDelayMs: 10_000,
    jitter: 'full',
    ...checkOptions(
      caller,
      retry === false ? { attempts: 1 } : (retry ?? {}),
      RETRY_OPTION_RULES,
      'retry',
    ),
  }
}
