import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { parseJson } from '../../src/json/parseJson'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { batching } from '../../src/transport/batching'
import type { FetchFunction } from '../../src/transport/types'
import { type LoopbackServer, startLoopbackServer } from '../support/loopbackServer'
import { type BatchPlan, batchPlan, editBatch } from './batchPlans'
import { guardPrototypes } from './prototypeGuard'
import { sameJson } from './sameJson'
import { settleWithin } from './settleWithin'
import { count, formatTally, type Tally } from './tally'
import { expectTypedError } from './typedError'
import { toWireText } from './wireJson'

/*
 * Calls made in one tick travel as one JSON-RPC batch. The server answers the batch with the
 * ledger's true items, then drops, duplicates, re-ids, swaps, edits and replaces some of them, or
 * refuses the batch. Each call must settle on its own into a typed error or a result the server
 * really sent under that call's id: never a neighbour's result.
 */

const RUNS = 250
// FUZZ_SEED=<n> replays the run with other cases.
const SEED = Number(process.env.FUZZ_SEED ?? 4_242)
const DEADLINE_MS = 30_000

const ledger = createMockLedger({ seed: 5, transactions: 300 })
const ADDRESSES = ledger.addresses().slice(0, 8)
const SIGNATURES = ledger.signatures(ADDRESSES[3] as string).map((info) => info.signature)

type Sent = { id: unknown; params: unknown[] }

let server: LoopbackServer
const tally: Tally = {}
let cases = 0
const guard = guardPrototypes()

beforeAll(async () => {
  server = await startLoopbackServer({ trailingSlash: true })
})
afterAll(async () => {
  await server.close()
  console.log(`fuzz of batches: ${cases} cases, ${formatTally(tally)}`)
})

function serve(plan: BatchPlan): void {
  server.use((_body, _index, requestText) => {
    const batch = requestText.trimStart().startsWith('[')
    const truth = ledger.handleText(requestText)
    // Calls sent one by one (after a refusal or for a retry) get the true answer.
    if (!batch) return { status: 200, headers: {}, body: truth, delivery: { kind: 'whole' } }
    return {
      status: plan.status,
      headers: { 'content-type': 'application/json' },
      body: toWireText(editBatch(JSON.parse(truth) as unknown[], plan)),
      delivery: plan.delivery,
    }
  })
}

/** Every `result` the server sent, by the `id` it was sent under. */
function sentResults(): Map<unknown, unknown[]> {
  const byId = new Map<unknown, unknown[]>()
  for (const exchange of server.exchanges) {
    let body: unknown
    try {
      body = parseJson(new TextDecoder().decode(exchange.body))
    } catch {
      continue
    }
    for (const item of Array.isArray(body) ? body : [body]) {
      if (typeof item !== 'object' || item === null || !Object.hasOwn(item, 'result')) continue
      const { id, result, error } = item as { id?: unknown; result?: unknown; error?: unknown }
      if (error !== undefined && error !== null) continue
      byId.set(id, [...(byId.get(id) ?? []), result])
    }
  }
  return byId
}

/** The ids each call (known by its first param) was sent under. */
function idsByFirstParam(): Map<unknown, Set<unknown>> {
  const out = new Map<unknown, Set<unknown>>()
  for (const exchange of server.exchanges) {
    const parsed = JSON.parse(exchange.requestText) as Sent | Sent[]
    for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
      const ids = out.get(call.params[0]) ?? new Set()
      ids.add(call.id)
      out.set(call.params[0], ids)
    }
  }
  return out
}

describe('fuzzed batch answers over HTTP', { timeout: 120_000 }, () => {
  it('each call of a batch gets a typed error or a result sent under its own id', async () => {
    await fc.assert(
      fc.asyncProperty(
        batchPlan,
        fc.integer({ min: 2, max: 6 }),
        fc.boolean(),
        async (plan, calls, undici) => {
          serve(plan)
          const client = createClient({
            url: server.url,
            batch: batching({ maxSize: 8 }),
            timeoutMs: 5_000,
            retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
            deprecationWarnings: false,
            ...(undici ? { fetch: globalThis.fetch as FetchFunction } : {}),
          })
          const params = Array.from({ length: calls }, (_, i): unknown[] =>
            i % 2 === 0
              ? [SIGNATURES[i] as string, { encoding: 'json', maxSupportedTransactionVersion: 0 }]
              : [ADDRESSES[i] as string, { limit: 3 }],
          )
          const pending = params.map((p, i) =>
            client.request(i % 2 === 0 ? 'getTransaction' : 'getSignaturesForAddress', p),
          )
          const settled = await Promise.all(pending.map((call) => settleWithin(call, DEADLINE_MS)))
          cases++
          const results = sentResults()
          const ids = idsByFirstParam()
          settled.forEach((outcome, i) => {
            count(tally, outcome)
            if (outcome.kind === 'hang') throw new Error(`call ${i} did not settle`)
            if (outcome.kind === 'error') {
              expectTypedError(outcome.error)
              return
            }
            const mine = [...(ids.get(params[i]?.[0]) ?? [])].flatMap((id) => results.get(id) ?? [])
            expect(mine.some((sent) => sameJson(sent, outcome.value))).toBe(true)
          })
          expect(guard.check()).toEqual([])
        },
      ),
      { numRuns: RUNS, seed: SEED },
    )
  })
})
