import fc from 'fast-check'
import type { Delivery } from '../support/loopbackServer'
import { awkwardValue, type Edit, editList } from './edits'

/** What the body of a single (non-batch) answer is made of. */
export type BodySpec =
  /** The mock ledger's true answer, edited (no edits: the true answer as is). */
  | Readonly<{ kind: 'ledger'; edits: readonly Edit[] }>
  /** A well-formed envelope for the request's id with any `result`. */
  | Readonly<{ kind: 'result'; value: unknown }>
  /** An `error` member, well-formed or not, with the given `id` choice. */
  | Readonly<{
      kind: 'error'
      code: unknown
      message: unknown
      data: unknown
      withData: boolean
      id: 'echo' | 'null' | 'other'
    }>
  /** Any JSON document as the whole body. */
  | Readonly<{ kind: 'document'; value: unknown }>
  /** Text that is not JSON: an HTML page, a proxy message, JSON with junk. */
  | Readonly<{ kind: 'text'; text: string }>
  | Readonly<{ kind: 'bytes'; bytes: Uint8Array }>
  /** The true answer cut at a fraction of its length. */
  | Readonly<{ kind: 'truncated'; keep: number }>
  /** The true answer with a different `id`. */
  | Readonly<{ kind: 'id'; id: unknown }>
  /** Something enormous or deep, at one place of the envelope. */
  | Readonly<{
      kind: 'big'
      shape: 'string' | 'array' | 'deep' | 'wide'
      where: 'result' | 'data' | 'id' | 'extra'
      size: number
    }>

/** Everything about one fuzzed answer. */
export type ReplyPlan = Readonly<{
  status: number
  headers: Readonly<Record<string, string>>
  body: BodySpec
  delivery: Delivery
}>

const HTML_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502</h1></body></html>'

const notJson = fc.oneof(
  fc.constantFrom(
    HTML_PAGE,
    '',
    ' ',
    '\ufeff',
    'null',
    'undefined',
    'NaN',
    '{"jsonrpc":"2.0","id":1,"result":NaN}',
    '{"jsonrpc":"2.0","id":1,"result":Infinity}',
    "{'jsonrpc':'2.0'}",
    '{"jsonrpc":"2.0","id":1,"result":1}}',
    '{"jsonrpc":"2.0","id":1,"result":1} trailing',
    '{"jsonrpc":"2.0","id":1,"result":"\\ud800\\x"}',
    '[',
    ']',
    '{"a":',
    'upstream connect error or disconnect/reset before headers. reset reason: overflow',
    'Too Many Requests',
  ),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
)

const bodySpec: fc.Arbitrary<BodySpec> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<BodySpec>({ kind: 'ledger', edits: [] }) },
  { weight: 10, arbitrary: editList.map((edits): BodySpec => ({ kind: 'ledger', edits })) },
  {
    weight: 3,
    arbitrary: fc.oneof(awkwardValue, fc.jsonValue()).map(
      (value): BodySpec => ({
        kind: 'result',
        value,
      }),
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        code: fc.oneof(
          fc.constantFrom(-32601, -32602, -32005, -32019, -32015, -32020, 429, -32600, -32700),
          fc.integer(),
          awkwardValue,
        ),
        message: fc.oneof(fc.string({ maxLength: 60 }), awkwardValue),
        data: awkwardValue,
        withData: fc.boolean(),
        id: fc.constantFrom<'echo' | 'null' | 'other'>('echo', 'null', 'other'),
      })
      .map((fields): BodySpec => ({ kind: 'error', ...fields })),
  },
  { weight: 2, arbitrary: fc.jsonValue().map((value): BodySpec => ({ kind: 'document', value })) },
  { weight: 3, arbitrary: notJson.map((text): BodySpec => ({ kind: 'text', text })) },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 2_000 })
      .map((bytes): BodySpec => ({ kind: 'bytes', bytes })),
  },
  {
    weight: 2,
    arbitrary: fc
      .double({ min: 0, max: 1, noNaN: true })
      .map((keep): BodySpec => ({ kind: 'truncated', keep })),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom<unknown>(null, 0, -1, '1', 2 ** 53, 1.5, true, [], {}, [1]),
        awkwardValue,
      )
      .map((id): BodySpec => ({ kind: 'id', id })),
  },
)

