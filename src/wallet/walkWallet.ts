import type { MethodContext } from '../actions/ActionClient'
import { invalidParam } from '../errors/ConfirmedRpcError'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { createLimiter } from '../shared/limiter'
import { createSignalGroup, rotateSignals } from '../shared/signals'
import { attributeAccounts, providerSources } from './attributeAccounts'
import { createWalletMerge, readStart, type WalletMerge } from './createWalletMerge'
import { fetchWalletTransaction } from './fetchWalletTransaction'
import { listTokenAccounts } from './listTokenAccounts'
import type {
  Buffered,
  WalletCheckpoint,
  WalletEntry,
  WalletPlan,
  WalletRequests,
  WalletSource,
  WalletTransaction,
} from './types'
import { addressPages, probeProvider, type SourcePages } from './walletSources'

/** The requests of one address: its pages, the page asked for, and its answer once it came. */
type SourceRun<TMode extends U64Mode> = {
  pages: SourcePages<TMode> | undefined
  inFlight: Promise<void> | undefined
  ready: Readonly<{ page: SignatureInfo<TMode>[] | undefined; error?: unknown }> | undefined
}

/** An owner transaction read for discovery. */
type Read = {
  promise: Promise<void> | undefined
  settled: boolean
  accounts: ReadonlySet<string> | undefined
  error: unknown
}

/** What one run of a walk does the requests of: the merge says what to ask, this asks it. */
type WalletIo<TMode extends U64Mode> = Readonly<{
  requests: WalletRequests<TMode>
  merge: WalletMerge<TMode>
  /** Opens the pages of an address (the provider's stream is open already). */
  open: (source: WalletSource) => SourcePages<TMode>
  runs: Map<string, SourceRun<TMode>>
  reads: Map<Buffered<TMode>, Read>
  /** Transactions kept for output (with `transactions`), by signature, until handed out. */
  kept: Map<string, Promise<WalletTransaction<TMode> | null>>
  /** Every transaction lookup not settled yet, awaited when the walk stops. */
  looking: Set<Promise<unknown>>
  /** The owner's associated addresses, by `program mint`. */
  associated: Map<string, Promise<string | undefined>>
}>

/** One run of a wallet walk: its entries as they are handed out, each marked when a page ends. */
export type WalletRun<TMode extends U64Mode> = Readonly<{
  entries(): AsyncGenerator<Readonly<{ entry: WalletEntry<TMode>; pageEnd: boolean }>, void>
  checkpoint(): WalletCheckpoint
  /** Awaits everything still running (once the walk's signal is aborted). */
  settle(): Promise<void>
}>

/** A transaction lookup through the walk's limiter; with `keep`, kept for output. */
function lookUp<TMode extends U64Mode>(
  io: WalletIo<TMode>,
  signature: string,
  keep: boolean,
): Promise<WalletTransaction<TMode> | null> {
  const known = io.kept.get(signature)
  if (known !== undefined) return known
  const lookup = io.requests.limiter.run(() => fetchWalletTransaction(io.requests, signature))
  const settled: Promise<unknown> = lookup.then(
    () => io.looking.delete(settled),
    () => io.looking.delete(settled),
  )
  io.looking.add(settled)
  if (keep) io.kept.set(signature, lookup)
  return lookup
}

/** Asks `source` for its next page, opening its walk first where it has none. */
function fetchNext<TMode extends U64Mode>(io: WalletIo<TMode>, source: WalletSource): void {
  const run: SourceRun<TMode> = io.runs.get(source.address) ?? {
    pages: undefined,
    inFlight: undefined,
    ready: undefined,
  }
  io.runs.set(source.address, run)
  const pages = run.pages ?? io.open(source)
  run.pages = pages
  io.merge.fetching(source)
  run.inFlight = pages.next().then(
    (got) => {
      run.ready = { page: got.done ? undefined : got.value }
    },
    (error: unknown) => {
      run.ready = { page: undefined, error }
    },
  )
}

