import type { MethodContext } from '../actions/ActionClient'
import { getSignaturesForAddress } from '../actions/getSignaturesForAddress'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { toHistoryOrder } from '../history/archivePage'
import type { Commitment, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { RpcTransport } from '../transport/types'
import type { BlockReader } from './createBlockReader'
import type { CursorTrust } from './types'

/** The provider method (Helius) some endpoints serve beside the node's own. @internal */
export const PROVIDER_METHOD = 'getTransactionsForAddress'

/**
 * What one endpoint answered the range walk's probes, kept per transport: every walk over it,
 * whatever its walker value, asks each question once.
 */
type EndpointAnswers = {
  /** Whether it serves `PROVIDER_METHOD`: asked, or answered (see `askProviderMethod`). */
  provider?: Promise<boolean> | undefined
  /** Whether it reads a foreign cursor (see `judgeForeignCursor`), once an answer was sure. */
  cursors?: 'any' | 'none' | undefined
}

const answers = new WeakMap<RpcTransport, EndpointAnswers>()

/** Transports that only watch another's requests, and the transport whose answers they share. */
const watched = new WeakMap<RpcTransport, RpcTransport>()

/**
 * Lets `watcher`, a transport that sends every request through `inner` (one that counts or
 * times them), share `inner`'s answers: what is asked through one is known to the other, and a
 * walk over `inner` after a plan over `watcher` does not ask again.
 * @internal
 */
export function shareAnswers(watcher: RpcTransport, inner: RpcTransport): void {
  watched.set(watcher, watched.get(inner) ?? inner)
}

function answersOf(transport: RpcTransport): EndpointAnswers {
  const endpoint = watched.get(transport) ?? transport
  let kept = answers.get(endpoint)
  if (kept === undefined) {
    kept = {}
    answers.set(endpoint, kept)
  }
  return kept
}

/**
 * What the endpoint behind `transport` is known to do with a foreign cursor (see
 * `judgeForeignCursor`): `undefined` until a walk over it was sure.
 * @internal
 */
export function knownCursors(transport: RpcTransport): 'any' | 'none' | undefined {
  return answers.get(watched.get(transport) ?? transport)?.cursors
}

/** Keeps the foreign-cursor probe's sure answer for every later walk over `transport`. */
function noteCursors(transport: RpcTransport, trust: 'any' | 'none'): void {
  answersOf(transport).cursors = trust
}

/**
 * Whether the endpoint serves `getTransactionsForAddress` (a provider's method, not a node's),
 * asked once per transport with a one-entry request. Any JSON-RPC error (-32601 from a node that
 * lacks it, a -32602 from one that reads other params) means no. A transport failure is not an
 * answer: it resolves `false` for this walk and the next walk asks again. A probe stopped with
 * the walk that sent it is no answer either: a walk that shared it asks again itself. Never
 * rejects.
 * @internal
 */
export function askProviderMethod<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  address: string,
  signal: AbortSignal,
): Promise<boolean> {
  const kept = answersOf(context.transport)
  const shared = kept.provider
  const asked = shared ?? sendProviderProbe(context, address, signal, kept)
  return asked.catch(() =>
    shared === undefined || signal.aborted ? false : askProviderMethod(context, address, signal),
  )
}

function sendProviderProbe<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  address: string,
  signal: AbortSignal,
  kept: EndpointAnswers,
): Promise<boolean> {
  const config = { transactionDetails: 'signatures', limit: 1 }
  const asked: Promise<boolean> = context
    .transport({ method: PROVIDER_METHOD, params: [address, config] }, { signal })
    .then(
      () => true,
      (error: unknown) => {
        if (isConfirmedRpcError(error, 'RPC_ERROR')) return false
        if (kept.provider === asked) kept.provider = undefined
        throw error
      },
    )
  kept.provider = asked
  return asked
}

/**
 * The address's newest page, read once however many ask (the span's top and the foreign-cursor
 * probe's page, oldest first from the head): `PROBE_PAGE` entries, in history order, for the
 * price of the one entry the top needs.
 * @internal
 */
