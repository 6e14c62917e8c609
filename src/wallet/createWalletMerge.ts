import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { TokenAccountListing } from './listTokenAccounts'
import { orderSlot } from './orderSlot'
import type {
  Buffered,
  SourceKind,
  WalletCheckpoint,
  WalletPlan,
  WalletSource,
  WalletSourceCheckpoint,
} from './types'

/** Where a merge starts: read from a checkpoint, or a new walk's addresses. @internal */
type MergeStart = Readonly<{
  /** Whether it continues a walk that had started (its addresses are the checkpoint's). */
  resumed: boolean
  /** S0; on the provider path, undefined until the first page. */
  upperSlot: bigint | undefined
  sources: readonly Readonly<{
    address: string
    kind: SourceKind
    start: string | undefined
    before: string | undefined
    walked: boolean
  }>[]
  /** Where the resumed walk stood: every slot above was handed out, and `inSlot` of this one. */
  above: bigint | undefined
  inSlot: readonly string[]
  remaining: number | undefined
  done: boolean
  /** Still dropping entries down to `plan.skipThrough` (a new walk with `before`). */
  skipping: boolean
}>

const fresh = (address: string, kind: SourceKind) =>
  ({ address, kind, start: undefined, before: undefined, walked: false }) as const

/**
 * The one reader of the checkpoint format: `from` continues where it stood once it holds S0 (its
 * addresses, its hand-out position); else the walk starts anew from `listing` (the owner first,
 * then the accounts listed) or, with `provider`, from the provider's one stream, keeping the
 * `remaining` and `done` of `from` (a walk not yet iterated). @internal
 */
export function readStart(
  plan: WalletPlan,
  from: WalletCheckpoint | undefined,
  opened: Readonly<{ provider?: boolean; listing?: TokenAccountListing | undefined }>,
): MergeStart {
  if (from?.upperSlot !== undefined) {
    const owner = from.provider === true ? 'provider' : 'owner'
    const kindOf = (source: WalletSourceCheckpoint) =>
      source.kind === 'owner' ? owner : source.kind
    return {
      resumed: true,
      upperSlot: BigInt(from.upperSlot),
      sources: from.sources.map((source) => ({
        address: source.address,
        kind: kindOf(source),
        start: source.start,
        before: source.before,
        // The provider's stream ends where the walk does: checkpoints written before this merge
        // marked it done where `limit` stopped the walk, with entries left.
        walked: kindOf(source) !== 'provider' && source.done,
      })),
      above: from.emittedAbove === undefined ? undefined : BigInt(from.emittedAbove),
      inSlot: from.emittedInSlot ?? [],
      remaining: from.remaining,
      done: from.done,
      skipping: false,
    }
  }
  const listed = new Set(opened.listing?.accounts ?? [])
  listed.delete(plan.owner)
  return {
    resumed: false,
    upperSlot: opened.listing?.slot,
    sources: [
      fresh(plan.owner, opened.provider === true ? 'provider' : 'owner'),
      ...[...listed].map((address) => fresh(address, 'listed')),
    ],
    above: undefined,
    inSlot: [],
    remaining: from === undefined ? plan.limit : from.remaining,
    done: from?.done ?? false,
    // The provider is asked from below `before` itself.
    skipping: plan.skipThrough !== undefined && opened.provider !== true,
  }
}

/**
 * The exact merge of a wallet's addresses (docs/wallet-history.md), as a state with named
 * transitions: the walk (`walkWallet`) asks the addresses it names, tells it what came back and
 * what each owner transaction revealed, and hands out what it releases. Only these transitions
 * write it; what it returns is read-only. @internal
 */
