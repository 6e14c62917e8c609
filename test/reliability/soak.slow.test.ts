import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, createClient } from '../../src/client'
import { type ConfirmedRpcError, isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import type { TransactionEncoding } from '../../src/schemas/common'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import type { MockLedgerFaultKind } from '../../src/testing/serveMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { BODY_NOT_JSON } from '../../src/transport/response'
import { seededRandom } from '../support/seededRandom'
import { pagerOf } from './pagerOf'
import { runPool } from './runPool'
import { sameJson } from './sameJson'
import { type Settled, settleWithin } from './settleWithin'
import { count, formatTally, type Tally } from './tally'
import { expectTypedError } from './typedError'
import { walkResuming } from './walkResuming'

/*
 * 10,000 calls over loopback against a served mock ledger that injects faults into 30% of the
 * HTTP requests (429 with Retry-After, 502/503 pages, resets, truncated bodies, answers slower
 * than the client's time limit, stale nodes), plus full history walks. Every call must end in
 * the exact result the fault-free ledger gives, or in a typed error of a transient kind; walks
 * resumed from their checkpoint after such errors must yield the exact history.
 */

const CALLS = 10_000
const CONCURRENCY = 32
const WALK_ADDRESSES = 12
const STALE_SLOTS = 150
const TIMEOUT_MS = 400
const KINDS: readonly MockLedgerFaultKind[] = [
  'rateLimit',
  'serverError',
  'connectionReset',
  'truncatedBody',
  'latency',
  'staleNode',
]
const ENCODINGS: readonly TransactionEncoding[] = ['json', 'jsonParsed', 'base64', 'base58']

/** Failures another attempt may not meet: what a call may still end in after its retries. */
function isTransient(error: ConfirmedRpcError): boolean {
  if (error.code === 'MALFORMED_RESPONSE') {
    return (
      isConfirmedRpcError(error, 'MALFORMED_RESPONSE') && error.context.reason === BODY_NOT_JSON
    )
  }
  return ['HTTP_ERROR', 'NETWORK_ERROR', 'TIMEOUT'].includes(error.code)
}

type Call = Readonly<{ key: string; run: (client: Client) => Promise<unknown> }>

let ledger: MockLedger
let server: MockLedgerServer
let reference: Client
let closed = false
let unhandled = 0
const onUnhandled = (): void => {
  unhandled++
}

beforeAll(async () => {
  ledger = createMockLedger({ seed: 11 })
  server = await serveMockLedger(ledger, {
    faults: {
      rate: 0.3,
      seed: 31,
      kinds: KINDS,
      latencyMs: TIMEOUT_MS * 2,
      staleSlots: STALE_SLOTS,
      retryAfterSeconds: 0.005,
    },
  })
  reference = createClient({ transport: ledger.transport, deprecationWarnings: false })
  process.on('unhandledRejection', onUnhandled)
})
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled)
  if (!closed) await server?.close()
})

/**
 * The workload: lookups of transactions and pages of signatures old enough that a stale node
 * (150 slots behind) answers them exactly like a fresh one, so every result has one right value.
 */
function workload(): Call[] {
  const next = seededRandom(2_024)
  const oldest = ledger.state.frontiers.finalized - STALE_SLOTS - 1
  const addresses = ledger.addresses().slice(0, 40)
  const pool = addresses.flatMap((address) =>
    ledger
      .signatures(address)
      .filter((info) => info.slot <= oldest)
      .map((info) => ({ address, signature: info.signature })),
  )
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const calls: Call[] = []
  for (let i = 0; i < CALLS; i++) {
    const { address, signature } = pick(pool)
    const encoding = pick(ENCODINGS)
    const limit = 1 + Math.floor(next() * 1_000)
    const roll = next()
    if (roll < 0.35) {
      calls.push({
        key: `gt ${signature} ${encoding}`,
        run: (client) =>
          client.getTransaction(signature, { encoding, maxSupportedTransactionVersion: 0 }),
      })
    } else if (roll < 0.6) {
      calls.push({
        key: `gct ${signature} ${encoding}`,
        run: (client) => client.getConfirmedTransaction(signature, encoding),
      })
    } else if (roll < 0.75) {
      calls.push({
        key: `gsfa ${address} ${signature} ${limit}`,
        run: (client) => client.getSignaturesForAddress(address, { before: signature, limit }),
      })
    } else if (roll < 0.9) {
      calls.push({
        key: `gcsfa2 ${address} ${signature} ${limit}`,
        run: (client) =>
          client.getConfirmedSignaturesForAddress2(address, { before: signature, limit }),
      })
    } else {
      calls.push({
        key: `raw ${signature}`,
        run: (client) =>
          client.request('getTransaction', [signature, { maxSupportedTransactionVersion: 0 }]),
      })
    }
  }
  return calls
}