/** Reads an owner transaction for the accounts it attributes to the wallet. */
function startRead<TMode extends U64Mode>(io: WalletIo<TMode>, entry: Buffered<TMode>): void {
  const { plan } = io.requests
  const read: Read = { promise: undefined, settled: false, accounts: undefined, error: undefined }
  io.reads.set(entry, read)
  read.promise = lookUp(io, entry.info.signature, plan.transactions)
    .then((tx) =>
      tx === null ? new Set<string>() : attributeAccounts(tx, plan.owner, io.associated),
    )
    .then(
      (accounts) => {
        read.accounts = accounts
      },
      (error: unknown) => {
        read.error = error ?? new Error('inspection failed')
      },
    )
    .finally(() => {
      read.settled = true
    })
}

/**
 * Tells the merge what came: pages in the addresses' order, then owner transactions read, in the
 * owner's order (newest first), so that the first one attributing an account is its d(a).
 */
function applyArrivals<TMode extends U64Mode>(io: WalletIo<TMode>): void {
  const { merge, requests } = io
  for (const source of merge.sources()) {
    const run = io.runs.get(source.address)
    const ready = run?.ready
    if (run === undefined || ready === undefined) continue
    run.ready = undefined
    run.inFlight = undefined
    if (ready.error !== undefined) throw ready.error
    const added = merge.arrived(source, ready.page)
    if (source.phase === 'new') run.pages = undefined
    // Found under a token account first: its transaction is fetched now, ahead of the hand-out
    // (an owner read of the same signature later takes this one).
    if (requests.plan.transactions && (source.kind === 'listed' || source.kind === 'discovered')) {
      for (const entry of added) lookUp(io, entry.info.signature, true)
    }
  }
  for (let head = merge.uninspected()[0]; head !== undefined; head = merge.uninspected()[0]) {
    const read = io.reads.get(head)
    if (read?.settled !== true) return
    io.reads.delete(head)
    if (read.error !== undefined) throw read.error
    merge.inspected(head, read.accounts ?? new Set())
  }
}

/** The owner reads that may run now: a little ahead of the one applied next, not all at once. */
function readWindow<TMode extends U64Mode>(io: WalletIo<TMode>): readonly Buffered<TMode>[] {
  return io.merge.uninspected().slice(0, io.requests.plan.concurrency * 2)
}

/**
 * The merge's pages of entries in history order: each round applies what arrived, takes every
 * entry above the cut, and asks what the merge names (the addresses at the cut, new ones, ahead
 * while the buffer has room; owner reads).
 */
async function* mergedPages<TMode extends U64Mode>(
  io: WalletIo<TMode>,
): AsyncGenerator<Buffered<TMode>[], void, undefined> {
  const { merge, requests } = io
  for (;;) {
    if (requests.signal.aborted) return
    applyArrivals(io)
    const taken = merge.take()
    if (taken.length > 0) {
      yield taken
      // What settled while the consumer held the page is applied before anything is awaited.
      continue
    }
    if (merge.finished()) return
    for (const source of merge.due()) fetchNext(io, source)
    for (const entry of readWindow(io)) if (!io.reads.has(entry)) startRead(io, entry)
    const running: Promise<void>[] = []
    for (const run of io.runs.values()) if (run.inFlight !== undefined) running.push(run.inFlight)
    for (const entry of readWindow(io)) {
      const read = io.reads.get(entry)
      if (read?.promise !== undefined && !read.settled) running.push(read.promise)
    }
    // The address at the cut or an owner read is always running here; nothing running is a bug.
    if (running.length === 0) throw new Error('walletHistory: the walk stalled')
    await Promise.race(running)
  }
}

/** An entry as `walletHistory` yields it. */
function toEntry<TMode extends U64Mode>(
  plan: WalletPlan,
  entry: Buffered<TMode>,
  transaction: WalletTransaction<TMode> | null | undefined,
): WalletEntry<TMode> {
  const all = [...entry.sources]
  const sources = all.some((source) => source.kind === 'provider')
    ? providerSources(plan.owner, transaction)
    : [
        ...all.filter((source) => source.kind === 'owner').map((source) => source.address),
        ...all
          .filter((source) => source.kind !== 'owner')
          .map((source) => source.address)
          .sort(),
      ]
  return { ...entry.info, sources, ...(plan.transactions ? { transaction } : {}) }
}

/**
 * The entries of a run as they are handed out, each marked when a page ends; with
 * `transactions`, a page's lookups run `concurrency` at a time and come out in order.
 */
