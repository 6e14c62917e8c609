import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { decodeSignatureInfos } from '../../src/actions/getSignaturesForAddress'
import { decodeConfirmedTransaction } from '../../src/actions/getTransaction'
import { type Client, createClient } from '../../src/client'
import { ResponseShapeError } from '../../src/errors/ConfirmedRpcError'
import { parseJson } from '../../src/json/parseJson'
import type { TransactionEncoding, U64Mode } from '../../src/schemas/common'
import { createMockLedger } from '../../src/testing/createMockLedger'
import type { RpcRequest, RpcTransport } from '../../src/transport/types'
import { applyEdits, awkwardValue, editList } from './edits'
import { collectWalk, pagerOf } from './pagerOf'
import { guardPrototypes } from './prototypeGuard'
import { sameJson } from './sameJson'
import { settleWithin } from './settleWithin'
import { count, formatTally, type Tally } from './tally'
import { expectTypedError } from './typedError'
import { toWireText } from './wireJson'

/*
 * The layers above the transport, fed directly: a transport function that resolves with fuzzed
 * values (the ledger's true results edited, random JSON, values JSON cannot even express), and
 * the decoders called on hostile values. Every call ends in a typed error or the exact result.
 */

const RUNS = { decoders: 1_500, methods: 400, pager: 300 }
// FUZZ_SEED=<n> replays the run with other cases.
const SEED = Number(process.env.FUZZ_SEED ?? 77)
const DEADLINE_MS = 10_000

const ledger = createMockLedger({ seed: 5, transactions: 300 })
const ADDRESS = ledger.addresses()[3] as string
const HISTORY = ledger.signatures(ADDRESS).map((info) => info.signature)
const ENCODINGS: readonly TransactionEncoding[] = ['json', 'jsonParsed', 'base64', 'base58']
const guard = guardPrototypes()
const tallies: Record<string, Tally> = {}

afterAll(() => {
  const lines = Object.entries(tallies).map(([name, tally]) => `  ${name}: ${formatTally(tally)}`)
  console.log(`fuzz in process:\n${lines.join('\n')}`)
})

function tallyOf(name: string): Tally {
  tallies[name] ??= {}
  return tallies[name] as Tally
}

/** Objects no JSON parser makes: they must still end in a ResponseShapeError, not a crash. */
function hostileValues(): unknown[] {
  const throwing = Object.defineProperty({}, 'slot', {
    enumerable: true,
    get() {
      throw new Error('getter')
    },
  })
  const trap = new Proxy(
    {},
    {
      get() {
        throw new Error('proxy get')
      },
      ownKeys() {
        throw new Error('proxy keys')
      },
      has() {
        throw new Error('proxy has')
      },
    },
  )
  const frozen = Object.freeze({ slot: 1, blockTime: 2, err: null, memo: null, signature: 'x' })
  const cyclic: Record<string, unknown> = { slot: 1 }
  cyclic.meta = cyclic
  const nullProto = Object.assign(Object.create(null) as object, { slot: 1 })
  return [
    throwing,
    trap,
    frozen,
    [frozen],
    Object.freeze([Object.freeze({ ...frozen })]),
    cyclic,
    [cyclic],
    nullProto,
    [nullProto],
    Symbol('s'),
    () => 1,
    10n,
    [{ slot: 2n ** 64n, blockTime: null, err: null, memo: null, signature: 'x' }],
    new Date(0),
    new Map([['slot', 1]]),
    new Uint8Array(4),
  ]
}

/** A fuzzed value; hostile ones are built fresh in the property (fast-check must not touch them). */
type FuzzValue = Readonly<{ value: unknown } | { hostile: number }>

const fuzzValue: fc.Arbitrary<FuzzValue> = fc.oneof(
  fc
    .anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true })
    .map((value) => ({ value })),
  fc.nat().map((hostile) => ({ hostile })),
  awkwardValue.map((value) => ({ value })),
)

function materialize(input: FuzzValue): unknown {
  if ('value' in input) return structuredCloneOrSame(input.value)
  const values = hostileValues()
  return values[input.hostile % values.length]
}

function structuredCloneOrSame(value: unknown): unknown {
  try {
    return structuredClone(value)
  } catch {
    return value
  }
}

/**
 * A transport that asks the ledger, then resolves with `answer(request, trueResult)`. When the
 * ledger answers with an error, that error is thrown, as a real transport would.
 */
function fuzzTransport(answer: (request: RpcRequest, real: unknown) => unknown): RpcTransport {
  return async (request) => answer(request, await ledger.transport(request))
}

type Answer = Readonly<
  | { kind: 'true' }
  | { kind: 'edited'; edits: Parameters<typeof applyEdits>[1] }
  | { kind: 'value'; value: FuzzValue }
>

// No hostile objects here: a transport that resolves with a Proxy whose `get` throws makes the
// engine's own `await` reject with that error (it reads `then`), before any code of the client.
const answerArb: fc.Arbitrary<Answer> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Answer>({ kind: 'true' }) },
  { weight: 6, arbitrary: editList.map((edits): Answer => ({ kind: 'edited', edits })) },
  {
    weight: 2,
    arbitrary: fuzzValue
      .filter((value) => 'value' in value)
      .map((value): Answer => ({ kind: 'value', value })),
  },
)

/** The value a transport resolves with: edited values go through the wire format and back. */
function answered(answer: Answer, real: unknown): unknown {
  if (answer.kind === 'true') return real
  if (answer.kind === 'value') return materialize(answer.value)
  return parseJson(toWireText(applyEdits(real, answer.edits)))
}

