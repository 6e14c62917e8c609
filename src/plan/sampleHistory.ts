import type { MethodContext } from '../actions/ActionClient'
import { getSignaturesForAddress } from '../actions/getSignaturesForAddress'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { toHistoryOrder } from '../history/archivePage'
import { type BlockReader, createBlockReader, requestSlot } from '../ranges/createBlockReader'
import { askProviderMethod, judgeForeignCursor, shareAnswers } from '../ranges/probes'
import type { CursorTrust } from '../ranges/types'
import { requestProviderPage } from '../ranges/walkProviderPages'
import type { Commitment, U64Mode } from '../schemas/common'
import type { RpcTransport } from '../transport/types'
import { createDensityProfile, type DensityProfile, type SampledPage } from './densityProfile'

/** Entries a page asks for: the walks' own page size, so a sample is one of their pages. */
export const PAGE = 1000

/**
 * The most requests a plan sends. The sampler spends what the fixed requests leave on samples,
 * and checks this before each request, so that a plan never goes past it.
 * @internal
 */
export const PLAN_REQUESTS = 30

/** Samples across the slot range: each a block lookup and a page. */
const SAMPLES = 8

/** Slots tried below a sample's slot for a block with transactions (skipped or empty slots). */
const CURSOR_TRIES = 3

/** What the plan learned of the endpoint and the address. @internal */
export type HistorySample = Readonly<{
  /** The node's newest slot (`getSlot`) and first available block. */
  top: number
  bottom: number
  /** The address's newest page, and the signatures on it. */
  head: SampledPage
  headSignatures: readonly string[]
  profile: DensityProfile
  basis: 'exact' | 'sampled' | 'newest-pages'
  /**
   * The foreign-cursor probe's answer (see `judgeForeignCursor`), kept for the transport where it
   * is sure (`'any'`, `'none'`): a walk over it after the plan knows it and does not ask.
   */
  trust: CursorTrust
  /** Whether the samples read through block cursors came back as a node that reads them would. */
  readsCursors: boolean
  /** Whether the endpoint serves `getTransactionsForAddress`. */
  provider: boolean
  /**
   * The slots sampled through block cursors whose own block held no transaction (skipped or
   * empty): where a walk's boundary target is one, its search lists the blocks below.
   */
  missed: ReadonlySet<number>
}>

/**
 * What to sample: at most `samples` pages, at `targets` (the range walk's boundary targets, given
 * the newest page and the first available block) where there are two to `samples` of them, else
 * at points spread evenly below the newest page.
 * @internal
 */
type SampleOptions = Readonly<{
  samples?: number | undefined
  targets?: ((head: SampledPage, bottom: number) => readonly number[]) | undefined
}>

/** A transport that counts and times what the plan sends, and stops at its budget. @internal */
export type PlanMeter = Readonly<{
  context: MethodContext<U64Mode>
  sent: () => number
  left: () => number
  latencyMs: () => number
}>

/**
 * Wraps the client's transport: every request of the plan is counted and timed (its median is
 * the endpoint's latency); past `limit`, a request is not sent (the sampler asks `left()` first,
 * so this is a guard, not a path). The wrapper shares the client's probe answers (see
 * `shareAnswers`): a probe a walk already asked is not asked again, and one the plan asks is
 * counted here and known to the walks after it.
 * @internal
 */
export function meterRequests(context: MethodContext<U64Mode>, limit: number): PlanMeter {
  let sent = 0
  const durations: number[] = []
  const transport: RpcTransport = async (request, options) => {
    if (sent >= limit) throw new Error(`planWalk: more than ${limit} requests`)
    sent++
    const started = performance.now()
    try {
      return await context.transport(request, options)
    } finally {
      durations.push(performance.now() - started)
    }
  }
  shareAnswers(transport, context.transport)
  const latencyMs = () => {
    const sorted = [...durations].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)] ?? 0
  }
  return {
    context: { ...context, transport },
    sent: () => sent,
    left: () => limit - sent,
    latencyMs,
  }
}

type Base = Readonly<{ commitment: Commitment | undefined; signal: AbortSignal }>

const toPage = (hi: number, entries: readonly { slot: number | bigint }[], asked: number) => ({
  hi,
  slots: entries.map((entry) => Number(entry.slot)),
  complete: entries.length < asked,
})

/**
 * Reads an address's history at a few points (at most what `meter` leaves): the node's newest
 * slot and first available block, the newest page, and the range walker's own probes (whether
 * the endpoint serves the provider method, see `askProviderMethod`, and whether it reads a
 * foreign cursor, see `judgeForeignCursor`, built on the newest page), all at once, each probe
 * not asked where the transport's answer is known; then, unless the newest page held the whole
 * history, a page below each of the range walk's boundary targets (see `SampleOptions`): from
 * a block's first transaction as `before` where the endpoint reads such a cursor, else through
 * the provider method's slot filter, else (an archive without it) the pages after the newest,
 * one after another.
 * @internal
 */
