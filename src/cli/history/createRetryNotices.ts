import type { ThrottleEvent } from '../../index'
import { formatDuration } from './createProgress'

// An endpoint that keeps failing under many calls at once (--parallel, --transactions) would
// write a line per call: one line per endpoint this often, unless a call got further.
const NOTICE_EVERY_MS = 2_000

/** What {@link createRetryNotices} writes with and reads. */
type RetryNoticeOptions = Readonly<{
  /** Writes one line (without its prefix and newline): the progress display's `note`. */
  say: (line: string) => void
  /** Milliseconds, monotonic. */
  now: () => number
  /** The time limit of an attempt (`--timeout`), which a `TIMEOUT` ran into. */
  timeoutMs: number
}>

/** What was last said of one endpoint, and how much was left unsaid since. */
type EndpointNotices = { at: number; attempt: number; hidden: number }

/**
 * The `onThrottle` hook of an export's transports: a line when a call is retried (the endpoint,
 * redacted as the event names it; why; attempt k of n; the wait before the next try), when a
 * fallback's endpoint fails and rests while calls go to the others, and when every endpoint rests.
 * Nothing when all goes well (a budget's planned waits are not failures). At most one line per
 * endpoint every two seconds, except a retry further on than the last one said (a single call's
 * attempts all show); a line after skipped ones says how many.
 */
export function createRetryNotices(options: RetryNoticeOptions): (event: ThrottleEvent) => void {
  const { say, now } = options
  const byEndpoint = new Map<string, EndpointNotices>()
  const tell = (key: string, attempt: number, line: string) => {
    const at = now()
    const last = byEndpoint.get(key)
    if (last !== undefined && at - last.at < NOTICE_EVERY_MS && attempt <= last.attempt) {
      last.hidden++
      return
    }
    const skipped = last === undefined || last.hidden === 0 ? '' : ` (${last.hidden} more skipped)`
    byEndpoint.set(key, { at, attempt, hidden: 0 })
    say(`${line}${skipped}`)
  }
  return (event) => {
    switch (event.kind) {
      case 'retry':
        tell(
          event.endpoint,
          event.attempt,
          `${event.endpoint}: ${describeFailure(event, options.timeoutMs)} (${event.method}, attempt ${event.attempt} of ${event.attempts}); next try in ${formatDuration(event.waitMs)}`,
        )
        return
      case 'cooldown':
        tell(
          event.endpoint,
          0,
          `${event.endpoint}: ${describeFailure(event, options.timeoutMs)} (${event.method}); it rests ${formatDuration(event.cooldownMs)}, calls go to the other endpoints meanwhile`,
        )
        return
      case 'wait':
        tell(
          `wait ${event.endpoint}`,
          0,
          `every endpoint rests: next try at ${event.endpoint} in ${formatDuration(event.waitMs)} (${event.method})`,
        )
        return
      case 'budget':
        return
    }
  }
}

/** Why an attempt failed, in a few words, from the code (and status) an event carries. */
function describeFailure(
  event: Readonly<{ errorCode: string; status?: number | undefined }>,
  timeoutMs: number,
): string {
  switch (event.errorCode) {
    case 'TIMEOUT':
      return `no answer within ${formatDuration(timeoutMs)}`
    case 'HTTP_ERROR':
      return event.status === undefined ? 'an HTTP error' : `HTTP ${event.status}`
    case 'NETWORK_ERROR':
      return 'the connection failed'
    case 'MALFORMED_RESPONSE':
      return 'a cut-off or malformed answer'
    case 'RPC_ERROR':
      return 'a JSON-RPC error worth retrying (node unhealthy or busy)'
    default:
      return event.errorCode
  }
}
