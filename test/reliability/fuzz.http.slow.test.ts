import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeSignatureInfos } from '../../src/actions/getSignaturesForAddress'
import { decodeConfirmedTransaction } from '../../src/actions/getTransaction'
import { type Client, createClient } from '../../src/client'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import type { TransactionEncoding, U64Mode } from '../../src/schemas/common'
import { createMockLedger } from '../../src/testing/createMockLedger'
import type { FetchFunction } from '../../src/transport/types'
import { type Exchange, type LoopbackServer, startLoopbackServer } from '../support/loopbackServer'
import { collectWalk, pagerOf } from './pagerOf'
import { guardPrototypes } from './prototypeGuard'
import { renderBody } from './renderBody'
import { bigReplyPlan, isSlowDelivery, type ReplyPlan, replyPlan } from './replyPlans'
import { sameJson } from './sameJson'
import { type Settled, settleWithin } from './settleWithin'
import { count, formatTally, type Tally } from './tally'
import { expectTypedError } from './typedError'
import { envelopeOutcome, wireOutcome } from './wireOutcome'

/*
 * Every case: a fresh client talks to a real loopback server that answers each request with a
 * fuzzed status, headers, body and delivery (built from the mock ledger's true answer where it
 * starts from one). The call must settle well before a deadline far above the client's time
 * limits, into a ConfirmedRpcError or into exactly the result the wire carried; the built-in
 * prototypes must be untouched afterwards.
 */

const RUNS = { single: 170, pager: 120, big: 72 }
// FUZZ_SEED=<n> replays the run with other cases.
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_122)
const MAX_BYTES = 4 * 1024 * 1024
const FAST_TIMEOUT_MS = 100
const SLOW_TIMEOUT_MS = 5_000
const DEADLINE_MS = 30_000

// A 1.18 node's ledger: the deprecated calls over it read every transaction (no v0 or v1 ones).
const ledger = createMockLedger({ seed: 5, transactions: 300, profile: 'v1.18' })
const ADDRESS = ledger.addresses()[3] as string
const HISTORY = ledger.signatures(ADDRESS).map((info) => info.signature)
const SIGNATURES = HISTORY.slice(0, 16)
const ENCODINGS: readonly TransactionEncoding[] = ['json', 'jsonParsed', 'base64', 'base58']

type Oracle = 'raw' | 'transaction' | 'signatures'
type Target = Readonly<{
  name: string
  oracle: Oracle
  call(client: Client<U64Mode>, pick: number): Promise<unknown>
}>

const signatureOf = (pick: number) => SIGNATURES[pick % SIGNATURES.length] as string
const encodingOf = (pick: number) => ENCODINGS[pick % ENCODINGS.length] as TransactionEncoding

const SINGLE_TARGETS: readonly Target[] = [
  {
    name: 'getConfirmedTransaction',
    oracle: 'transaction',
    call: (client, pick) =>
      client.getConfirmedTransaction(signatureOf(pick), { encoding: encodingOf(pick >> 4) }),
  },
  {
    name: 'getTransaction',
    oracle: 'transaction',
    call: (client, pick) =>
      client.getTransaction(signatureOf(pick), {
        encoding: encodingOf(pick >> 4),
        maxSupportedTransactionVersion: 0,
      }),
  },
  {
    name: 'getConfirmedSignaturesForAddress2',
    oracle: 'signatures',
    call: (client, pick) => client.getConfirmedSignaturesForAddress2(ADDRESS, { limit: 1 + pick }),
  },
  {
    name: 'getSignaturesForAddress',
    oracle: 'signatures',
    call: (client, pick) => client.getSignaturesForAddress(ADDRESS, { limit: 1 + pick }),
  },
  {
    name: 'request',
    oracle: 'raw',
    call: (client, pick) => client.request('getTransaction', [signatureOf(pick), 'json']),
  },
]

const stats = { cases: 0, requests: 0, byTarget: {} as Record<string, Tally> }
let server: LoopbackServer
const guard = guardPrototypes()

beforeAll(async () => {
  server = await startLoopbackServer({ trailingSlash: true })
})
afterAll(async () => {
  await server.close()
  const lines = Object.entries(stats.byTarget).map(
    ([name, tally]) => `  ${name}: ${formatTally(tally)}`,
  )
  console.log(
    `fuzz over HTTP: ${stats.cases} cases, ${stats.requests} HTTP requests\n${lines.join('\n')}`,
  )
})

