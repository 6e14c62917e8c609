import { MAX_DECODED_TRANSACTION_VERSION } from '../../index'
import type { CallOutcome, Probe } from './createProbe'

/** A method the report covers, and whether the endpoint serves it. */
type MethodReport = Readonly<{
  /** The endpoint answered with a result (for history methods: also for an empty history). */
  served: boolean
  /** How it refused, when it did: `-32601 Method not found`, `HTTP 410 ...`. */
  refusal?: string | undefined
}>

/**
 * What the probes concluded (and the exit code): `exact`, a history walk can be exact there (0);
 * `no-history-method`, no history method is served (1); `unauthorized`, the endpoint refused the
 * credentials, HTTP 401 or 403 (3); `unreachable`, the endpoint did not answer, or kept failing
 * past the retries (4).
 */
export type CheckVerdict = 'exact' | 'no-history-method' | 'unauthorized' | 'unreachable'

/** What `confirmed-rpc check` found out about an endpoint. */
export type CheckReport = Readonly<{
  /** The endpoint, secrets redacted. */
  endpoint: string
  /** The address the history probes used. */
  address: string
  /** `getSlot`, or null when refused. */
  slot: number | null
  /** `getFirstAvailableBlock`: the oldest slot it has, or null when refused. */
  firstAvailableBlock: number | null
  methods: Readonly<Record<string, MethodReport>>
  /** How its history method pages; null fields were not measurable (no history method). */
  paging: Readonly<{
    /** The history method a walk sends there, or null when it serves none. */
    method: string | null
    /** `until` lists the `until` entry itself (Old Faithful), or not (Agave). */
    untilInclusive: boolean | null
    /** An unknown `before`: an empty page, or an error (its code). */
    unknownCursor: 'empty' | `error ${number}` | null
    /** `limit: 1001`: refused (its code), or served (clamped to the server's cap). */
    limitAbove1000: 'clamped' | `error ${number}` | null
    /** A JSON-RPC batch of two `getSlot` calls is answered with an array. */
    batches: boolean
    /** getTransaction of an unknown signature: `null`, or an error (its code). */
    unknownTransaction: 'null' | `error ${number}` | null
  }>
  /** Response headers that speak of rate limits (`x-ratelimit-*`, `retry-after`), as seen. */
  rateLimitHeaders: readonly string[]
  /** What this client does there, one line each. */
  client: readonly string[]
  /** What the probes concluded; it sets the exit code. */
  verdict: CheckVerdict
  /** Whether a history walk can be exact there (`verdict: 'exact'`). */
  exact: boolean
  /** Requests sent. */
  requests: number
}>

/** A fresh 32-byte key no ledger has used (base58 of bytes 1..32 is not a program or sysvar). */
const NOBODY = '4wBqpZM9xaSheZzJSMawUKKwhdpChKbZ5eu5ky4Vigw'
/** A 64-byte signature no transaction has (base58 of 64 bytes of 7). */
const NO_SIGNATURE =
  '99eUso3aSbE9tqGSTXzo3TLfKb9RkMTURrHKQ1K7Zh3BbeqPevr5E1iCbpTjqHuTFLtfxTTD5ekfVuZFzQyEQf8'

/** Whether an outcome is a result (not an error, not a bare HTTP status). */
const served = (outcome: CallOutcome) => outcome.kind === 'result'

/** How an endpoint refused a call, in one phrase: `-32601 Method not found`, `HTTP 405`. */
function describeRefusal(outcome: CallOutcome): string | undefined {
  if (outcome.kind === 'result') return undefined
  const http = outcome.status === 200 ? '' : `HTTP ${outcome.status}`
  if (outcome.kind === 'http') return http || 'HTTP 200 without a JSON-RPC answer'
  const rpc = `${outcome.code} ${outcome.message}`.trim()
  return http === '' ? rpc : `${http}, ${rpc}`
}

const report = (outcome: CallOutcome): MethodReport =>
  served(outcome) ? { served: true } : { served: false, refusal: describeRefusal(outcome) }

const asNumber = (outcome: CallOutcome) =>
  outcome.kind === 'result' && typeof outcome.value === 'number' ? outcome.value : null

const errorOf = (outcome: CallOutcome) =>
  outcome.kind === 'error' ? (`error ${outcome.code}` as const) : undefined

