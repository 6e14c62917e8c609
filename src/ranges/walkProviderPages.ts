import type { MethodContext } from '../actions/ActionClient'
import { decodeSignatureInfos } from '../actions/getSignaturesForAddress'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { HistoryCheckpoint, WalkPlan } from '../history/types'
import { isPlainObject } from '../json/parseJson'
import type { U64Mode } from '../schemas/common'
import { toResponseShapeError } from '../schemas/runtime/checks'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { RpcTransport } from '../transport/types'
import type { HistoryRange } from './types'

/** The provider method (Helius) some endpoints serve beside the node's own. @internal */
const PROVIDER_METHOD = 'getTransactionsForAddress'

/**
 * The pages of one range of a walk through `getTransactionsForAddress`, newest first: the range's
 * slots as a slot filter, the walk's `before` / `until` as a position filter (exclusive, as the
 * node's cursors), and the provider's `paginationToken` from page to page. The provider orders by
 * slot, then position in the block, as nodes from 1.18 on do.
 * @internal
 */
export async function* walkProviderPages<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  range: HistoryRange,
  signal: AbortSignal,
): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
  const floor = range.floor === 'pending' ? undefined : range.floor
  const filters = {
    slot: {
      ...(range.aboveSlot !== undefined && { lt: Number(range.aboveSlot) }),
      ...(floor !== undefined && { gte: Number(floor) }),
    },
    signature: {
      ...(start.before !== undefined && { lt: start.before }),
      ...(start.until !== undefined && { gt: start.until }),
    },
  }
  let paginationToken: string | undefined
  for (;;) {
    const config = {
      transactionDetails: 'signatures',
      sortOrder: 'desc',
      limit: plan.pageSize,
      filters,
      ...(start.commitment !== undefined && { commitment: start.commitment }),
      ...(paginationToken !== undefined && { paginationToken }),
    }
    const { page, token } = await requestProviderPage(context, plan.address, config, signal)
    if (page.length > 0) yield page
    if (token === undefined) return
    paginationToken = token
  }
}

/**
 * One page of `getTransactionsForAddress` (`config` as the provider reads it), checked and
 * decoded, and the token of the next page: `undefined` when there is none (no token, or an empty
 * page). The range walk and the wallet's provider path both page through it.
 * @internal
 */
export async function requestProviderPage<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  address: string,
  config: Readonly<Record<string, unknown>>,
  signal: AbortSignal | undefined,
): Promise<Readonly<{ page: SignatureInfo<TMode>[]; token: string | undefined }>> {
  const result = await context.transport(
    { method: PROVIDER_METHOD, params: [address, config] },
    { signal },
  )
  const decode = { method: PROVIDER_METHOD, endpoint: context.endpoint, redact: context.redact }
  if (!isPlainObject(result) || !Array.isArray(result.data)) {
    throw toResponseShapeError(
      { unsafe: false, expected: '{ data, paginationToken }', value: result, path: [] },
      decode,
    )
  }
  const token = result.paginationToken
  if (token !== null && token !== undefined && typeof token !== 'string') {
    throw toResponseShapeError(
      { unsafe: false, expected: 'string | null', value: token, path: ['paginationToken'] },
      decode,
    )
  }
  const page = decodeSignatureInfos(result.data, context.u64, decode)
  return { page, token: typeof token === 'string' && page.length > 0 ? token : undefined }
}

// What each transport's endpoint said about the provider method: asked once per transport.
const answers = new WeakMap<RpcTransport, Promise<boolean>>()

/**
 * Whether the endpoint serves `getTransactionsForAddress` (a provider's method, not a node's),
 * asked once per transport with a one-entry request. Any JSON-RPC error (-32601 from a node that
 * lacks it, a -32602 from one that reads other params) means no; a transport failure is not an
 * answer, and is asked again next time.
 * @internal
 */
export function servesProviderHistory<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  address: string,
  signal: AbortSignal,
): Promise<boolean> {
  let answer = answers.get(context.transport)
  if (answer === undefined) {
    const config = { transactionDetails: 'signatures', limit: 1 }
    answer = context
      .transport({ method: PROVIDER_METHOD, params: [address, config] }, { signal })
      .then(
        () => true,
        (error: unknown) => {
          if (isConfirmedRpcError(error, 'RPC_ERROR')) return false
          answers.delete(context.transport)
          throw error
        },
      )
    answers.set(context.transport, answer)
  }
  return answer
}
