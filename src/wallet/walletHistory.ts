import type { ActionClient } from '../actions/ActionClient'
import { readActionClient } from '../actions/ActionClient'
import { lookupVersion } from '../actions/getTransaction'
import { invalidParam } from '../errors/ConfirmedRpcError'
import type { Base58Input, U64Mode } from '../schemas/common'
import { linkSignal } from '../shared/signals'
import { createWalletMerge, readStart } from './createWalletMerge'
import { readWalletOptions } from './readWalletOptions'
import type { WalletCheckpoint, WalletEntry, WalletHistoryOptions } from './types'
import { openWalletRun, type WalletRun } from './walkWallet'

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
  // A walk not yet iterated: only the owner, not walked.
  let saved = plan.resume ?? createWalletMerge(plan, readStart(plan, undefined, {})).checkpoint()
  let live: WalletRun<TMode> | undefined
  let active = false

  async function* run(): AsyncGenerator<Readonly<{ entry: WalletEntry<TMode>; pageEnd: boolean }>> {
    if (active)
      throw invalidParam(METHOD, 'walk', 'it is already being iterated; run one loop at a time')
    if (saved.done || saved.remaining === 0 || plan.signal?.aborted) return
    active = true
    const link = linkSignal(plan.signal)
    let walk: WalletRun<TMode> | undefined
    try {
      walk = await openWalletRun(context, plan, saved, link.signal)
      live = walk
      yield* walk.entries()
    } catch (error) {
      if (!plan.signal?.aborted) throw error
    } finally {
      link.abort()
      if (walk !== undefined) {
        await walk.settle()
        saved = walk.checkpoint()
      }
      live = undefined
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
    checkpoint: () => live?.checkpoint() ?? saved,
  }
}
