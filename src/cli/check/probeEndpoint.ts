import { adviseClient } from './adviseClient'
import type { Probe } from './createProbe'
import type { CallOutcome, CheckReport, MethodReport } from './types'

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
export async function probeEndpoint(
  probe: Probe,
  endpoint: string,
  address: string,
): Promise<CheckReport> {
  const slot = asNumber(await probe.call('getSlot', []))
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
      { encoding: 'json', maxSupportedTransactionVersion: 0 },
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
  const exact = method !== null
  return { ...partial, client: adviseClient(partial), exact, requests: probe.requests() }
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
async function probeBatches(probe: Probe): Promise<boolean> {
  const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'getSlot', params: [] })
  const { status, body } = await probe.send([call(1), call(2)])
  return status === 200 && Array.isArray(body) && body.length === 2
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