export async function sampleHistory(
  meter: PlanMeter,
  address: string,
  base: Base,
  options: SampleOptions = {},
): Promise<HistorySample> {
  const samples = options.samples ?? SAMPLES
  const { context } = meter
  const commitment = base.commitment === undefined ? [] : [{ commitment: base.commitment }]
  const reader = createBlockReader(context, base.commitment, () => base.signal)
  const newest = readPage(context, address, base, undefined)
  newest.catch(() => undefined)
  const [top, bottom, headEntries, provider, trust] = await Promise.all([
    requestSlot(context, 'getSlot', commitment, base.signal),
    requestSlot(context, 'getFirstAvailableBlock', [], base.signal),
    newest,
    askProviderMethod(context, address, base.signal),
    judgeForeignCursor(context, address, base.commitment, reader, base.signal, newest),
  ])
  const head = toPage(Number(top), headEntries, PAGE)
  const span = {
    top: Number(top),
    bottom: Number(bottom),
    headSignatures: headEntries.map((entry) => entry.signature),
  }
  const missed = new Set<number>()
  if (head.complete) {
    const profile = createDensityProfile([head], span.top, span.bottom)
    return { ...span, head, profile, basis: 'exact', trust, readsCursors: true, provider, missed }
  }
  const lowest = head.slots.at(-1) ?? span.top
  const count = Math.min(samples, Math.floor(meter.left() / 2))
  const targets = options.targets?.(head, span.bottom) ?? []
  const points =
    targets.length >= 2 && targets.length <= count
      ? [...targets]
      : samplePoints(lowest, span.bottom, count)
  let pages: SampledPage[]
  let basis: HistorySample['basis'] = 'sampled'
  let readsCursors = trust === 'any' || trust === 'checked'
  if (readsCursors) {
    pages = await Promise.all(
      points.map((slot) => cursorSample(meter, reader, address, base, slot, missed)),
    )
    // An endpoint that answers a block cursor above entries with nothing does not read it
    // (an archive, where the probe could not tell): its empty pages say nothing.
    readsCursors = !pages.some((page, i) => page.slots.length === 0 && hasEntriesBelow(pages, i))
    if (!readsCursors) pages = pages.filter((page) => page.slots.length > 0)
  } else if (provider) {
    pages = await Promise.all(points.map((slot) => providerSample(context, address, base, slot)))
  } else {
    pages = await newestPages(meter, address, base, headEntries)
    basis = 'newest-pages'
  }
  // The pages after the newest go on where it stopped, inside its oldest slot: one page, whole.
  const read = basis === 'newest-pages' ? [joinPages(head, pages)] : [head, ...pages]
  const profile = createDensityProfile(read, span.top, span.bottom)
  return {
    ...span,
    head,
    profile,
    basis: profile.exact ? 'exact' : basis,
    trust,
    readsCursors,
    provider,
    missed,
  }
}

const hasEntriesBelow = (pages: readonly SampledPage[], index: number) =>
  pages.some(
    (page, i) => i !== index && page.hi < (pages[index] as SampledPage).hi && page.slots.length > 0,
  )

/** `count` slots from just below `from` down to near `bottom`, the last half a step above it. */
function samplePoints(from: number, bottom: number, count: number): number[] {
  if (count <= 0 || from - bottom < 2) return []
  const step = (from - bottom) / (count + 0.5)
  return Array.from({ length: count }, (_, i) => Math.round(from - step * (i + 1)))
}

async function readPage(
  context: MethodContext<U64Mode>,
  address: string,
  base: Base,
  before: string | undefined,
) {
  return toHistoryOrder(
    await getSignaturesForAddress(context, address, { ...base, before, limit: PAGE }),
  )
}

/**
 * The page below the first transaction of the block at `slot` (or a slot or two under it); `slot`
 * goes into `missed` where its block held no transaction.
 */
async function cursorSample(
  meter: PlanMeter,
  reader: BlockReader,
  address: string,
  base: Base,
  slot: number,
  missed: Set<number>,
): Promise<SampledPage> {
  for (let tried = 0; tried < CURSOR_TRIES && meter.left() > 1; tried++) {
    const at = slot - tried
    const signature = await reader.firstSignature(BigInt(at))
    if (signature === undefined) {
      if (tried === 0) missed.add(slot)
      continue
    }
    if (meter.left() === 0) break
    try {
      return toPage(at, await readPage(meter.context, address, base, signature), PAGE)
    } catch (error) {
      // An endpoint that refuses the cursor (-32020) does not read it: no sample here.
      if (!isConfirmedRpcError(error, 'RPC_ERROR')) throw error
      return { hi: at, slots: [], complete: false }
    }
  }
  return { hi: slot, slots: [], complete: false }
}

/** The page below `slot` through the provider method's slot filter. */
async function providerSample(
  context: MethodContext<U64Mode>,
  address: string,
  base: Base,
  slot: number,
): Promise<SampledPage> {
  const config = {
    transactionDetails: 'signatures',
    sortOrder: 'desc',
    limit: PAGE,
    filters: { slot: { lt: slot } },
    ...(base.commitment !== undefined && { commitment: base.commitment }),
  }
  const { page } = await requestProviderPage(context, address, config, base.signal)
  return toPage(slot - 1, page, PAGE)
}

/** Pages read one after another from `first` on, as one page. */
const joinPages = (first: SampledPage, rest: readonly SampledPage[]): SampledPage => ({
  hi: first.hi,
  slots: [first, ...rest].flatMap((page) => page.slots),
  complete: (rest.at(-1) ?? first).complete,
})

/** The pages after the newest, one after another, while the budget lasts or the history does. */
async function newestPages(
  meter: PlanMeter,
  address: string,
  base: Base,
  head: readonly { signature: string; slot: number | bigint }[],
): Promise<SampledPage[]> {
  const pages: SampledPage[] = []
  let last = head.at(-1)
  while (last !== undefined && meter.left() > 0) {
    const entries = await readPage(meter.context, address, base, last.signature)
    const page = toPage(Number(last.slot), entries, PAGE)
    pages.push(page)
    if (page.complete) break
    last = entries.at(-1)
  }
  return pages
}