export type WalletMerge<TMode extends U64Mode> = Readonly<{
  /** Every address, the owner first, in discovery order. */
  sources(): readonly WalletSource[]
  /** S0: nothing above it belongs to the walk. */
  upperSlot(): bigint | undefined
  /**
   * Where a new walk of `source` starts reading: below its `before`, or from its newest entry
   * while it still drops everything down to its start (a discovered account; see `arrived`).
   */
  readFrom(source: WalletSource): string | undefined
  /**
   * The addresses to ask for a page now: those at the cut (their floor is the cut, or they have
   * none yet), new ones, and, while the buffer has room, those below (every page of every address
   * is needed in the end; only `limit` stops early).
   */
  due(): readonly WalletSource[]
  /** A page of `source` was asked for. */
  fetching(source: WalletSource): void
  /**
   * A page of `source` came: its entries join the buffer (owner entries wait to be inspected);
   * `undefined` or empty: the address has nothing more, or, for a discovered address whose start
   * never came (a node behind the pool?), its walk starts again from the start. Returns the
   * entries new to the buffer (not handed out before).
   */
  arrived(
    source: WalletSource,
    page: readonly SignatureInfo<TMode>[] | undefined,
  ): Buffered<TMode>[]
  /** Owner entries not yet inspected, in the owner's order (newest first). */
  uninspected(): readonly Buffered<TMode>[]
  /**
   * The first uninspected owner entry was read: each account it attributes to the wallet and
   * not yet walked becomes a discovered address, walked from this transaction, d(a), down.
   */
  inspected(entry: Buffered<TMode>, accounts: ReadonlySet<string>): void
  /** The entries above the cut, in the walk's order, out of the buffer (once each). */
  take(): Buffered<TMode>[]
  /** The entries of `taken` to hand out: past `before` (the others handed out unseen), within `limit`. */
  select(taken: readonly Buffered<TMode>[]): { entry: Buffered<TMode>; yielded: boolean }[]
  /** `entry` was handed out (or passed over for `before`): its addresses continue below it. */
  handOut(entry: Buffered<TMode>, yielded: boolean): void
  /** Entries `limit` still allows; undefined without one. */
  remaining(): number | undefined
  /** Whether every address is walked and every entry handed out. */
  finished(): boolean
  /** The walk reached its end (or `limit`). */
  finish(): void
  /** Where the walk stands, in the one checkpoint format. */
  checkpoint(): WalletCheckpoint
}>

/** An address as the merge keeps it. */
type Source = { -readonly [K in keyof WalletSource]: WalletSource[K] } & {
  /** Dropping entries down to this signature (a discovered address read from its newest entry). */
  skipThrough: string | undefined
  /** Entries of it buffered and not handed out. */
  pending: number
  /** Entries fetched so far: each entry's position in this address's order. */
  fetched: number
}

/** A buffered entry as the merge keeps it. */
type Entry<TMode extends U64Mode> = Readonly<{
  info: SignatureInfo<TMode>
  slot: bigint
  sources: Set<Source>
  positions: Map<number, number>
  dropped: boolean
}>

/**
 * The cut E: `none` while an address has no floor yet (nothing can go), `all` once nothing is
 * left to walk (everything can), else the slot at or below which an entry may still be missing
 * an address.
 */
type Cut = bigint | 'none' | 'all'

/** Whether cut `a` lies below cut `b`. */
function lower(a: Cut, b: Cut): boolean {
  if (a === b || a === 'none' || b === 'all') return false
  return b === 'none' || a === 'all' || a < b
}

/** The merge's state: see `createWalletMerge`. */
type MergeState<TMode extends U64Mode> = {
  readonly plan: WalletPlan
  upperSlot: bigint | undefined
  readonly sources: Source[]
  readonly byAddress: Map<string, Source>
  readonly buffer: Map<string, Entry<TMode>>
  /** Owner entries to inspect, in the owner's order. */
  readonly inspections: Entry<TMode>[]
  /** Hand-out position: every slot above is handed out; `inSlot` holds those of this slot. */
  above: bigint | undefined
  inSlot: Set<string>
  /** Resume filter: entries above this slot, or in `resumeInSlot`, were handed out before. */
  readonly resumeAbove: bigint | undefined
  readonly resumeInSlot: ReadonlySet<string>
  remaining: number | undefined
  skipping: boolean
  done: boolean
  /** The cut the buffer was last taken at (it only moves down). */
  taken: Cut
  /** An entry came above `taken` (the provider's stream): the buffer is taken again. */
  arrivedAbove: boolean
}

function addSource<TMode extends U64Mode>(
  state: MergeState<TMode>,
  from: MergeStart['sources'][number],
  floor: bigint | undefined,
): Source {
  const { address, kind, start, before, walked } = from
  const source: Source = {
    address,
    kind,
    rank: state.sources.length,
    start,
    before,
    phase: walked ? 'walked' : 'new',
    floor,
    // Read from its newest entry: a short first page then ends it at once, where a walk from its
    // start may meet an empty page, checked `emptyPageChecks` times.
    skipThrough: kind === 'discovered' && before === start ? start : undefined,
    pending: 0,
    fetched: 0,
  }
  state.sources.push(source)
  state.byAddress.set(address, source)
  return source
}

function join<TMode extends U64Mode>(entry: Entry<TMode>, source: Source, position: number): void {
  if (entry.sources.has(source)) return
  entry.sources.add(source)
  entry.positions.set(source.rank, position)
  if (!entry.dropped) source.pending++
}

/**
 * The cut: the highest slot an address still walked could list an unfetched entry at (its floor,
 * the slot of its last fetched entry) or an owner transaction not yet inspected could reveal a
 * new address at. The provider's stream is the walk's order by itself: what it lists next comes
 * after all it listed, so its last slot need not wait.
 */
