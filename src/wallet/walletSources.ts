import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { signaturesForAddress } from '../history/signaturesForAddress'
import { requestProviderPage } from '../ranges/walkProviderPages'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { WalletRequests } from './types'

/** Where one address's pages come from, newest first. @internal */
export type SourcePages<TMode extends U64Mode> = AsyncIterator<SignatureInfo<TMode>[]>

/**
 * The pages of one address from below `before`: the `signaturesForAddress` walk of it (which
 * checks lagging nodes and retries cursors itself), with a signal of its own.
 * @internal
 */
export function addressPages<TMode extends U64Mode>(
  requests: WalletRequests<TMode>,
  address: string,
  before: string | undefined,
): SourcePages<TMode> {
  const { context, plan } = requests
  const walk = signaturesForAddress(context, address, {
    before,
    pageSize: plan.pageSize,
    pageRetries: plan.pageRetries,
    pageRetryDelayMs: plan.pageRetryDelayMs,
    emptyPageChecks: plan.emptyPageChecks,
    commitment: plan.commitment,
    signal: requests.ownSignal(),
  })
  return walk.pages()[Symbol.asyncIterator]()
}

/** Where the provider's stream continues: below `before`, at or below `upperSlot` once known. */
type ProviderCursor = Readonly<{
  before: string | undefined
  upperSlot: () => bigint | undefined
}>

/** One page of `getTransactionsForAddress` with `tokenAccounts: 'all'`, newest first. */
function providerPage<TMode extends U64Mode>(
  requests: WalletRequests<TMode>,
  cursor: ProviderCursor,
  token: string | undefined,
) {
  const { context, plan } = requests
  const upperSlot = cursor.upperSlot()
  const filters = {
    tokenAccounts: 'all',
    ...(upperSlot !== undefined && { slot: { lte: Number(upperSlot) } }),
    ...(cursor.before !== undefined && { signature: { lt: cursor.before } }),
  }
  const config = {
    transactionDetails: 'signatures',
    sortOrder: 'desc',
    limit: plan.pageSize,
    filters,
    ...(plan.commitment !== undefined && { commitment: plan.commitment }),
    ...(token !== undefined && { paginationToken: token }),
  }
  return requestProviderPage(context, plan.owner, config, requests.requestSignal())
}

/** The provider's pages from `first` on, each next one by the token of the one before. */
async function* providerPages<TMode extends U64Mode>(
  requests: WalletRequests<TMode>,
  cursor: ProviderCursor,
  first: Readonly<{ page: SignatureInfo<TMode>[]; token: string | undefined }>,
): AsyncGenerator<SignatureInfo<TMode>[], undefined, undefined> {
  let { page, token } = first
  while (page.length > 0) {
    yield page
    if (token === undefined) return
    ;({ page, token } = await providerPage(requests, cursor, token))
  }
}

/**
 * The provider's stream of the wallet's whole set (the `provider` option), its first page
 * fetched: that page is the probe. `undefined` when the endpoint answers it with a JSON-RPC error
 * (it does not serve the method, or not with `tokenAccounts: 'all'`); transport failures throw.
 * @internal
 */
export async function probeProvider<TMode extends U64Mode>(
  requests: WalletRequests<TMode>,
  cursor: ProviderCursor,
): Promise<SourcePages<TMode> | undefined> {
  try {
    const first = await providerPage(requests, cursor, undefined)
    return providerPages(requests, cursor, first)
  } catch (error) {
    if (isConfirmedRpcError(error, 'RPC_ERROR')) return undefined
    throw error
  }
}