/** Enormous and deep bodies: a separate, smaller run (each costs megabytes). */
export const bigBodySpec: fc.Arbitrary<BodySpec> = fc
  .record({
    shape: fc.constantFrom<'string' | 'array' | 'deep' | 'wide'>('string', 'array', 'deep', 'wide'),
    where: fc.constantFrom<'result' | 'data' | 'id' | 'extra'>('result', 'data', 'id', 'extra'),
    scale: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ shape, where, scale }): BodySpec => {
    // Strings reach past the fuzz client's 4 MiB cap; the others stay under it.
    const max = { string: 6_000_000, array: 400_000, deep: 100_000, wide: 50_000 }[shape]
    return { kind: 'big', shape, where, size: Math.max(1, Math.floor(scale * max)) }
  })

const statusArb = fc.oneof(
  { weight: 17, arbitrary: fc.constant(200) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(201, 204, 206, 299, 301, 304, 400, 401, 403, 404, 408, 413, 429),
  },
  { weight: 3, arbitrary: fc.constantFrom(500, 502, 503, 504, 520, 599) },
)

const headerArb = fc
  .record(
    {
      'content-type': fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/html',
        'text/plain; charset=utf-16',
        'application/octet-stream',
      ),
      // Only values that cost no real wait: the server may ask for up to 60 s otherwise.
      'retry-after': fc.constantFrom(
        '0',
        '0.005',
        'soon',
        '-1',
        '1e3',
        '',
        'Thu, 01 Jan 1970 00:00:00 GMT',
      ),
      'x-fuzz': fc.stringMatching(/^[A-Za-z0-9 ._~-]{0,40}$/),
    },
    { requiredKeys: [] },
  )
  .map((headers) => headers as Record<string, string>)

const deliveryArb: fc.Arbitrary<Delivery> = fc.oneof(
  { weight: 30, arbitrary: fc.constant<Delivery>({ kind: 'whole' }) },
  {
    weight: 6,
    arbitrary: fc
      .integer({ min: 2, max: 6 })
      .map((pieces): Delivery => ({ kind: 'chunks', pieces })),
  },
  {
    weight: 2,
    arbitrary: fc
      .double({ min: 0, max: 1, noNaN: true })
      .map((keep): Delivery => ({ kind: 'reset', keep })),
  },
  { weight: 1, arbitrary: fc.constant<Delivery>({ kind: 'drop' }) },
  { weight: 1, arbitrary: fc.constant<Delivery>({ kind: 'trickle' }) },
  { weight: 1, arbitrary: fc.constant<Delivery>({ kind: 'hang' }) },
  { weight: 1, arbitrary: fc.constant<Delivery>({ kind: 'declaredHuge' }) },
  {
    weight: 2,
    arbitrary: fc.boolean().map((valid): Delivery => ({ kind: 'gzip', valid })),
  },
)

/** A fuzzed answer to a single call. */
export const replyPlan: fc.Arbitrary<ReplyPlan> = fc.record({
  status: statusArb,
  headers: headerArb,
  body: bodySpec,
  delivery: deliveryArb,
})

/** A fuzzed answer with an enormous or deep body, delivered whole with status 200. */
export const bigReplyPlan: fc.Arbitrary<ReplyPlan> = bigBodySpec.map(
  (body): ReplyPlan => ({ status: 200, headers: {}, body, delivery: { kind: 'whole' } }),
)

/**
 * Whether a plan may make the client wait for its time limit (the fuzz client then gets a short
 * one). `declaredHuge` is one with node-fetch, for an error page: see wireOutcome.
 */
export function isSlowDelivery(delivery: Delivery): boolean {
  return delivery.kind === 'trickle' || delivery.kind === 'hang' || delivery.kind === 'declaredHuge'
}