async function* handOutEntries<TMode extends U64Mode>(
  io: WalletIo<TMode>,
): AsyncGenerator<Readonly<{ entry: WalletEntry<TMode>; pageEnd: boolean }>, void, undefined> {
  const { merge } = io
  const { plan, signal } = io.requests
  for await (const taken of mergedPages(io)) {
    const chosen = merge.select(taken)
    if (plan.transactions) {
      for (const { entry, yielded } of chosen) if (yielded) lookUp(io, entry.info.signature, true)
    }
    let last = chosen.length - 1
    while (last >= 0 && chosen[last]?.yielded !== true) last--
    for (const [index, { entry, yielded }] of chosen.entries()) {
      const signature = entry.info.signature
      const transaction = plan.transactions ? await io.kept.get(signature) : undefined
      if (signal.aborted) return
      io.kept.delete(signature)
      merge.handOut(entry, yielded)
      if (yielded) yield { entry: toEntry(plan, entry, transaction), pageEnd: index === last }
    }
    if (merge.remaining() === 0) break
  }
  if (!signal.aborted) merge.finish()
}

/** Everything a run still has in flight, awaited; then every address's walk closed. */
async function settle<TMode extends U64Mode>(io: WalletIo<TMode>): Promise<void> {
  const running: Promise<unknown>[] = [...io.looking]
  for (const run of io.runs.values()) if (run.inFlight !== undefined) running.push(run.inFlight)
  for (const read of io.reads.values()) if (read.promise !== undefined) running.push(read.promise)
  await Promise.allSettled(running)
  await Promise.allSettled([...io.runs.values()].map((run) => run.pages?.return?.()))
}

function runWallet<TMode extends U64Mode>(
  requests: WalletRequests<TMode>,
  merge: WalletMerge<TMode>,
  open: WalletIo<TMode>['open'],
): WalletRun<TMode> {
  const io: WalletIo<TMode> = {
    requests,
    merge,
    open,
    runs: new Map(),
    reads: new Map(),
    kept: new Map(),
    looking: new Set(),
    associated: new Map(),
  }
  return {
    entries: () => handOutEntries(io),
    checkpoint: merge.checkpoint,
    settle: () => settle(io),
  }
}

/**
 * Opens a run of a wallet walk from `from`: on the provider path (a provider checkpoint, or
 * `provider: true` on a walk not yet started) when the endpoint answers the probe, else the
 * standard way, listing the token accounts unless `from` holds them. A provider checkpoint cannot
 * continue the standard way (INVALID_PARAM). Requests abort with `signal`.
 * @internal
 */
export async function openWalletRun<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalletPlan,
  from: WalletCheckpoint,
  signal: AbortSignal,
): Promise<WalletRun<TMode>> {
  // Node warns past ten listeners on one signal: requests share a few children of one group.
  const group = createSignalGroup(signal)
  const requests: WalletRequests<TMode> = {
    context,
    plan,
    signal,
    requestSignal: rotateSignals(group, Math.ceil(plan.concurrency / 5) + 1),
    ownSignal: () => group.child(),
    limiter: createLimiter(plan.concurrency),
  }
  if (from.provider === true || (plan.provider && from.upperSlot === undefined)) {
    const start = readStart(plan, from, { provider: true })
    const merge = createWalletMerge<TMode>(plan, start)
    const before = start.resumed ? merge.sources()[0]?.before : plan.skipThrough
    const pages = await probeProvider(requests, { before, upperSlot: merge.upperSlot })
    if (pages !== undefined) return runWallet(requests, merge, () => pages)
    if (from.provider === true) {
      throw invalidParam(
        'walletHistory',
        'options.resume',
        'it was made on the provider path, and the endpoint no longer serves getTransactionsForAddress',
      )
    }
  }
  const listing =
    from.upperSlot === undefined
      ? await listTokenAccounts(context, plan.owner, plan.commitment, signal)
      : undefined
  const merge = createWalletMerge<TMode>(plan, readStart(plan, from, { provider: false, listing }))
  return runWallet(requests, merge, (source) =>
    addressPages(requests, source.address, merge.readFrom(source)),
  )
}
