import type { MethodContext } from '../actions/ActionClient'
import { getSignaturesForAddress } from '../actions/getSignaturesForAddress'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { toHistoryOrder } from '../history/archivePage'
import type { Commitment, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { BlockReader } from './createBlockReader'

/** Entries of the address read first to build the probe in. */
const PROBE_PAGE = 100

/** Read instead when the first page lies within two slots (an address in every transaction). */
const DENSE_PAGE = 1000

/** Blocks read, newest first, for a transaction that is not the address's. */
const BLOCKS_TRIED = 3

/**
 * How a walk may cut an address's history on an endpoint: `'any'`, at any boundary (the endpoint
 * reads a foreign cursor as a ledger position); `'none'`, nowhere (it does not: the walk is one
 * range); `'checked'`, at a boundary only once the first page of the range that starts there
 * answers (see `walkRanges.ts`), when no probe could tell.
 * @internal
 */
export type CursorTrust = 'any' | 'checked' | 'none'

/** A foreign signature and the answers a node that reads it as a ledger position may give. */
type Probe = Readonly<{ foreign: string; expected: ReadonlySet<string> }>

/**
 * Whether the endpoint reads a `before` cursor outside the address's own history (a boundary
 * block's transaction) as a ledger position, as Agave does at every release; a history archive
 * matches cursors inside the address's history only (Old Faithful answers such a `before` with
 * `[]`), so a range walk cut at boundary blocks would lose every range below the first cut.
 *
 * Asked with a probe whose right answer is known. The address's newest page lists every entry of
 * the slots strictly between its newest and its oldest slot; a transaction `F` of a block in one
 * of them that is not among those entries is foreign, and `before: F, limit: 1` must answer an
 * entry of that slot (one placed after `F`: by block position from 1.18, by signature before)
 * or, if none is, the newest entry below the slot. Anything else (`[]`, another entry, a JSON-RPC
 * error such as -32020) is `'none'`, the right answer `'any'`. When no probe can be built (a
 * history within two slots, blocks that hold only the address's transactions, in the slots
 * tried), `'checked'`; `undefined` for a node without the block methods (nothing is cut there).
 * Costs a page of 100 entries (and one
 * of 1,000 for an address in every transaction), a block or two, and the one-entry probe. A
 * transport failure is thrown.
 * @internal
 */
export async function probeForeignCursor<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  address: string,
  commitment: Commitment | undefined,
  reader: BlockReader,
  signal: AbortSignal,
): Promise<CursorTrust | undefined> {
  const base = { commitment, signal }
  const read = async (limit: number) =>
    toHistoryOrder(await getSignaturesForAddress(context, address, { ...base, limit }))
  try {
    let page = await read(PROBE_PAGE)
    if (page.length === PROBE_PAGE && page[0]?.slot === page.at(-1)?.slot) {
      page = await read(DENSE_PAGE)
    }
    const probe = await findProbe(page, reader)
    if (probe === undefined) return reader.usable() ? 'checked' : 'none'
    const answer = await getSignaturesForAddress(context, address, {
      ...base,
      before: probe.foreign,
      limit: 1,
    })
    return answer.length === 1 && probe.expected.has(answer[0]?.signature ?? '') ? 'any' : 'none'
  } catch (error) {
    // The endpoint answered the probe with an error (-32020 for a cursor it does not know): no.
    // A refused block method leaves nothing to cut with.
    if (isConfirmedRpcError(error, 'RPC_ERROR')) return reader.usable() ? 'none' : undefined
    throw error
  }
}

/**
 * A foreign transaction of a block between the page's newest and oldest slot, newest first,
 * and the entries that may answer it: the page's entries of its slot and the newest one below.
 */
async function findProbe<TMode extends U64Mode>(
  page: readonly SignatureInfo<TMode>[],
  reader: BlockReader,
): Promise<Probe | undefined> {
  const newest = page[0]
  const oldest = page.at(-1)
  if (newest === undefined || oldest === undefined) return undefined
  let tried = 0
  for (let slot = BigInt(newest.slot) - 1n; slot > BigInt(oldest.slot); slot--) {
    if (tried++ === BLOCKS_TRIED || !reader.usable()) return undefined
    const own = new Set<string>()
    let below: string | undefined
    for (const entry of page) {
      const at = BigInt(entry.slot)
      if (at === slot) own.add(entry.signature)
      else if (at < slot) {
        below = entry.signature
        break
      }
    }
    const foreign = (await reader.signatures(slot)).find((signature) => !own.has(signature))
    if (foreign !== undefined && below !== undefined) {
      return { foreign, expected: new Set([...own, below]) }
    }
  }
  return undefined
}
