import type { ActionClient } from '../actions/ActionClient'
import { readActionClient } from '../actions/ActionClient'
import { lookupVersion } from '../actions/getTransaction'
import { invalidParam } from '../errors/ConfirmedRpcError'
import type { Base58Input, U64Mode } from '../schemas/common'
import { linkSignal } from '../shared/signals'
import { createWalletState } from './createWalletState'
import { fetchWalletTransaction } from './fetchWalletTransaction'
import { readWalletOptions } from './readWalletOptions'
import type {
  Buffered,
  ProviderWalletState,
  WalletCheckpoint,
  WalletEntry,
  WalletHistoryOptions,
  WalletPlan,
  WalletState,
} from './types'
import { handOutProvider, openProviderWallet, providerCheckpoint } from './walkProviderWallet'
import { settleWallet, walkWallet } from './walkWallet'

const METHOD = 'walletHistory'

/**
 * A walk through a wallet's history; see {@link walletHistory}.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { type WalletWalk, walletHistory } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const walk: WalletWalk = walletHistory(client, 'Vote111111111111111111111111111111111111111')
 * for await (const page of walk.pages()) console.log(page.length, walk.checkpoint().done)
 * ```
 */
export type WalletWalk<TMode extends U64Mode = 'bigint'> = AsyncIterable<WalletEntry<TMode>> &
  Readonly<{
    /** The same walk a page at a time (entries already yielded are not repeated). */
    pages(): AsyncIterable<WalletEntry<TMode>[]>
    /** Where the walk stands: pass it as `resume` to continue with the entries not yet seen. */
    checkpoint(): WalletCheckpoint
  }>

function checkpointOf<TMode extends U64Mode>(state: WalletState<TMode>): WalletCheckpoint {
  return {
    version: 1,
    owner: state.plan.owner,
    commitment: state.plan.commitment,
    done: state.done,
    remaining: state.remaining,
    upperSlot: String(state.upperSlot),
    emittedAbove: state.emittedAbove === undefined ? undefined : String(state.emittedAbove),
    emittedInSlot: state.emittedAbove === undefined ? undefined : [...state.inSlot],
    sources: state.sources.map((source) => ({
      address: source.address,
      kind: source.kind,
      start: source.start,
      before: source.before,
      done: source.walked && source.pending === 0,
    })),
  }
}

/** Records that `entry` was handed out (or passed over for `before`). */
function handOut<TMode extends U64Mode>(state: WalletState<TMode>, entry: Buffered<TMode>): void {
  for (const source of entry.sources) {
    source.before = entry.info.signature
    source.pending--
  }
  if (state.emittedAbove !== entry.slot) state.inSlot = new Set()
  state.emittedAbove = entry.slot
  state.inSlot.add(entry.info.signature)
}