describe('soak over loopback with 30% injected faults', () => {
  it(`${CALLS} calls and full walks: exact results or transient typed errors, nothing left open`, async () => {
    const active = (kind: string): number =>
      process.getActiveResourcesInfo().filter((name) => name === kind).length
    const socketsBefore = active('TCPSocketWrap')
    const timersBefore = active('Timeout')
    let sent = 0
    let calledOnce = 0
    const client = createClient({
      url: server.url,
      timeoutMs: TIMEOUT_MS,
      retry: { attempts: 5, baseDelayMs: 2, maxDelayMs: 20 },
      deprecationWarnings: false,
      onRequest: (event) => {
        sent++
        if (event.attempt === 1) calledOnce++
      },
    })
    const started = Date.now()
    const outcomes: Tally = {}
    let transient = 0
    const mismatches: string[] = []
    const expected = new Map<string, Settled>()
    const calls = workload()

    const callsDone = runPool(calls, CONCURRENCY, async (call) => {
      const settled = await settleWithin(call.run(client), 60_000)
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
        const same =
          truth.kind === 'error' &&
          isConfirmedRpcError(truth.error) &&
          truth.error.code === settled.error.code &&
          JSON.stringify(truth.error.context.method) ===
            JSON.stringify(settled.error.context.method)
        if (!same) mismatches.push(`${call.key}: ${settled.error.code} vs ${truth.kind}`)
        return
      }
      if (truth.kind !== 'result' || !sameJson(settled.value, truth.value)) {
        mismatches.push(`${call.key}: result differs from the fault-free ledger`)
      }
    })

    const walkTargets = ledger.addresses().slice(0, WALK_ADDRESSES)
    const walks: string[] = []
    let resumes = 0
    const walkErrors: Tally = {}
    const walksDone = runPool(walkTargets, 4, async (address) => {
      const pageSize = address === walkTargets[0] ? 1_000 : 50 + (walks.length % 5) * 90
      // Compared below with the newest head while stale nodes answer: that is what the head
      // check guards, and it is off by default (a walk may otherwise start at a lagging node's
      // head).
      const walk = await walkResuming(
        pagerOf(client),
        address,
        { headCheck: true, pageSize },
        isTransient,
        { headCheck: true },
      )
      resumes += walk.resumes
      for (const [code, n] of Object.entries(walk.errors)) {
        walkErrors[code] = (walkErrors[code] ?? 0) + n
      }
      const truth = ledger.signatures(address).map((info) => info.signature)
      if (walk.signatures.length !== truth.length || !sameJson(walk.signatures, truth)) {
        walks.push(`${address}: ${walk.signatures.length} of ${truth.length} (NOT exact)`)
      } else {
        walks.push(`${address}: ${truth.length} exact`)
      }
    })

    await Promise.all([callsDone, walksDone])
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    const { requests, faults } = server.stats
    const injected = Object.values(faults).reduce((a, b) => a + b, 0)
    console.log(
      [
        `soak: ${CALLS} calls + ${walkTargets.length} walks in ${seconds} s: ${calledOnce} JSON-RPC calls (pages included), ${sent} attempts`,
        `  HTTP requests ${requests}, faults injected ${injected} (${((injected / requests) * 100).toFixed(1)}%): ${formatTally(faults)}`,
        `  call outcomes: ${formatTally(outcomes)}`,
        `  walks: ${walks.filter((w) => w.endsWith('exact')).length}/${walks.length} exact, ${resumes} resumes after ${formatTally(walkErrors)}`,
        `  unhandled rejections: ${unhandled}`,
      ].join('\n'),
    )
    expect(mismatches).toEqual([])
    expect(walks.every((line) => line.endsWith(' exact'))).toBe(true)
    expect(unhandled).toBe(0)
    expect(outcomes.hang ?? 0).toBe(0)
    // Retries absorb the faults: about 0.1% of calls end in a transient error after their
    // attempts (12 of 10,000 in one run), against the 30% of requests faulted. A weakened retry
    // (fewer attempts, no Retry-After, no retry of a cut body) lets far more through.
    expect(transient / CALLS).toBeLessThanOrEqual(0.01)
    expect(injected / requests).toBeGreaterThan(0.25)
    // Nothing of the client keeps the event loop alive: once the server is closed (which also
    // drops its idle keep-alive connections and its pending latency timers), no timer is left,
    // and the sockets go as soon as their close events have run.
    await server.close()
    closed = true
    expect(active('Timeout')).toBeLessThanOrEqual(timersBefore)
    for (let i = 0; i < 100 && active('TCPSocketWrap') > socketsBefore; i++) {
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(active('TCPSocketWrap')).toBeLessThanOrEqual(socketsBefore)
  }, 240_000)

  it('a process that ran a faulty workload exits promptly once its server is closed', async () => {
    const script = fileURLToPath(new URL('./exitCheck.ts', import.meta.url))
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root })
    let output = ''
    let reportedAt: number | undefined
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (reportedAt === undefined && output.includes('"done":true')) reportedAt = Date.now()
    })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString()
    })
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    clearTimeout(killer)
    const exitedAfter =
      reportedAt === undefined ? Number.POSITIVE_INFINITY : Date.now() - reportedAt
    expect(errors).toBe('')
    expect(code).toBe(0)
    const report = JSON.parse(output.trim().split('\n').pop() ?? '{}') as {
      outcomes: Tally
      exact: boolean
      unhandled: number
      requests: number
      faults: Tally
    }
    console.log(
      `exit check: exited ${exitedAfter} ms after its report; ${report.requests} requests, faults ${formatTally(report.faults)}; outcomes ${formatTally(report.outcomes)}`,
    )
    expect(report.unhandled).toBe(0)
    expect(report.exact).toBe(true)
    expect(report.outcomes.untyped ?? 0).toBe(0)
    // Nothing is left to keep the event loop alive: no timer, no socket, no pending sleep.
    expect(exitedAfter).toBeLessThan(3_000)
  }, 90_000)
})