function cut<TMode extends U64Mode>(state: MergeState<TMode>): Cut {
  let edge: bigint | undefined
  for (const source of state.sources) {
    if (source.phase === 'walked') continue
    if (source.floor === undefined) return 'none'
    const floor = source.kind === 'provider' ? source.floor - 1n : source.floor
    if (edge === undefined || floor > edge) edge = floor
  }
  // Owner entries wait in the owner's order, newest first: the first is the highest.
  const next = state.inspections[0]
  if (next !== undefined && (edge === undefined || next.slot > edge)) edge = next.slot
  return edge ?? 'all'
}

/**
 * Takes every buffered entry strictly above `edge`, newest first. Entries a resumed walk handed
 * out before are dropped here, before a slot is ordered: the rest of a slot then keeps the order
 * it had in the walk that was stopped (see `orderSlot`).
 */
function takeAbove<TMode extends U64Mode>(state: MergeState<TMode>, edge: Cut): Entry<TMode>[] {
  const bySlot = new Map<bigint, Entry<TMode>[]>()
  for (const [signature, entry] of state.buffer) {
    if (edge === 'none' || (edge !== 'all' && entry.slot <= edge)) continue
    state.buffer.delete(signature)
    if (entry.dropped) continue
    const slot = bySlot.get(entry.slot)
    if (slot === undefined) bySlot.set(entry.slot, [entry])
    else slot.push(entry)
  }
  // One stream (the provider's) is in the walk's order as it came.
  const ordered = state.sources[0]?.kind === 'provider'
  return [...bySlot.keys()]
    .sort((a, b) => (a === b ? 0 : a < b ? 1 : -1))
    .flatMap((slot) => {
      const entries = bySlot.get(slot) ?? []
      return ordered ? entries : (orderSlot(entries) as Entry<TMode>[])
    })
}

/** Buffers an entry first listed now; found under the owner, it waits to be inspected. */
function bufferEntry<TMode extends U64Mode>(
  state: MergeState<TMode>,
  info: SignatureInfo<TMode>,
  slot: bigint,
): Entry<TMode> {
  const above = state.resumeAbove
  const dropped =
    above !== undefined &&
    (slot > above || (slot === above && state.resumeInSlot.has(info.signature)))
  const entry = { info, slot, sources: new Set<Source>(), positions: new Map(), dropped }
  state.buffer.set(info.signature, entry)
  if (typeof state.taken === 'bigint' && slot > state.taken) state.arrivedAbove = true
  return entry
}

/** See `WalletMerge.arrived`. */
function arrived<TMode extends U64Mode>(
  state: MergeState<TMode>,
  source: Source,
  page: readonly SignatureInfo<TMode>[] | undefined,
): Entry<TMode>[] {
  if (page === undefined || page.length === 0) {
    // A discovered address whose start never came is read again from the start.
    source.phase = source.skipThrough === undefined ? 'walked' : 'new'
    source.skipThrough = undefined
    return []
  }
  source.phase = 'idle'
  const added: Entry<TMode>[] = []
  for (const info of page) {
    if (source.skipThrough !== undefined) {
      // Above its start: not in its range, and its floor stays at the start's slot.
      if (info.signature === source.skipThrough) source.skipThrough = undefined
      continue
    }
    const slot = BigInt(info.slot)
    source.floor = slot
    const position = source.fetched++
    // The provider path's S0 is the slot of its first entry.
    state.upperSlot ??= slot
    if (slot > state.upperSlot) continue
    let entry = state.buffer.get(info.signature)
    if (entry === undefined) {
      entry = bufferEntry(state, info, slot)
      if (!entry.dropped) added.push(entry)
    }
    // Every owner transaction is read for discovery, also one a token account listed first (a
    // short page of the owner's ends above it): it may attribute an account it is the d(a) of.
    if (source.kind === 'owner' && !entry.dropped && !entry.sources.has(source)) {
      state.inspections.push(entry)
    }
    join(entry, source, position)
  }
  return added
}

/** See `WalletMerge.inspected`. */
function inspected<TMode extends U64Mode>(
  state: MergeState<TMode>,
  entry: Buffered<TMode>,
  accounts: ReadonlySet<string>,
): void {
  const head = state.inspections[0]
  if (head === undefined || head !== entry) {
    throw new Error('walletHistory: owner transactions inspected out of order')
  }
  state.inspections.shift()
  const start = head.info.signature
  for (const address of [...accounts].sort()) {
    const source =
      state.byAddress.get(address) ??
      // Its range starts at this transaction: nothing of it lies above this slot.
      addSource(
        state,
        { address, kind: 'discovered', start, before: start, walked: false },
        head.slot,
      )
    if (source.kind === 'discovered' && source.start === start) join(head, source, -1)
  }
}

