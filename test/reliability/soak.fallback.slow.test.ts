import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, createClient } from '../../src/client'
import { type ConfirmedRpcError, isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import type { Commitment, TransactionEncoding } from '../../src/schemas/common'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import type { MockLedgerFaultKind } from '../../src/testing/serveMockLedger'
import {
  type MockLedgerFaults,
  type MockLedgerServer,
  serveMockLedger,
} from '../../src/testing/serveMockLedger'
import { createFallbackTransport } from '../../src/transport/createFallbackTransport'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import { BODY_NOT_JSON } from '../../src/transport/response'
import type { HttpResponseEvent, ThrottleEvent } from '../../src/transport/types'
import { seededRandom } from '../support/seededRandom'
import { pagerOf } from './pagerOf'
import { runPool } from './runPool'
import { sameJson } from './sameJson'
import { type Settled, settleWithin } from './settleWithin'
import { count, formatTally, type Tally } from './tally'
import { expectTypedError } from './typedError'
import { walkResuming } from './walkResuming'

/*
 * The soak of soak.slow.test.ts across three faulty endpoints behind one client (`transport:
 * createFallbackTransport([a, b, c])`, each an HTTP transport):
 * two 1.18 nodes and a 2.x node that lacks the deprecated methods, each injecting faults into
 * 30% of its requests with its own mix and seed. The first one's 429s ask for 30 s, so it spends
 * most of the run cooling down while the others serve. Every call must still end in the exact
 * result of the fault-free ledger, or in a typed transient error (ALL_ENDPOINTS_FAILED, since
 * the endpoints' own transports do not retry); walks resumed from their checkpoint must be
 * exact; no call may wait out the 30 s while another endpoint is free.
 */

// Fewer calls than soak.slow.test.ts: the run is bound by the endpoints' cooldowns, not the CPU (about
// 50 calls a second here), and it must outlast the 30 s cooldown so that the first endpoint
// comes back. A high concurrency keeps requests in flight while calls wait.
const CALLS = 2_000
const CONCURRENCY = 48
const WALK_ADDRESSES = 8
const TIMEOUT_MS = 400
const SEED = 11
const LONG_RETRY_AFTER_MS = 30_000
// The fallback's default backoff cap: no cooldown but a Retry-After lasts longer.
const MAX_BACKOFF_MS = 10_000
const ENCODINGS: readonly TransactionEncoding[] = ['json', 'jsonParsed', 'base64', 'base58']
const ALL_KINDS: readonly MockLedgerFaultKind[] = [
  'rateLimit',
  'serverError',
  'connectionReset',
  'truncatedBody',
  'latency',
]

type EndpointPlan = Readonly<{ name: string; profile: LedgerProfile; faults: MockLedgerFaults }>

/**
 * Different mixes, so that the endpoints fail at different moments and in different ways: the
 * first with 30 s rate limits and timeouts, the 2.x one with resets, cut bodies and slow (but
 * timely) answers, the last with short rate limits and timeouts.
 */
const PLANS: readonly EndpointPlan[] = [
  {
    name: 'a (1.18, 30 s rate limits)',
    profile: 'v1.18',
    faults: {
      rate: 0.3,
      seed: 31,
      kinds: ALL_KINDS,
      latencyMs: TIMEOUT_MS * 2,
      retryAfterSeconds: LONG_RETRY_AFTER_MS / 1000,
    },
  },
  {
    name: 'b (2.x, no deprecated methods)',
    profile: 'v2',
    faults: {
      rate: 0.3,
      seed: 47,
      kinds: ['serverError', 'connectionReset', 'truncatedBody', 'latency'],
      latencyMs: TIMEOUT_MS / 4,
    },
  },
  {
    name: 'c (1.18)',
    profile: 'v1.18',
    faults: {
      rate: 0.3,
      seed: 59,
      kinds: ['rateLimit', 'serverError', 'latency'],
      latencyMs: TIMEOUT_MS * 2,
      retryAfterSeconds: 1,
    },
  },
]

/** An endpoint's own failure, which another attempt may not meet. */
function isEndpointTransient(error: ConfirmedRpcError): boolean {
  if (isConfirmedRpcError(error, 'MALFORMED_RESPONSE')) {
    return error.context.reason === BODY_NOT_JSON
  }
  return ['HTTP_ERROR', 'NETWORK_ERROR', 'TIMEOUT'].includes(error.code)
}

/**
 * What a call may still end in after its attempts: the fallback's verdict that every attempt met
 * such a failure, or one of them when it reaches the caller directly.
 */
function isTransient(error: ConfirmedRpcError): boolean {
  if (isConfirmedRpcError(error, 'ALL_ENDPOINTS_FAILED')) {
    const { failures } = error.context
    return (
      failures.length > 0 &&
      failures.every((failure) => isEndpointTransient(failure.error as ConfirmedRpcError))
    )
  }
  return isEndpointTransient(error)
}

type Call = Readonly<{ key: string; run: (client: Client) => Promise<unknown> }>

let ledgers: MockLedger[] = []
let servers: MockLedgerServer[] = []
let reference: Client
let unhandled = 0
const onUnhandled = (): void => {
  unhandled++
}

beforeAll(async () => {
  // The 1.18 and 2.x profiles generate the same ledger for a seed.
  ledgers = PLANS.map((plan) => createMockLedger({ seed: SEED, profile: plan.profile }))
  servers = await Promise.all(
    PLANS.map((plan, i) => serveMockLedger(ledgers[i] as MockLedger, { faults: plan.faults })),
  )
  // A 2.x node answers a deprecated call, migrated, exactly as a 1.18 node does; its errors name
  // the method sent (see `sameError`).
  reference = createClient({
    transport: (ledgers[0] as MockLedger).transport,
    deprecationWarnings: false,
  })
  process.on('unhandledRejection', onUnhandled)
})
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled)
  await Promise.all(servers.map((server) => server.close()))
})