export function newestPageOnce<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  address: string,
  commitment: Commitment | undefined,
  signal: AbortSignal,
): () => Promise<readonly SignatureInfo<TMode>[]> {
  let page: Promise<readonly SignatureInfo<TMode>[]> | undefined
  return () => {
    const limit = PROBE_PAGE
    page ??= getSignaturesForAddress(context, address, { limit, commitment, signal }).then(
      toHistoryOrder,
    )
    return page
  }
}

/**
 * Whether the endpoint reads a foreign cursor, where a range that started at one came back
 * empty: the answer kept for this transport, else the probe's (see `probeForeignCursor`), kept
 * once it is sure. `'checked'` where no probe could tell or the probe failed.
 * @internal
 */
export async function judgeForeignCursor<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  address: string,
  commitment: Commitment | undefined,
  reader: BlockReader,
  signal: AbortSignal,
  head: Promise<readonly SignatureInfo<TMode>[] | undefined> | undefined,
): Promise<CursorTrust> {
  const known = knownCursors(context.transport)
  if (known !== undefined) return known
  try {
    const answer = await probeForeignCursor(context, address, commitment, reader, signal, head)
    if (answer !== 'checked') noteCursors(context.transport, answer)
    return answer
  } catch {
    return 'checked'
  }
}

/**
 * Entries of the address read first to build the probe in (the fewest a walk's page may give).
 * @internal
 */
export const PROBE_PAGE = 100

/** Read instead when the first page lies within two slots (an address in every transaction). */
const DENSE_PAGE = 1000

/** Blocks read, newest first, for a transaction that is not the address's. */
const BLOCKS_TRIED = 3

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
 * tried), `'checked'`.
 *
 * The page is `head` where the walk has it (the first page of a walk from the head, of at least
 * 100 entries), else asked; then the blocks, all at once; then the one-entry probe. Costs a page
 * of 100 entries unless `head` gives it (and one of 1,000 for an address in every transaction),
 * up to three blocks, and the probe. A transport failure is thrown.
 */
async function probeForeignCursor<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  address: string,
  commitment: Commitment | undefined,
  reader: BlockReader,
  signal: AbortSignal,
  head: Promise<readonly SignatureInfo<TMode>[] | undefined> | undefined,
): Promise<CursorTrust> {
  const base = { commitment, signal }
  const read = async (limit: number) =>
    toHistoryOrder(await getSignaturesForAddress(context, address, { ...base, limit }))
  const first =
    head === undefined ? read(PROBE_PAGE) : head.then((page) => page ?? read(PROBE_PAGE))
  try {
    let page = await first
    const oneSlot = page[0]?.slot === page.at(-1)?.slot
    if (oneSlot && page.length >= PROBE_PAGE && page.length < DENSE_PAGE) {
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
    // The endpoint answered the probe with an error (-32020 for a cursor it does not know), or
    // refused a block method: no cut can be trusted.
    if (isConfirmedRpcError(error, 'RPC_ERROR')) return 'none'
    throw error
  }
}

/**
 * A foreign transaction of a block between the page's newest and oldest slot, newest first,
 * and the entries that may answer it: the page's entries of its slot and the newest one below.
 * The blocks are read at once, and taken newest first, as one after another would be: the
 * first that holds a foreign transaction, unless one before it failed.
 */
async function findProbe<TMode extends U64Mode>(
  page: readonly SignatureInfo<TMode>[],
  reader: BlockReader,
): Promise<Probe | undefined> {
  const newest = page[0]
  const oldest = page.at(-1)
  if (newest === undefined || oldest === undefined) return undefined
  const slots: bigint[] = []
  for (let slot = BigInt(newest.slot) - 1n; slot > BigInt(oldest.slot); slot--) {
    if (slots.length === BLOCKS_TRIED) break
    slots.push(slot)
  }
  const blocks = await Promise.allSettled(slots.map((slot) => reader.signatures(slot)))
  for (const [i, block] of blocks.entries()) {
    if (block.status === 'rejected') throw block.reason
    const slot = slots[i] as bigint
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
    const foreign = block.value.find((signature) => !own.has(signature))
    if (foreign !== undefined && below !== undefined) {
      return { foreign, expected: new Set([...own, below]) }
    }
  }
  return undefined
}