describe('decoders called directly', { timeout: 120_000 }, () => {
  it('throw nothing but ResponseShapeError, whatever the value', () => {
    const tally = tallyOf('decoders')
    fc.assert(
      fc.property(
        fuzzValue,
        fc.constantFrom(...ENCODINGS),
        fc.constantFrom<U64Mode>('number', 'bigint'),
        (input, encoding, mode) => {
          for (const decode of [
            () =>
              decodeConfirmedTransaction(materialize(input), encoding, mode, {
                method: 'getTransaction',
              }),
            () =>
              decodeSignatureInfos(materialize(input), mode, { method: 'getSignaturesForAddress' }),
          ]) {
            try {
              decode()
              tally.result = (tally.result ?? 0) + 1
            } catch (error) {
              expect(error).toBeInstanceOf(ResponseShapeError)
              expectTypedError(error)
              tally[error.code] = (tally[error.code] ?? 0) + 1
            }
          }
          expect(guard.check()).toEqual([])
        },
      ),
      { numRuns: RUNS.decoders, seed: SEED },
    )
  })
})

type MethodCase = Readonly<{
  name: string
  call(client: Client<U64Mode>, pick: number): Promise<unknown>
}>

const signatureOf = (pick: number) => HISTORY[pick % HISTORY.length] as string
const encodingOf = (pick: number) =>
  ENCODINGS[(pick >> 5) % ENCODINGS.length] as TransactionEncoding

const METHOD_CASES: readonly MethodCase[] = [
  {
    name: 'getConfirmedTransaction',
    call: (client, pick) =>
      client.getConfirmedTransaction(signatureOf(pick), { encoding: encodingOf(pick) }),
  },
  {
    name: 'getTransaction',
    call: (client, pick) =>
      client.getTransaction(signatureOf(pick), {
        encoding: encodingOf(pick),
        maxSupportedTransactionVersion: 0,
      }),
  },
  {
    name: 'getConfirmedSignaturesForAddress2',
    call: (client, pick) => client.getConfirmedSignaturesForAddress2(ADDRESS, { limit: 1 + pick }),
  },
  {
    name: 'getSignaturesForAddress',
    call: (client, pick) => client.getSignaturesForAddress(ADDRESS, { limit: 1 + pick }),
  },
  {
    name: 'request',
    call: (client, pick) =>
      client.request('getTransaction', [signatureOf(pick), { maxSupportedTransactionVersion: 0 }]),
  },
]

describe('the client over a transport that resolves with fuzzed values', {
  timeout: 120_000,
}, () => {
  METHOD_CASES.forEach((method, index) => {
    it(`${method.name}: typed error or the exact result; the true result unchanged`, async () => {
      const tally = tallyOf(method.name)
      await fc.assert(
        fc.asyncProperty(
          answerArb,
          fc.constantFrom<U64Mode>('number', 'bigint'),
          fc.nat({ max: 255 }),
          async (answer, mode, pick) => {
            const client = createClient<U64Mode>({
              transport: fuzzTransport((_request, real) => answered(answer, real)),
              u64: mode,
              deprecationWarnings: false,
            })
            const settled = await settleWithin(method.call(client, pick), DEADLINE_MS)
            count(tally, settled)
            if (settled.kind === 'hang') throw new Error('the call did not settle')
            if (settled.kind === 'error') expectTypedError(settled.error)
            if (answer.kind === 'true') {
              const reference = createClient<U64Mode>({
                transport: ledger.transport,
                u64: mode,
                deprecationWarnings: false,
              })
              const expected = await settleWithin(method.call(reference, pick), DEADLINE_MS)
              expect(settled.kind).toBe(expected.kind)
              if (settled.kind === 'result' && expected.kind === 'result') {
                expect(sameJson(settled.value, expected.value)).toBe(true)
              }
            }
            expect(guard.check()).toEqual([])
          },
        ),
        { numRuns: RUNS.methods, seed: SEED + 7_919 * index },
      )
    })
  })
})

describe('the pager over a transport that resolves with fuzzed pages', { timeout: 120_000 }, () => {
  it('ends (typed error or entries without repeats) for any finite script of pages', async () => {
    const tally = tallyOf('signaturesForAddress')
    // `repeat`: the first page again, as from a node that ignores `before`.
    const pageAnswer = fc.oneof(
      { weight: 4, arbitrary: answerArb },
      { weight: 1, arbitrary: fc.constant('repeat' as const) },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(pageAnswer, { maxLength: 8 }),
        fc.integer({ min: 1, max: 30 }),
        async (answers, pageSize) => {
          let served = 0
          let first: unknown
          const transport = fuzzTransport((_request, real) => {
            first ??= real
            const answer = answers[served++]
            // After the script, the history ends: a finite history must give a finite walk.
            if (answer === undefined) return []
            return answer === 'repeat' ? structuredClone(first) : answered(answer, real)
          })
          const client = createClient({ transport, deprecationWarnings: false })
          const walk = pagerOf(client)(ADDRESS, { pageSize, pageRetryDelayMs: 1 })
          const settled = await settleWithin(collectWalk(walk), DEADLINE_MS)
          count(tally, settled)
          if (settled.kind === 'hang') throw new Error('the walk did not end')
          if (settled.kind === 'error') return expectTypedError(settled.error)
          const signatures = (settled.value as { signature: unknown }[]).map((e) => e.signature)
          expect(new Set(signatures).size).toBe(signatures.length)
          expect(guard.check()).toEqual([])
        },
      ),
      { numRuns: RUNS.pager, seed: SEED },
    )
  })

  it('walks the exact history when every page is true', async () => {
    const client = createClient({ transport: ledger.transport, deprecationWarnings: false })
    const entries = await collectWalk(pagerOf(client)(ADDRESS, { pageSize: 7 }))
    expect(entries.map((entry) => entry.signature)).toEqual(HISTORY)
  })
})