/** One lookup or page, old or new, in one of the shapes a caller may use. */
function pickCall(
  next: () => number,
  address: string,
  signature: string,
  encoding: TransactionEncoding,
): Call {
  const limit = 1 + Math.floor(next() * 1_000)
  const commitment: Commitment = next() < 0.5 ? 'finalized' : 'confirmed'
  const roll = next()
  if (roll < 0.3) {
    return {
      key: `gt ${signature} ${encoding} ${commitment}`,
      run: (client) =>
        client.getTransaction(signature, {
          encoding,
          commitment,
          maxSupportedTransactionVersion: 0,
        }),
    }
  }
  if (roll < 0.45) {
    return {
      key: `gct ${signature} ${encoding}`,
      run: (client) => client.getConfirmedTransaction(signature, encoding),
    }
  }
  if (roll < 0.6) {
    return {
      key: `gct ${signature} ${encoding} ${commitment}`,
      run: (client) => client.getConfirmedTransaction(signature, { encoding, commitment }),
    }
  }
  if (roll < 0.75) {
    return {
      key: `gsfa ${address} ${signature} ${limit} ${commitment}`,
      run: (client) =>
        client.getSignaturesForAddress(address, { before: signature, limit, commitment }),
    }
  }
  if (roll < 0.9) {
    return {
      key: `gcsfa2 ${address} ${signature} ${limit} ${commitment}`,
      run: (client) =>
        client.getConfirmedSignaturesForAddress2(address, { before: signature, limit, commitment }),
    }
  }
  // Through `request`, which follows the same per-endpoint policy.
  return {
    key: `raw gct ${signature} ${encoding}`,
    run: (client) => client.request('getConfirmedTransaction', [signature, encoding]),
  }
}

/** The workload: lookups of transactions and pages of signatures of the 40 busiest addresses. */
function workload(ledger: MockLedger): Call[] {
  const next = seededRandom(2_025)
  const pool = ledger
    .addresses()
    .slice(0, 40)
    .flatMap((address) =>
      ledger.signatures(address).map((info) => ({ address, signature: info.signature })),
    )
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  return Array.from({ length: CALLS }, () => {
    const { address, signature } = pick(pool)
    return pickCall(next, address, signature, pick(ENCODINGS))
  })
}

/**
 * A JSON-RPC error (-32015, the base58 limit, ...) is the node's answer to the call, the same on
 * every endpoint; only its `context.method` says whether it went out under its own name or,
 * migrated by the 2.x endpoint's policy, as the replacement.
 */