/** The entries of a page to yield: not handed out before, past `before`, within `limit`. */
function selectYielded<TMode extends U64Mode>(
  state: WalletState<TMode>,
  page: readonly Buffered<TMode>[],
): { entry: Buffered<TMode>; yielded: boolean }[] {
  const out: { entry: Buffered<TMode>; yielded: boolean }[] = []
  let budget = state.remaining ?? Number.POSITIVE_INFINITY
  let skipping = state.skipping
  for (const entry of page) {
    if (entry.dropped) continue
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

function toEntry<TMode extends U64Mode>(
  entry: Buffered<TMode>,
  transaction: WalletEntry<TMode>['transaction'],
  withTransaction: boolean,
): WalletEntry<TMode> {
  const owner = [...entry.sources].filter((source) => source.kind === 'owner')
  const accounts = [...entry.sources].filter((source) => source.kind !== 'owner')
  const sources = [
    ...owner.map((source) => source.address),
    ...accounts.map((source) => source.address).sort(),
  ]
  return { ...entry.info, sources, ...(withTransaction ? { transaction } : {}) }
}

/** The checkpoint of a walk that has not started: only the owner's own listing, not walked. */
function startCheckpoint(plan: WalletPlan): WalletCheckpoint {
  return {
    version: 1,
    owner: plan.owner,
    commitment: plan.commitment,
    done: false,
    remaining: plan.limit,
    sources: [{ address: plan.owner, kind: 'owner', done: false }],
  }
}

/** The entries of `marked` gathered into pages, each closed where an entry ends one. */
async function* groupPages<TMode extends U64Mode>(
  marked: AsyncIterable<Readonly<{ entry: WalletEntry<TMode>; pageEnd: boolean }>>,
): AsyncGenerator<WalletEntry<TMode>[], void, undefined> {
  let page: WalletEntry<TMode>[] = []
  for await (const { entry, pageEnd } of marked) {
    page.push(entry)
    if (!pageEnd) continue
    const full = page
    page = []
    yield full
  }
  if (page.length > 0) yield page
}

/** One iteration of the walk: entries as they are handed out, each marked when a page ends. */
async function* handOutEntries<TMode extends U64Mode>(
  state: WalletState<TMode>,
  plan: WalletPlan,
): AsyncGenerator<Readonly<{ entry: WalletEntry<TMode>; pageEnd: boolean }>, void, undefined> {
  const { limiter } = state
  const fetching: Promise<unknown>[] = []
  try {
    for await (const page of walkWallet(state, limiter)) {
      const chosen = selectYielded(state, page)
      if (plan.transactions) {
        for (const { entry, yielded } of chosen) {
          if (!yielded || entry.transaction !== undefined) continue
          entry.transaction = limiter.run(() => fetchWalletTransaction(state, entry.info.signature))
          entry.transaction.catch(() => undefined)
          fetching.push(entry.transaction)
        }
      }
      let last = chosen.length - 1
      while (last >= 0 && chosen[last]?.yielded !== true) last--
      for (const [index, { entry, yielded }] of chosen.entries()) {
        const transaction = plan.transactions ? await entry.transaction : undefined
        if (state.signal.aborted) return
        handOut(state, entry)
        if (!yielded) {
          if (entry.info.signature === plan.skipThrough) state.skipping = false
          continue
        }
        if (state.remaining !== undefined) state.remaining--
        yield { entry: toEntry(entry, transaction, plan.transactions), pageEnd: index === last }
      }
      if (state.remaining === 0) break
    }
    if (!state.signal.aborted) state.done = true
  } finally {
    await Promise.allSettled(fetching)
  }
}

/**
 * Walks a wallet's whole history, newest first: the owner's own transactions and those of every
 * token account it owns or owned (SPL Token and Token-2022, closed accounts too), each signature
 * once, with the addresses it was found under in `sources`.
 *
 * The accounts come from getTokenAccountsByOwner (those held now, at slot S0: their whole
 * history) and from the owner's transactions (an account the owner's token balances, derived
 * associated addresses or creation and hand-over instructions attribute to it: its history from
 * the newest such transaction down), including accounts found mid-walk. Each address is walked
 * with `signaturesForAddress`; the merge hands out an entry only once no address still walked
 * can list it, so nothing is missed and nothing comes twice. Every owner transaction is read
 * once to find accounts (`concurrency` at a time); with `transactions`, it is the one yielded,
 * and entries found under token accounts alone are fetched once each.
 *
 * Order: newest slot first. Within a slot, by `transactionIndex`, highest first, where every
 * entry of the slot carries it (Agave 4.0+): the block's order. Elsewhere no node says where two
 * entries of a slot stand unless one address lists both, so the walk keeps every address's own
 * order (as its getSignaturesForAddress lists the slot: the owner's entries stay in the owner's
 * order) and, where no address orders two entries, puts the greater signature (by its 64 bytes)
 * first; on nodes that list a slot by signature (before 1.18) that is the node's own order. The
 * order does not depend on page sizes or on where a walk was resumed.
 *
 * With `provider: true`, an endpoint that serves `getTransactionsForAddress` with
 * `tokenAccounts: 'all'` (Helius) is walked with that one method instead: the provider's set,
 * owner-based and without owner data before slot 111,491,819, and `sources` only from the
 * transactions (see the option). Elsewhere the walk is the standard one.
 *
 * What standard RPC cannot show (accounts created for the wallet by someone else and closed
 * before any owner transaction names them) is in docs/wallet-history.md. Stopping the loop or
 * the `signal` cancels and awaits everything in flight; `checkpoint()` resumes exactly.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { walletHistory } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const walk = walletHistory(client, 'Vote111111111111111111111111111111111111111', {
 *   limit: 1_000,
 *   signal: AbortSignal.timeout(120_000),
 * })
 * for await (const entry of walk) console.log(entry.slot, entry.signature, entry.sources.length)
 * console.log(JSON.stringify(walk.checkpoint()))
 * ```
 */
export function walletHistory<TMode extends U64Mode = 'bigint'>(
  client: ActionClient<TMode>,
  owner: Base58Input,
  options?: WalletHistoryOptions | undefined,
): WalletWalk<TMode> {
  const context = readActionClient(client, METHOD)
  const plan = readWalletOptions(owner, options, lookupVersion(client, undefined, METHOD))
  let saved: WalletCheckpoint = plan.resume ?? startCheckpoint(plan)
  let live: WalletState<TMode> | undefined
  let liveProvider: ProviderWalletState<TMode> | undefined
  let active = false

  async function* run(): AsyncGenerator<Readonly<{ entry: WalletEntry<TMode>; pageEnd: boolean }>> {
    if (active)
      throw invalidParam(METHOD, 'walk', 'it is already being iterated; run one loop at a time')
    if (saved.done || saved.remaining === 0 || plan.signal?.aborted) return
    active = true
    const link = linkSignal(plan.signal)
    let state: WalletState<TMode> | undefined
    let provider: ProviderWalletState<TMode> | undefined
    try {
      provider = await openProviderWallet(context, plan, saved, link.signal)
      if (provider !== undefined) {
        liveProvider = provider
        yield* handOutProvider(provider)
        return
      }
      state = await createWalletState(
        context,
        plan,
        saved.upperSlot === undefined ? plan.resume : saved,
        link.signal,
      )
      live = state
      yield* handOutEntries(state, plan)
    } catch (error) {
      if (!plan.signal?.aborted) throw error
    } finally {
      link.abort()
      if (provider !== undefined) {
        await Promise.allSettled(provider.fetching)
        saved = providerCheckpoint(provider)
      }
      if (state !== undefined) {
        await settleWallet(state)
        saved = checkpointOf(state)
      }
      live = undefined
      liveProvider = undefined
      link.dispose()
      active = false
    }
  }

  async function* entries(): AsyncGenerator<WalletEntry<TMode>, void, undefined> {
    for await (const { entry } of run()) yield entry
  }

  return {
    [Symbol.asyncIterator]: entries,
    pages: () => groupPages(run()),
    checkpoint: () =>
      liveProvider !== undefined
        ? providerCheckpoint(liveProvider)
        : live === undefined
          ? saved
          : checkpointOf(live),
  }
}
