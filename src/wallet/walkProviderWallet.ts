import type { MethodContext } from '../actions/ActionClient'
import { invalidParam, isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { requestProviderPage } from '../ranges/walkProviderPages'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { createLimiter } from '../shared/limiter'
import { createSignalGroup } from '../shared/signals'
import { fetchWalletTransaction } from './fetchWalletTransaction'
import type {
  ProviderWalletState,
  WalletCheckpoint,
  WalletEntry,
  WalletPlan,
  WalletTransaction,
} from './types'

/** One page of `getTransactionsForAddress` with `tokenAccounts: 'all'`, newest first. */
async function fetchProviderPage<TMode extends U64Mode>(
  state: ProviderWalletState<TMode>,
): Promise<Readonly<{ page: SignatureInfo<TMode>[]; token: string | undefined }>> {
  const { context, plan } = state
  const filters = {
    tokenAccounts: 'all',
    ...(state.upperSlot !== undefined && { slot: { lte: state.upperSlot } }),
    ...(state.startBefore !== undefined && { signature: { lt: state.startBefore } }),
  }
  const config = {
    transactionDetails: 'signatures',
    sortOrder: 'desc',
    limit: plan.pageSize,
    filters,
    ...(plan.commitment !== undefined && { commitment: plan.commitment }),
    ...(state.token !== undefined && { paginationToken: state.token }),
  }
  return requestProviderPage(context, plan.owner, config, state.requestSignal())
}

/**
 * Starts a walk on the provider path where it applies: a provider checkpoint, or `provider:
 * true` on a walk not yet started (else `undefined`, and nothing is sent). The first page is the
 * probe: `undefined` too when the endpoint answers it with a JSON-RPC error (it does not serve
 * the method, or not with `tokenAccounts: 'all'`), and the caller walks the standard way; but a
 * provider checkpoint cannot continue there (INVALID_PARAM). Transport failures are thrown.
 * @internal
 */
export async function openProviderWallet<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalletPlan,
  from: WalletCheckpoint,
  signal: AbortSignal,
): Promise<ProviderWalletState<TMode> | undefined> {
  const provided = from.provider === true
  if (!provided && (!plan.provider || from.upperSlot !== undefined)) return undefined
  const state = await probeProviderWallet(context, plan, from, signal)
  if (state === undefined && provided) {
    throw invalidParam(
      'walletHistory',
      'options.resume',
      'it was made on the provider path, and the endpoint no longer serves getTransactionsForAddress',
    )
  }
  return state
}

/** The provider walk from `from`, its first page fetched; `undefined` on a JSON-RPC error. */
async function probeProviderWallet<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalletPlan,
  from: WalletCheckpoint,
  signal: AbortSignal,
): Promise<ProviderWalletState<TMode> | undefined> {
  const group = createSignalGroup(signal)
  const shared = Array.from({ length: Math.ceil(plan.concurrency / 5) + 1 }, () => group.child())
  let turn = 0
  const resumed = from.upperSlot === undefined ? undefined : from
  const before = resumed?.sources[0]?.before
  const state: ProviderWalletState<TMode> = {
    context,
    plan,
    signal,
    requestSignal: () => shared[turn++ % shared.length] as AbortSignal,
    limiter: createLimiter(plan.concurrency),
    startBefore: resumed === undefined ? plan.skipThrough : before,
    upperSlot: resumed === undefined ? undefined : Number(resumed.upperSlot),
    before,
    emittedAbove: resumed?.emittedAbove === undefined ? undefined : Number(resumed.emittedAbove),
    inSlot: new Set(resumed?.emittedInSlot ?? []),
    remaining: from.remaining,
    done: from.done,
    first: undefined,
    token: undefined,
    fetching: [],
  }
  try {
    const { page, token } = await fetchProviderPage(state)
    state.first = page
    state.token = token
    state.upperSlot ??= page[0] === undefined ? undefined : Number(page[0].slot)
    return state
  } catch (error) {
    if (isConfirmedRpcError(error, 'RPC_ERROR')) return undefined
    throw error
  }
}

/** Where a provider walk stands, in the one checkpoint format. @internal */
export function providerCheckpoint<TMode extends U64Mode>(
  state: ProviderWalletState<TMode>,
): WalletCheckpoint {
  return {
    version: 1,
    owner: state.plan.owner,
    commitment: state.plan.commitment,
    done: state.done,
    remaining: state.remaining,
    upperSlot: state.upperSlot === undefined ? undefined : String(state.upperSlot),
    emittedAbove: state.emittedAbove === undefined ? undefined : String(state.emittedAbove),
    emittedInSlot: state.emittedAbove === undefined ? undefined : [...state.inSlot],
    sources: [{ address: state.plan.owner, kind: 'owner', before: state.before, done: state.done }],
    provider: true,
  }
}

/**
 * What a transaction shows of where the provider found it: the owner when it is one of its keys
 * (static or loaded), then, in string order, the token accounts whose token balances name the
 * owner. Without the transaction, nothing.
 */
function sourcesOf(owner: string, transaction: WalletTransaction<U64Mode> | null | undefined) {
  if (transaction === null || transaction === undefined) return []
  const meta = transaction.meta
  const keys = [
    ...transaction.transaction.message.accountKeys,
    ...(meta?.loadedAddresses?.writable ?? []),
    ...(meta?.loadedAddresses?.readonly ?? []),
  ]
  const accounts = new Set<string>()
  for (const balance of [...(meta?.preTokenBalances ?? []), ...(meta?.postTokenBalances ?? [])]) {
    const account = keys[Number(balance.accountIndex)]
    if (balance.owner === owner && account !== undefined) accounts.add(account)
  }
  return [...(keys.includes(owner) ? [owner] : []), ...[...accounts].sort()]
}

/** The pages of the walk from where it stands, the probe's first. */
async function* providerPages<TMode extends U64Mode>(
  state: ProviderWalletState<TMode>,
): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
  let page = state.first
  state.first = undefined
  while (page !== undefined && page.length > 0) {
    yield page
    if (state.token === undefined) return
    ;({ page, token: state.token } = await fetchProviderPage(state))
  }
}

/**
 * The entries of a provider walk as they are handed out, each marked when a page ends; with
 * `transactions`, a page's lookups run `concurrency` at a time and come out in order.
 * @internal
 */
export async function* handOutProvider<TMode extends U64Mode>(
  state: ProviderWalletState<TMode>,
): AsyncGenerator<Readonly<{ entry: WalletEntry<TMode>; pageEnd: boolean }>, void, undefined> {
  const { plan, limiter } = state
  for await (const page of providerPages(state)) {
    const chosen = page.slice(0, state.remaining ?? page.length)
    const lookups = plan.transactions
      ? chosen.map((info) => {
          const lookup = limiter.run(() => fetchWalletTransaction(state, info.signature))
          lookup.catch(() => undefined)
          state.fetching.push(lookup)
          return lookup
        })
      : []
    for (const [index, info] of chosen.entries()) {
      const transaction = plan.transactions ? await lookups[index] : undefined
      if (state.signal.aborted) return
      const slot = Number(info.slot)
      if (state.emittedAbove !== slot) state.inSlot = new Set()
      state.emittedAbove = slot
      state.inSlot.add(info.signature)
      state.before = info.signature
      if (state.remaining !== undefined) state.remaining--
      const sources = sourcesOf(plan.owner, transaction)
      const entry = { ...info, sources, ...(plan.transactions ? { transaction } : {}) }
      yield { entry, pageEnd: index === chosen.length - 1 }
    }
    if (state.remaining === 0) break
  }
  if (!state.signal.aborted) state.done = true
}