function sameError(error: ConfirmedRpcError, truth: Settled): boolean {
  if (truth.kind !== 'error' || !isConfirmedRpcError(truth.error)) return false
  if (truth.error.code !== error.code) return false
  const sent = error.context.method
  const called = truth.error.context.method
  const replacement: Record<string, string> = {
    getConfirmedTransaction: 'getTransaction',
    getConfirmedSignaturesForAddress2: 'getSignaturesForAddress',
  }
  if (sent !== called && sent !== replacement[called ?? '']) return false
  if (!isConfirmedRpcError(error, 'RPC_ERROR')) return true
  return (
    isConfirmedRpcError(truth.error, 'RPC_ERROR') &&
    truth.error.context.rpcCode === error.context.rpcCode
  )
}

/**
 * Follows the fallback's cooldowns through `onThrottle` and checks each wait against them: a call
 * may wait only when every endpoint is cooling down, and then for the first one back. `slackMs`
 * covers the clock reads between the transport's and this hook's.
 */
function createThrottleWatch(endpointCount: number, slackMs = 25) {
  const coolUntil = new Map<string, number>()
  const early: string[] = []
  const cooldowns: Tally = {}
  let waits = 0
  let longestWaitMs = 0
  let longestCooldownMs = 0
  const onThrottle = (event: ThrottleEvent): void => {
    const now = Date.now()
    if (event.kind === 'cooldown') {
      coolUntil.set(
        event.endpoint,
        Math.max(coolUntil.get(event.endpoint) ?? 0, now + event.cooldownMs),
      )
      cooldowns[event.errorCode] = (cooldowns[event.errorCode] ?? 0) + 1
      longestCooldownMs = Math.max(longestCooldownMs, event.cooldownMs)
      return
    }
    if (event.kind !== 'wait') return
    waits++
    longestWaitMs = Math.max(longestWaitMs, event.waitMs)
    const back = now + event.waitMs - slackMs
    const sooner = [...coolUntil].filter(
      ([endpoint, until]) => endpoint !== event.endpoint && until < back,
    )
    if (coolUntil.size < endpointCount || sooner.length > 0) {
      early.push(`${event.method} waited ${event.waitMs} ms for ${event.endpoint}`)
    }
  }
  return {
    onThrottle,
    report: () => ({ early, cooldowns, waits, longestWaitMs, longestCooldownMs }),
  }
}

/** Per endpoint: HTTP outcomes (`200`, a status, an error code) and -32601 answers. */
function createResponseTally() {
  const byEndpoint = new Map<string, { outcomes: Tally; methodNotFound: number }>()
  const onResponse = (event: HttpResponseEvent): void => {
    const entry = byEndpoint.get(event.endpoint) ?? { outcomes: {}, methodNotFound: 0 }
    byEndpoint.set(event.endpoint, entry)
    const key = event.errorCode ?? String(event.status)
    entry.outcomes[key] = (entry.outcomes[key] ?? 0) + 1
    if (event.rpcCode === -32601) entry.methodNotFound++
  }
  return { onResponse, of: (endpoint: string) => byEndpoint.get(endpoint) }
}

