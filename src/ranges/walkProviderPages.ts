import type { MethodContext } from '../actions/ActionClient'
import { decodeSignatureInfos } from '../actions/getSignaturesForAddress'
import type { HistoryCheckpoint, WalkPlan } from '../history/types'
import { isPlainObject } from '../json/parseJson'
import type { U64Mode } from '../schemas/common'
import { toResponseShapeError } from '../schemas/runtime/checks'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { PROVIDER_METHOD } from './probes'
import type { HistoryRange } from './types'

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
