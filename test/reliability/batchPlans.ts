import fc from 'fast-check'
import type { Delivery } from '../support/loopbackServer'
import { applyEdits, awkwardValue, type Edit, editList } from './edits'

/** One change to the items of a batch answer. */
export type BatchOp =
  | Readonly<{ kind: 'drop'; index: number }>
  | Readonly<{ kind: 'duplicate'; index: number; edits: readonly Edit[] }>
  | Readonly<{ kind: 'reid'; index: number; id: unknown }>
  | Readonly<{ kind: 'swapIds'; index: number; other: number }>
  | Readonly<{ kind: 'replace'; index: number; value: unknown }>
  | Readonly<{ kind: 'edit'; index: number; edits: readonly Edit[] }>
  | Readonly<{ kind: 'extra'; value: unknown }>
  | Readonly<{ kind: 'reverse' }>

/** A fuzzed answer to a batch request. */
export type BatchPlan = Readonly<{
  status: number
  delivery: Delivery
  ops: readonly BatchOp[]
  /** Answer with the first item alone instead of an array. */
  single: boolean
}>

const index = fc.nat({ max: 7 })

const batchOp: fc.Arbitrary<BatchOp> = fc.oneof(
  index.map((i): BatchOp => ({ kind: 'drop', index: i })),
  fc
    .record({ index, edits: fc.oneof(fc.constant([]), editList) })
    .map((op): BatchOp => ({ kind: 'duplicate', ...op })),
  fc
    .record({ index, id: fc.oneof(fc.constantFrom<unknown>(null, 0, 1, 2, '1', 99), awkwardValue) })
    .map((op): BatchOp => ({ kind: 'reid', ...op })),
  fc.record({ index, other: index }).map((op): BatchOp => ({ kind: 'swapIds', ...op })),
  fc.record({ index, value: awkwardValue }).map((op): BatchOp => ({ kind: 'replace', ...op })),
  fc.record({ index, edits: editList }).map((op): BatchOp => ({ kind: 'edit', ...op })),
  awkwardValue.map((value): BatchOp => ({ kind: 'extra', value })),
  fc.constant<BatchOp>({ kind: 'reverse' }),
)

/** Mostly 200 with a whole body; sometimes a refusal or a cut. */
export const batchPlan: fc.Arbitrary<BatchPlan> = fc.record({
  status: fc.oneof(
    { weight: 8, arbitrary: fc.constant(200) },
    { weight: 2, arbitrary: fc.constantFrom(400, 413, 429, 500, 503) },
  ),
  delivery: fc.oneof(
    { weight: 8, arbitrary: fc.constant<Delivery>({ kind: 'whole' }) },
    {
      weight: 1,
      arbitrary: fc
        .double({ min: 0, max: 1, noNaN: true })
        .map((keep): Delivery => ({ kind: 'reset', keep })),
    },
    { weight: 1, arbitrary: fc.constant<Delivery>({ kind: 'chunks', pieces: 3 }) },
  ),
  ops: fc.array(batchOp, { maxLength: 4 }),
  single: fc.boolean(),
})

type Item = Record<string, unknown>

function setId(item: unknown, id: unknown): void {
  if (typeof item === 'object' && item !== null) {
    Object.defineProperty(item, 'id', { value: id, enumerable: true, writable: true })
  }
}

/** Applies the plan's changes to the true batch answer. */
export function editBatch(items: readonly unknown[], plan: BatchPlan): unknown {
  let out: unknown[] = structuredClone([...items])
  for (const op of plan.ops) {
    const at = op.kind === 'extra' || op.kind === 'reverse' ? 0 : op.index % Math.max(out.length, 1)
    switch (op.kind) {
      case 'drop':
        out.splice(at, 1)
        break
      case 'duplicate':
        if (out.length > 0) out.push(applyEdits(out[at], op.edits))
        break
      case 'reid':
        setId(out[at], op.id)
        break
      case 'swapIds': {
        const other = out[op.other % Math.max(out.length, 1)]
        const first = out[at] as Item | undefined
        if (first !== undefined && other !== undefined) {
          const id = first.id
          setId(first, (other as Item).id)
          setId(other, id)
        }
        break
      }
      case 'replace':
        if (out.length > 0) out[at] = structuredClone(op.value)
        break
      case 'edit':
        if (out.length > 0) out[at] = applyEdits(out[at], op.edits)
        break
      case 'extra':
        out.push(structuredClone(op.value))
        break
      case 'reverse':
        out = out.reverse()
        break
    }
  }
  return plan.single ? (out[0] ?? null) : out
}