/**
 * Probes an endpoint with cheap calls (about fifteen single POSTs and one batch) and reports what
 * it serves and how it pages, after the probe set of the archive survey: the four history methods
 * and getTransactionsForAddress (refused how), `until` inclusive or not, an unknown `before`
 * answered empty or with an error, `limit: 1001` clamped or refused, batches, getTransaction of
 * an unknown signature, the oldest slot (getFirstAvailableBlock), rate-limit headers.
 */
export async function probeEndpoint(probe: Probe, address: string): Promise<CheckReport> {
  const { endpoint } = probe
  const head = await probe.call('getSlot', [])
  // Refused credentials refuse every call alike: nothing more to learn.
  if (refusesCredentials(head)) {
    return stoppedReport(probe, address, 'unauthorized', [credentialsLine('getSlot', head)])
  }
  const slot = asNumber(head)
  const firstAvailableBlock = asNumber(await probe.call('getFirstAvailableBlock', []))
  const limited = { limit: 3 }
  const outcomes = {
    getSignaturesForAddress: await probe.call('getSignaturesForAddress', [address, limited]),
    getConfirmedSignaturesForAddress2: await probe.call('getConfirmedSignaturesForAddress2', [
      address,
      limited,
    ]),
    getTransaction: await probe.call('getTransaction', [
      NO_SIGNATURE,
      { encoding: 'json', maxSupportedTransactionVersion: MAX_DECODED_TRANSACTION_VERSION },
    ]),
    getConfirmedTransaction: await probe.call('getConfirmedTransaction', [NO_SIGNATURE, 'json']),
    getTransactionsForAddress: await probe.call('getTransactionsForAddress', [
      NOBODY,
      { transactionDetails: 'signatures', limit: 1 },
    ]),
  }
  const methods: Record<string, MethodReport> = {}
  for (const [name, outcome] of Object.entries(outcomes)) {
    // -32009 on an unknown signature still means the method is there (an archive's answer).
    methods[name] =
      outcome.kind === 'error' && outcome.code === -32009 ? { served: true } : report(outcome)
  }
  const method = methods.getSignaturesForAddress?.served
    ? 'getSignaturesForAddress'
    : methods.getConfirmedSignaturesForAddress2?.served
      ? 'getConfirmedSignaturesForAddress2'
      : null
  const first = method === null ? undefined : outcomes[method]
  const paging = {
    method,
    ...(await probePaging(probe, method, address, first)),
    batches: await probeBatches(probe),
    unknownTransaction: unknownTransaction(
      outcomes.getTransaction,
      outcomes.getConfirmedTransaction,
    ),
  }
  const partial = {
    endpoint,
    address,
    slot,
    firstAvailableBlock,
    methods,
    paging,
    rateLimitHeaders: probe.rateLimitHeaders(),
  }
  const historyOutcomes = [
    outcomes.getSignaturesForAddress,
    outcomes.getConfirmedSignaturesForAddress2,
  ]
  const verdict: CheckVerdict =
    method !== null
      ? 'exact'
      : historyOutcomes.some(refusesCredentials)
        ? 'unauthorized'
        : 'no-history-method'
  const client =
    verdict === 'unauthorized'
      ? [credentialsLine('getSignaturesForAddress', outcomes.getSignaturesForAddress)]
      : adviseClient(partial)
  return { ...partial, client, verdict, exact: verdict === 'exact', requests: probe.requests() }
}

// What providers answer a missing, wrong or expired key with, beside HTTP 401 and 403.
const CREDENTIALS_REFUSED = /api[-_ ]?key|unauthori[sz]ed|forbidden|authenticat/i

/** The endpoint refused the call for its credentials: HTTP 401 or 403, or an error saying so. */
function refusesCredentials(outcome: CallOutcome): boolean {
  if (outcome.kind === 'result') return false
  if (outcome.status === 401 || outcome.status === 403) return true
  return outcome.kind === 'error' && CREDENTIALS_REFUSED.test(outcome.message)
}

/** The client line of refused credentials, with the endpoint's own words. */
function credentialsLine(method: string, outcome: CallOutcome): string {
  return `the endpoint refused these credentials (${method}: ${describeRefusal(outcome)}): check the API key (a query value or a path segment of the URL) or the user:password of the URL`
}

/**
 * The report of probes that stopped early (`unauthorized`, `unreachable`): nothing measured,
 * the reason as the one client line.
 */
