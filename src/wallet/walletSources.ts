import { signaturesForAddress } from '../history/signaturesForAddress'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { Limiter } from '../shared/limiter'
import { attributeAccounts } from './attributeAccounts'
import { fetchWalletTransaction } from './fetchWalletTransaction'
import type { Buffered, SourceState, WalletState } from './types'

/** Adds an address to walk. @internal */
export function addSource<TMode extends U64Mode>(
  state: WalletState<TMode>,
  address: string,
  kind: SourceState<TMode>['kind'],
  start: string | undefined,
  before: string | undefined,
  floor: number,
  walked = false,
): SourceState<TMode> {
  const source: SourceState<TMode> = {
    address,
    kind,
    rank: state.sources.length,
    start,
    before,
    skipThrough: kind === 'discovered' && before === start ? start : undefined,
    floor,
    walked,
    pending: 0,
    fetched: 0,
    pages: undefined,
    inFlight: undefined,
    ready: undefined,
  }
  state.sources.push(source)
  state.byAddress.set(address, source)
  return source
}

/**
 * Asks `source` for its next page, through the `signaturesForAddress` walk of the address from
 * its `before` (the walk checks lagging nodes and retries cursors itself).
 * @internal
 */
export function fetchNext<TMode extends U64Mode>(
  state: WalletState<TMode>,
  source: SourceState<TMode>,
): void {
  if (source.pages === undefined) {
    const walk = signaturesForAddress(state.context, source.address, {
      before: source.skipThrough === undefined ? source.before : undefined,
      pageSize: state.plan.pageSize,
      pageRetries: state.plan.pageRetries,
      pageRetryDelayMs: state.plan.pageRetryDelayMs,
      emptyPageChecks: state.plan.emptyPageChecks,
      commitment: state.plan.commitment,
      signal: state.ownSignal(),
    })
    source.pages = walk.pages()[Symbol.asyncIterator]()
  }
  source.inFlight = source.pages.next().then(
    (got) => {
      source.ready = { page: got.done ? undefined : got.value }
    },
    (error: unknown) => {
      source.ready = { page: undefined, error }
    },
  )
}

/** Merges a fetched page into the buffer; owner entries wait for inspection. @internal */
export function applyPage<TMode extends U64Mode>(
  state: WalletState<TMode>,
  source: SourceState<TMode>,
  page: readonly SignatureInfo<TMode>[] | undefined,
): void {
  if (page === undefined || page.length === 0) {
    if (source.skipThrough !== undefined) {
      // Its start never came (a node behind the pool?): read it again from the start.
      source.skipThrough = undefined
      source.pages = undefined
      return
    }
    source.walked = true
    return
  }
  for (const info of page) {
    if (source.skipThrough !== undefined) {
      // Above its start: not in its range, and its floor stays at the start's slot.
      if (info.signature === source.skipThrough) source.skipThrough = undefined
      continue
    }
    const slot = Number(info.slot)
    source.floor = slot
    const position = source.fetched++
    if (slot > state.upperSlot) continue
    let entry = state.buffer.get(info.signature)
    if (entry === undefined) {
      const above = state.resumeAbove
      const dropped =
        above !== undefined &&
        (slot > above || (slot === above && state.resumeInSlot.has(info.signature)))
      entry = {
        info,
        slot,
        sources: new Set(),
        positions: new Map(),
        dropped,
        transaction: undefined,
      }
      state.buffer.set(info.signature, entry)
      // Found under a token account first: its transaction is fetched now, ahead of the hand-out
      // (an owner read of the same signature later takes this one).
      if (state.plan.transactions && source.kind !== 'owner' && !dropped) {
        const signature = info.signature
        entry.transaction = state.limiter.run(() => fetchWalletTransaction(state, signature))
        entry.transaction.catch(() => undefined)
      }
    }
    // Every owner transaction is read for discovery, also one a token account listed first (a
    // short page of the owner's ends above it): it may attribute an account it is the d(a) of.
    if (source.kind === 'owner' && !entry.dropped && !entry.sources.has(source)) {
      state.inspections.push({
        entry,
        started: false,
        settled: false,
        accounts: undefined,
        error: undefined,
        promise: undefined,
      })
    }
    join(entry, source, position)
  }
}

function join<TMode extends U64Mode>(
  entry: Buffered<TMode>,
  source: SourceState<TMode>,
  position: number,
): void {
  if (entry.sources.has(source)) return
  entry.sources.add(source)
  entry.positions.set(source.rank, position)
  if (!entry.dropped) source.pending++
}

/** Reads an owner transaction (kept for output when transactions are asked for). @internal */
export function startInspection<TMode extends U64Mode>(
  state: WalletState<TMode>,
  limiter: Limiter,
  index: number,
): void {
  const inspection = state.inspections[index]
  if (inspection === undefined || inspection.started) return
  inspection.started = true
  const { entry } = inspection
  const transaction =
    entry.transaction ?? limiter.run(() => fetchWalletTransaction(state, entry.info.signature))
  if (state.plan.transactions) entry.transaction = transaction
  inspection.promise = transaction
    .then((tx) =>
      tx === null ? new Set<string>() : attributeAccounts(tx, state.plan.owner, state.associated),
    )
    .then(
      (accounts) => {
        inspection.accounts = accounts
      },
      (error: unknown) => {
        inspection.error = error ?? new Error('inspection failed')
      },
    )
    .finally(() => {
      inspection.settled = true
    })
}

/**
 * Applies inspected owner transactions in the owner's order (newest first), so that the first
 * transaction attributing an account is its newest, d(a): the account becomes a source walked
 * from there down, and d(a) one of its entries.
 * @internal
 */
export function applyInspections<TMode extends U64Mode>(state: WalletState<TMode>): void {
  for (let head = state.inspections[0]; head?.settled === true; head = state.inspections[0]) {
    state.inspections.shift()
    if (head.error !== undefined) throw head.error
    const { entry } = head
    const start = entry.info.signature
    for (const address of [...(head.accounts ?? [])].sort()) {
      let source = state.byAddress.get(address)
      // Its range starts at this transaction: nothing of it lies above this slot.
      source ??= addSource(state, address, 'discovered', start, start, entry.slot)
      if (source.kind === 'discovered' && source.start === start) join(entry, source, -1)
    }
  }
}