/** See `WalletMerge.select`. */
function select<TMode extends U64Mode>(
  state: MergeState<TMode>,
  taken: readonly Buffered<TMode>[],
): { entry: Buffered<TMode>; yielded: boolean }[] {
  const out: { entry: Buffered<TMode>; yielded: boolean }[] = []
  let budget = state.remaining ?? Number.POSITIVE_INFINITY
  let skipping = state.skipping
  for (const entry of taken) {
    if (skipping) {
      skipping = entry.info.signature !== state.plan.skipThrough
      out.push({ entry, yielded: false })
      continue
    }
    if (budget <= 0) break
    budget--
    out.push({ entry, yielded: true })
  }
  return out
}

/** See `WalletMerge.handOut`. */
function handOut<TMode extends U64Mode>(
  state: MergeState<TMode>,
  entry: Buffered<TMode>,
  yielded: boolean,
): void {
  const signature = entry.info.signature
  for (const { address } of entry.sources) {
    const source = state.byAddress.get(address) as Source
    source.before = signature
    source.pending--
  }
  if (state.above !== entry.slot) state.inSlot = new Set()
  state.above = entry.slot
  state.inSlot.add(signature)
  if (!yielded) {
    if (signature === state.plan.skipThrough) state.skipping = false
  } else if (state.remaining !== undefined) state.remaining--
}

/** See `WalletMerge.checkpoint`: the one writer of the format `readStart` reads. */
function checkpointOf<TMode extends U64Mode>(state: MergeState<TMode>): WalletCheckpoint {
  const { plan, above, upperSlot } = state
  const provider = state.sources[0]?.kind === 'provider'
  return {
    version: 1,
    owner: plan.owner,
    commitment: plan.commitment,
    done: state.done,
    remaining: state.remaining,
    upperSlot: upperSlot === undefined ? undefined : String(upperSlot),
    emittedAbove: above === undefined ? undefined : String(above),
    emittedInSlot: above === undefined ? undefined : [...state.inSlot],
    sources: state.sources.map((source) => ({
      address: source.address,
      // The provider's stream is the owner's cursor there.
      kind: source.kind === 'provider' ? 'owner' : source.kind,
      start: source.start,
      before: source.before,
      done: source.phase === 'walked' && source.pending === 0,
    })),
    ...(provider && { provider: true }),
  }
}

/**
 * The merge of one walk from `start` (see `WalletMerge`); its states: each address `new`,
 * `idle`, `fetching` or `walked` with its floor and cursor; each entry buffered (owner entries
 * also queued for inspection) until the cut passes it, then handed out; the walk's hand-out
 * position, `remaining` and `done`.
 * @internal
 */
export function createWalletMerge<TMode extends U64Mode>(
  plan: WalletPlan,
  start: MergeStart,
): WalletMerge<TMode> {
  const state: MergeState<TMode> = {
    plan,
    upperSlot: start.upperSlot,
    sources: [],
    byAddress: new Map(),
    buffer: new Map(),
    inspections: [],
    above: start.above,
    inSlot: new Set(start.inSlot),
    resumeAbove: start.above,
    resumeInSlot: new Set(start.inSlot),
    remaining: start.remaining,
    skipping: start.skipping,
    done: start.done,
    taken: 'none',
    arrivedAbove: false,
  }
  for (const source of start.sources) addSource(state, source, undefined)
  const own = (source: WalletSource) => state.byAddress.get(source.address) as Source
  return {
    sources: () => state.sources,
    upperSlot: () => state.upperSlot,
    readFrom: (source) => (own(source).skipThrough === undefined ? source.before : undefined),
    due() {
      const edge = cut(state)
      const room = state.buffer.size < plan.pageSize * 4
      return state.sources.filter(({ phase, floor }) => {
        if (phase === 'walked' || phase === 'fetching') return false
        const atCut = floor === undefined || (typeof edge === 'bigint' && floor >= edge)
        return phase === 'new' || room || atCut
      })
    },
    fetching(source) {
      own(source).phase = 'fetching'
    },
    arrived: (source, page) => arrived(state, own(source), page),
    uninspected: () => state.inspections,
    inspected: (entry, accounts) => inspected(state, entry, accounts),
    take() {
      const edge = cut(state)
      if (lower(edge, state.taken)) state.taken = edge
      else if (!state.arrivedAbove) return []
      state.arrivedAbove = false
      return takeAbove(state, state.taken)
    },
    select: (taken) => select(state, taken),
    handOut: (entry, yielded) => handOut(state, entry, yielded),
    remaining: () => state.remaining,
    finished: () => cut(state) === 'all' && state.buffer.size === 0,
    finish() {
      state.done = true
    },
    checkpoint: () => checkpointOf(state),
  }
}