export function stoppedReport(
  probe: Probe,
  address: string,
  verdict: Extract<CheckVerdict, 'unauthorized' | 'unreachable'>,
  client: readonly string[],
): CheckReport {
  return {
    endpoint: probe.endpoint,
    address,
    slot: null,
    firstAvailableBlock: null,
    methods: {},
    paging: {
      method: null,
      untilInclusive: null,
      unknownCursor: null,
      limitAbove1000: null,
      batches: false,
      unknownTransaction: null,
    },
    rateLimitHeaders: probe.rateLimitHeaders(),
    client,
    verdict,
    exact: false,
    requests: probe.requests(),
  }
}

/** How the history method pages: `until`, an unknown `before`, a limit above 1000. */
async function probePaging(
  probe: Probe,
  method: string | null,
  address: string,
  first: CallOutcome | undefined,
): Promise<Pick<CheckReport['paging'], 'untilInclusive' | 'unknownCursor' | 'limitAbove1000'>> {
  if (method === null || first?.kind !== 'result' || !Array.isArray(first.value)) {
    return { untilInclusive: null, unknownCursor: null, limitAbove1000: null }
  }
  const signatures = first.value.map((entry) => (entry as { signature?: unknown }).signature)
  let untilInclusive: boolean | null = null
  const [newest, second] = signatures
  if (typeof newest === 'string' && typeof second === 'string') {
    const page = await probe.call(method, [address, { until: second, limit: 3 }])
    if (page.kind === 'result' && Array.isArray(page.value)) {
      untilInclusive = page.value.some(
        (entry) => (entry as { signature?: unknown }).signature === second,
      )
    }
  }
  const unknown = await probe.call(method, [NOBODY, { before: NO_SIGNATURE, limit: 1 }])
  const above = await probe.call(method, [NOBODY, { limit: 1001 }])
  return {
    untilInclusive,
    unknownCursor: served(unknown) ? 'empty' : (errorOf(unknown) ?? null),
    limitAbove1000: served(above) ? 'clamped' : (errorOf(above) ?? null),
  }
}

/** Whether a batch of two `getSlot` calls is answered with an array of two answers. */
function probeBatches(probe: Probe): Promise<boolean> {
  return probe.batch('getSlot', 2)
}

/** getTransaction (or the old name) of an unknown signature: `null`, or an error code. */
function unknownTransaction(
  current: CallOutcome,
  old: CallOutcome,
): CheckReport['paging']['unknownTransaction'] {
  for (const outcome of [current, old]) {
    if (outcome.kind === 'result') return outcome.value === null ? 'null' : null
    if (outcome.kind === 'error' && outcome.code === -32009) return 'error -32009'
  }
  return null
}

/**
 * What this client does on the endpoint a report describes, one line each: which history method
 * its walks send, and what it does about the endpoint's paging rules.
 */
function adviseClient(report: Pick<CheckReport, 'methods' | 'paging'>): string[] {
  const { paging, methods } = report
  if (paging.method === null) {
    return [
      'no history method is served here (getSignaturesForAddress, getConfirmedSignaturesForAddress2): a walk cannot run',
    ]
  }
  const lines = [
    paging.method === 'getSignaturesForAddress'
      ? 'walks send getSignaturesForAddress'
      : 'walks send getConfirmedSignaturesForAddress2 (a node before 1.7): `methods: "auto"` falls back to it after one -32601',
  ]
  if (methods.getConfirmedSignaturesForAddress2?.served === false) {
    lines.push('calls of the deprecated methods go out as their replacements (`methods: "auto"`)')
  }
  if (paging.untilInclusive === true) {
    lines.push('`until` is inclusive here: the walk drops the `until` entry and stops')
  }
  if (paging.unknownCursor === 'empty') {
    lines.push(
      'an unknown `before` is answered with an empty page: after such a page the walk looks the cursor up (getTransaction) and fails with CURSOR_NOT_FOUND rather than end',
    )
  } else if (paging.unknownCursor !== null) {
    lines.push(
      `an unknown \`before\` is ${paging.unknownCursor}: the walk fails with CURSOR_NOT_FOUND`,
    )
  }
  if (paging.limitAbove1000 === 'clamped') {
    lines.push(
      'limits are clamped without an error: the walk asks 1..1000 and never ends on a short page alone',
    )
  }
  lines.push(
    paging.batches
      ? 'batches are accepted (`batch: batching()` may group calls)'
      : 'batches are refused: the walk sends none; with `batch: batching()` the transport sends single requests after the first refusal',
  )
  return lines
}