type CaseInput = Readonly<{
  plan: ReplyPlan
  mode: U64Mode
  undici: boolean
  pick: number
}>

function caseInput(plans: fc.Arbitrary<ReplyPlan>): fc.Arbitrary<CaseInput> {
  return fc.record({
    plan: plans,
    mode: fc.constantFrom<U64Mode>('number', 'bigint'),
    undici: fc.boolean(),
    pick: fc.nat({ max: 255 }),
  })
}

function clientFor(input: CaseInput): Client<U64Mode> {
  const slow = isSlowDelivery(input.plan.delivery)
  return createClient<U64Mode>({
    url: server.url,
    u64: input.mode,
    timeoutMs: slow ? FAST_TIMEOUT_MS : SLOW_TIMEOUT_MS,
    retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
    maxResponseBytes: MAX_BYTES,
    deprecationWarnings: false,
    ...(input.undici ? { fetch: globalThis.fetch as FetchFunction } : {}),
  })
}

function serve(plan: ReplyPlan): void {
  server.use((_body, _index, requestText) => ({
    status: plan.status,
    headers: plan.headers,
    body: renderBody(plan.body, requestText, ledger),
    delivery: plan.delivery,
  }))
}

async function play(
  name: string,
  run: () => Promise<unknown>,
): Promise<Readonly<{ settled: Settled; exchanges: readonly Exchange[] }>> {
  const settled = await settleWithin(run(), DEADLINE_MS)
  const exchanges = [...server.exchanges]
  stats.cases++
  stats.requests += exchanges.length
  stats.byTarget[name] ??= {}
  count(stats.byTarget[name] as Tally, settled)
  if (settled.kind === 'hang') throw new Error(`${name} did not settle within ${DEADLINE_MS} ms`)
  if (settled.kind === 'error') expectTypedError(settled.error)
  expect(guard.check()).toEqual([])
  return { settled, exchanges }
}

type SentRequest = Readonly<{ id: unknown; method: string; params: readonly unknown[] }>

function sentRequest(exchange: Exchange): SentRequest {
  return JSON.parse(exchange.requestText) as SentRequest
}

function encodingSent(request: SentRequest): unknown {
  const config = request.params[1]
  return typeof config === 'string'
    ? config
    : (config as { encoding?: unknown } | undefined)?.encoding
}

/** What the decoders make of a result: the value, or the code they throw. */
function decodeExpected(
  oracle: Oracle,
  result: unknown,
  request: SentRequest,
  mode: U64Mode,
): Readonly<{ value: unknown } | { code: string }> {
  try {
    const context = { method: request.method }
    if (oracle === 'raw') return { value: result }
    if (oracle === 'signatures') return { value: decodeSignatureInfos(result, mode, context) }
    const encoding = (encodingSent(request) ?? 'json') as TransactionEncoding
    return { value: decodeConfirmedTransaction(result, encoding, mode, context) }
  } catch (error) {
    if (!isConfirmedRpcError(error)) throw error
    return { code: error.code }
  }
}

function errorCode(settled: Settled): string | undefined {
  return settled.kind === 'error' && isConfirmedRpcError(settled.error)
    ? settled.error.code
    : undefined
}

/**
 * Checks a single call's outcome against the last exchange (the attempt the client gave up or
 * succeeded on). A -32601 or a base58 refusal sends a second method, whose answer is fuzzed
 * too: then only the typing is checked.
 */
