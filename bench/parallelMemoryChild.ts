/**
 * Child process (run with --expose-gc): walks the whole history of `address` at `url` (a served
 * mock ledger) with `walker: rangeWalker({ parallel, order: 'oldest' })`, `repeats` times, reading the heap after a
 * full GC before each walk, `steps` times along the way and after the last; then the older half
 * of the history (`before` its middle entry: ranges of the same size, half as many) the same way,
 * twice as many times; then the whole history again keeping every entry in an array, which is
 * what reading it oldest first costs without the ranges (collect, then reverse).
 *
 * Input (IPC): `{ url, address, count, parallel, steps, repeats }`. Message:
 * `{ samples, end, half: { samples, count }, retained: { before, after }, digest, count }`,
 * where `samples` holds each walk's samples (the first of each, the heap before that walk), `end`
 * the heap once the whole walks are over, and `digest` the sha-256 of the signatures the first
 * walked, joined by `'\n'` (see `serveLedgerChild.ts`).
 */
import { createHash } from 'node:crypto'
import { createClient } from '../src/client'
import { rangeWalker } from '../src/ranges/rangeWalker'
import type { SignatureInfo } from '../src/schemas/SignatureInfo'
import { collectAndMeasure } from './support/collectAndMeasure'

type Input = {
  url: string
  address: string
  count: number
  parallel: number
  steps: number
  repeats: number
}
type HeapSample = { count: number; heapUsed: number }

process.once('disconnect', () => process.exit(0))
process.once('message', async (input: Input) => {
  const client = createClient({ url: input.url, u64: 'number', deprecationWarnings: false })
  const walker = rangeWalker({ parallel: input.parallel, order: 'oldest' })
  const walk = (before?: string) =>
    client.signaturesForAddress(input.address, {
      walker,
      ...(before === undefined ? {} : { before }),
    })
  const { steps } = input

  /**
   * Walks (from `before`, if given), calling `seen` on each entry, with the heap read before and
   * every `1 / steps` of the `expected` entries.
   */
  const sampled = async (
    expected: number,
    before: string | undefined,
    seen: (info: SignatureInfo<'number'>) => void,
  ) => {
    const step = Math.max(1, Math.floor(expected / steps))
    const samples: HeapSample[] = [{ count: 0, heapUsed: collectAndMeasure() }]
    let count = 0
    for await (const info of walk(before)) {
      seen(info)
      count++
      if (count % step === 0) samples.push({ count, heapUsed: collectAndMeasure() })
    }
    return { samples, count }
  }

  // A first walk, not measured: the code it compiles and the sockets its lanes open stay on the
  // heap, and would otherwise count as growth of the measured walk. It also finds the middle.
  let middleSignature: string | undefined
  const middle = Math.floor(input.count / 2)
  let index = 0
  for await (const info of walk()) {
    if (index++ === middle) middleSignature = info.signature
  }

  // Each walk `repeats` times: where the samples fall on the sawtooth of held ranges varies from
  // walk to walk, and the highest over several walks is the peak that matters. The first whole
  // walk is hashed as it goes (joined by '\n', as the oracle's digest), so that the check holds
  // nothing.
  const hash = createHash('sha256')
  let separator = ''
  const wholes: HeapSample[][] = []
  let count = 0
  for (let i = 0; i < input.repeats; i++) {
    const walked = await sampled(input.count, undefined, (info) => {
      if (i > 0) return
      hash.update(separator + info.signature)
      separator = '\n'
    })
    if (i === 0) count = walked.count
    wholes.push(walked.samples)
  }
  const end = collectAndMeasure()

  // The entries older than the middle one: `middle` of them. Twice as many walks, so that as
  // many ranges pass (as many teeth of the sawtooth) as in the whole walks: the highest of more
  // teeth is higher, which says nothing about the history's length.
  const halves: HeapSample[][] = []
  for (let i = 0; i < 2 * input.repeats; i++) {
    const half = await sampled(middle, middleSignature, () => undefined)
    if (half.count !== middle) throw new Error(`the half walk saw ${half.count} of ${middle}`)
    halves.push(half.samples)
  }

  const kept: SignatureInfo<'number'>[] = []
  const retainedBefore = collectAndMeasure()
  for await (const info of walk()) kept.push(info)
  const retainedAfter = collectAndMeasure()
  if (kept.length !== count) throw new Error(`the kept walk saw ${kept.length}`)

  process.send?.({
    samples: wholes,
    end,
    half: { samples: halves, count: middle },
    retained: { before: retainedBefore, after: retainedAfter },
    digest: hash.digest('hex'),
    count,
  })
})