describe('soak across three faulty endpoints behind one client', () => {
  it(`${CALLS} calls and full walks: exact results or transient typed errors, no 30 s wait`, async () => {
    const watch = createThrottleWatch(PLANS.length)
    const responses = createResponseTally()
    const endpoints = servers.map((server) =>
      createHttpTransport({
        url: server.url,
        timeoutMs: TIMEOUT_MS,
        onThrottle: watch.onThrottle,
        onResponse: responses.onResponse,
      }),
    )
    const client = createClient({
      transport: createFallbackTransport(endpoints, { onThrottle: watch.onThrottle }),
      deprecationWarnings: false,
    })
    const started = Date.now()
    const outcomes: Tally = {}
    let transient = 0
    let slowestMs = 0
    const mismatches: string[] = []
    const expected = new Map<string, Settled>()

    const callsDone = runPool(workload(ledgers[0] as MockLedger), CONCURRENCY, async (call) => {
      const callStarted = Date.now()
      const settled = await settleWithin(call.run(client), 60_000)
      slowestMs = Math.max(slowestMs, Date.now() - callStarted)
      count(outcomes, settled)
      if (settled.kind === 'hang') return void mismatches.push(`${call.key}: hang`)
      let truth = expected.get(call.key)
      if (truth === undefined) {
        truth = await settleWithin(call.run(reference), 60_000)
        expected.set(call.key, truth)
      }
      if (settled.kind === 'error') {
        expectTypedError(settled.error)
        if (isTransient(settled.error)) return void transient++
        if (!sameError(settled.error, truth)) {
          mismatches.push(`${call.key}: ${settled.error.code} vs ${truth.kind}`)
        }
        return
      }
      if (truth.kind !== 'result' || !sameJson(settled.value, truth.value)) {
        mismatches.push(`${call.key}: result differs from the fault-free ledger`)
      }
    })

    const ledger = ledgers[0] as MockLedger
    const walkTargets = ledger.addresses().slice(0, WALK_ADDRESSES)
    const walks: string[] = []
    let resumes = 0
    const walkErrors: Tally = {}
    const walksDone = runPool(walkTargets, 4, async (address) => {
      const n = walkTargets.indexOf(address)
      const commitment: Commitment = n % 2 === 0 ? 'finalized' : 'confirmed'
      const pageSize = n === 0 ? 1_000 : 50 + (n % 5) * 90
      const walk = await walkResuming(
        pagerOf(client),
        address,
        { pageSize, commitment },
        isTransient,
      )
      resumes += walk.resumes
      for (const [code, k] of Object.entries(walk.errors)) {
        walkErrors[code] = (walkErrors[code] ?? 0) + k
      }
      const truth = ledger.signatures(address, { commitment }).map((info) => info.signature)
      const exact = sameJson(walk.signatures, truth)
      walks.push(
        `${address} (${commitment}): ${walk.signatures.length} of ${truth.length}${exact ? ' exact' : ' (NOT exact)'}`,
      )
    })

    const secondsSince = () => ((Date.now() - started) / 1000).toFixed(1)
    const [callsSeconds, walksSeconds] = await Promise.all([
      callsDone.then(secondsSince),
      walksDone.then(secondsSince),
    ])
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    const throttle = watch.report()
    console.log(
      [
        `fallback soak: ${CALLS} calls + ${walkTargets.length} walks in ${seconds} s (calls ${callsSeconds} s, walks ${walksSeconds} s), slowest call ${slowestMs} ms`,
        ...PLANS.map((plan, i) => {
          const server = servers[i] as MockLedgerServer
          const seen = responses.of(server.url)
          return `  ${plan.name}: ${server.stats.requests} requests, faults ${formatTally(server.stats.faults)}; answers ${formatTally(seen?.outcomes ?? {})}`
        }),
        `  call outcomes: ${formatTally(outcomes)} (${((transient / CALLS) * 100).toFixed(2)}% transient)`,
        `  cooldowns: ${formatTally(throttle.cooldowns)}, longest ${throttle.longestCooldownMs} ms; ${throttle.waits} waits, longest ${throttle.longestWaitMs} ms`,
        `  walks: ${walks.filter((w) => w.endsWith(' exact')).length}/${walks.length} exact, ${resumes} resumes after ${formatTally(walkErrors)}`,
        `  unhandled rejections: ${unhandled}`,
      ].join('\n'),
    )
    expect(mismatches).toEqual([])
    expect(walks.filter((line) => !line.endsWith(' exact'))).toEqual([])
    expect(unhandled).toBe(0)
    expect(outcomes.hang ?? 0).toBe(0)
    expect(transient / CALLS).toBeLessThanOrEqual(0.01)

    // Every endpoint served, the 2.x one included. The client's policy sends every call, the
    // deprecated ones and `request` included, under the replacement names, which all three
    // serve: no endpoint ever refused a method.
    for (const server of servers) expect(server.stats.requests).toBeGreaterThan(0)
    const [slow, modern, last] = servers.map((server) => responses.of(server.url))
    expect(modern?.methodNotFound ?? 0).toBe(0)
    expect(slow?.methodNotFound ?? 0).toBe(0)
    expect(last?.methodNotFound ?? 0).toBe(0)
    expect(modern?.outcomes['200'] ?? 0).toBeGreaterThan(CALLS / 10)

    // The first endpoint asked for 30 s at least once, and nobody waited it out: calls went to the
    // others, waited only when all three were cooling, and then for the first one back.
    expect((servers[0] as MockLedgerServer).stats.faults.rateLimit).toBeGreaterThan(0)
    expect(throttle.longestCooldownMs).toBeGreaterThan(LONG_RETRY_AFTER_MS / 2)
    expect(throttle.early).toEqual([])
    expect(throttle.longestWaitMs).toBeLessThan(MAX_BACKOFF_MS)
    expect(slowestMs).toBeLessThan(LONG_RETRY_AFTER_MS)
  }, 120_000)
})