function checkSingle(
  target: Target,
  requested: TransactionEncoding,
  mode: U64Mode,
  settled: Settled,
  exchanges: readonly Exchange[],
): void {
  const last = exchanges[exchanges.length - 1]
  if (last === undefined) throw new Error('no request reached the server')
  const request = sentRequest(last)
  const expected = wireOutcome(last, MAX_BYTES)
  const code = errorCode(settled)
  if (expected.kind === 'errors') {
    expect(expected.codes).toContain(code)
    return
  }
  if (code !== undefined && expected.orCodes.includes(code as never)) return
  const envelope = envelopeOutcome(expected.parsed, request.id)
  if (envelope.kind === 'malformed') {
    expect(code).toBe('MALFORMED_RESPONSE')
    return
  }
  if (envelope.kind === 'rpc') {
    const rerouted =
      envelope.code === -32601 || (requested === 'base58' && /base ?58/i.test(envelope.message))
    if (rerouted) return
    expect(code).toBe('RPC_ERROR')
    if (settled.kind === 'error' && isConfirmedRpcError(settled.error, 'RPC_ERROR')) {
      expect(settled.error.context.rpcCode).toBe(envelope.code)
    }
    return
  }
  // The client asked for base58 and fell back to base64: it re-encoded the bytes itself.
  if (target.oracle === 'transaction' && requested !== encodingSent(request)) return
  const decoded = decodeExpected(target.oracle, envelope.value, request, mode)
  if ('code' in decoded) {
    expect(code).toBe(decoded.code)
    return
  }
  if (settled.kind !== 'result') throw new Error(`expected a result, got ${code}`)
  expect(sameJson(settled.value, decoded.value)).toBe(true)
}

const BIG_SHAPES = { string: 6_000_000, array: 400_000, deep: 100_000, wide: 50_000 } as const
const BIG_PLACES = ['result', 'data', 'id', 'extra'] as const

/** Each shape at its largest size in each place, for every target, besides the random cases. */
const BIG_EXAMPLES: [CaseInput, number][] = Object.entries(BIG_SHAPES).flatMap(([shape, size]) =>
  BIG_PLACES.flatMap((where) =>
    [size, size + 1].map((n, index): [CaseInput, number] => [
      {
        plan: {
          status: 200,
          headers: {},
          body: { kind: 'big', shape: shape as keyof typeof BIG_SHAPES, where, size: n },
          delivery: { kind: 'whole' },
        },
        mode: index === 0 ? 'number' : 'bigint',
        undici: index === 1,
        pick: 0,
      },
      BIG_PLACES.indexOf(where) + index,
    ]),
  ),
)

describe('fuzzed answers over HTTP', { timeout: 120_000 }, () => {
  SINGLE_TARGETS.forEach((target, index) => {
    it(`${target.name}: every answer gives a typed error or the exact result`, async () => {
      await fc.assert(
        fc.asyncProperty(caseInput(replyPlan), async (input) => {
          serve(input.plan)
          const client = clientFor(input)
          const { settled, exchanges } = await play(target.name, () =>
            target.call(client, input.pick),
          )
          checkSingle(target, encodingOf(input.pick >> 4), input.mode, settled, exchanges)
        }),
        { numRuns: RUNS.single, seed: SEED + 7_919 * index },
      )
    })
  })

  it('signaturesForAddress (pager): typed error or entries without repeats; exact when clean', async () => {
    await fc.assert(
      fc.asyncProperty(caseInput(replyPlan), async (input) => {
        serve(input.plan)
        const client = clientFor(input)
        const walk = pagerOf(client)(ADDRESS, {
          pageSize: 7 + (input.pick % 20),
          pageRetryDelayMs: 1,
        })
        const { settled } = await play('signaturesForAddress', () => collectWalk(walk))
        if (settled.kind !== 'result') return
        const signatures = (settled.value as { signature: string }[]).map((e) => e.signature)
        expect(new Set(signatures).size).toBe(signatures.length)
        const { plan } = input
        const clean =
          plan.status === 200 &&
          plan.body.kind === 'ledger' &&
          plan.body.edits.length === 0 &&
          (plan.delivery.kind === 'whole' ||
            plan.delivery.kind === 'chunks' ||
            (plan.delivery.kind === 'gzip' && plan.delivery.valid))
        if (clean) expect(signatures).toEqual(HISTORY)
      }),
      { numRuns: RUNS.pager, seed: SEED },
    )
  })

  it('enormous strings and arrays, deep nesting and wide objects: typed error or exact result', async () => {
    const targets = SINGLE_TARGETS
    await fc.assert(
      fc.asyncProperty(caseInput(bigReplyPlan), fc.nat(), async (input, which) => {
        const target = targets[which % targets.length] as Target
        serve(input.plan)
        const client = clientFor(input)
        const { settled, exchanges } = await play(`${target.name} (big)`, () =>
          target.call(client, input.pick),
        )
        checkSingle(target, encodingOf(input.pick >> 4), input.mode, settled, exchanges)
      }),
      { numRuns: RUNS.big, seed: SEED, examples: BIG_EXAMPLES },
    )
  })
})
