import { createHash } from 'node:crypto'
import type { CoverageRange, CoverageRecord } from '../../coverage/coverageRecord'
import { type Client, isConfirmedRpcError } from '../../index'
import type { CoverageHole, RecheckReport } from './types'

/** What a re-check adds to an output's verdict. */
type Recheck = Readonly<{
  report: RecheckReport
  holes: readonly CoverageHole[]
}>

/**
 * Which proven ranges to ask for again: all, or `sample` of them spread evenly from the first to
 * the last (the newest and the oldest always among them: the ends are where a walk goes wrong).
 */
function pickRanges(proven: number, sample: number | 'all'): number[] {
  if (sample === 'all' || sample >= proven) return Array.from({ length: proven }, (_, i) => i)
  if (sample <= 1) return proven === 0 ? [] : [0]
  const picked = new Set<number>()
  for (let i = 0; i < sample; i++) picked.add(Math.round((i * (proven - 1)) / (sample - 1)))
  return [...picked]
}

/**
 * Asks the node again for some of a record's proven ranges (see {@link pickRanges}) and compares
 * what it lists there with the record: the count and the digest of the signatures. A range is
 * walked between the record's neighbouring entries (`before` the last entry ahead of it in the
 * output, `until` the first one after it; an end of the record walks from the head, or down to
 * the first transaction, which re-proves that end), keeping the entries in its slots. A wallet's
 * record is not re-checked: its entries come from many addresses.
 */
export async function recheckOutput(
  client: Client<'bigint'>,
  record: CoverageRecord,
  sample: number | 'all',
): Promise<Recheck> {
  const proven = record.ranges.flatMap((range, index) => (range.proven ? [index] : []))
  if (record.wallet === true) {
    const note = "a wallet's record is not re-checked (its entries come from many addresses)"
    return { report: { ranges: proven.length, asked: 0, matched: 0, note }, holes: [] }
  }
  const holes: CoverageHole[] = []
  let matched = 0
  const picked = pickRanges(proven.length, sample)
  for (const at of picked) {
    const index = proven[at] as number
    const range = record.ranges[index] as CoverageRange
    const reason = await compareRange(client, record, index)
    if (reason === undefined) {
      matched++
      continue
    }
    holes.push({ fromSlot: range.fromSlot, toSlot: range.toSlot, reason: `re-check: ${reason}` })
  }
  return { report: { ranges: proven.length, asked: picked.length, matched }, holes }
}

/**
 * How what the node lists in range `index` differs from the record; `undefined` when it does
 * not. A node that does not know a recorded entry next to the range has another history there.
 */
async function compareRange(
  client: Client<'bigint'>,
  record: CoverageRecord,
  index: number,
): Promise<string | undefined> {
  const range = record.ranges[index] as CoverageRange
  let listed: string[]
  try {
    listed = await listRange(client, record, index)
  } catch (error) {
    if (!isConfirmedRpcError(error, 'CURSOR_NOT_FOUND')) throw error
    return `the node does not know ${error.context.cursor}, the recorded entry next to these slots`
  }
  const digest = createHash('sha256')
  for (const signature of listed) digest.update(`${signature}\n`)
  if (listed.length !== range.entries) {
    return `the node lists ${listed.length} entries there, the record ${range.entries}`
  }
  if (digest.digest('hex') !== range.signatures) {
    return "the node lists other signatures there than the record's"
  }
  return undefined
}

/** The signatures the node lists in the slots of range `index`, in the output's order. */
async function listRange(
  client: Client<'bigint'>,
  record: CoverageRecord,
  index: number,
): Promise<string[]> {
  const { ranges, order } = record
  const range = ranges[index] as CoverageRange
  const low = BigInt(range.fromSlot)
  const high = BigInt(range.toSlot)
  // The nearest recorded entries around the range, in output order.
  const ahead =
    ranges
      .slice(0, index)
      .reverse()
      .find((other) => other.last !== null)?.last ?? undefined
  const after = ranges.slice(index + 1).find((other) => other.first !== null)?.first ?? undefined
  const [before, until] = order === 'newest' ? [ahead, after] : [after, ahead]
  const walk = client.signaturesForAddress(record.address, {
    before,
    until,
    commitment: record.commitment,
    pageSize: 1000,
  })
  const listed: string[] = []
  for await (const info of walk) {
    const slot = BigInt(info.slot)
    if (slot < low) break
    if (slot <= high) listed.push(info.signature)
  }
  return order === 'newest' ? listed : listed.reverse()
}
