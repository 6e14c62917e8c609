import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { CursorNotFoundError } from '../errors/CursorNotFoundError'
import { FILTER_TRANSACTION_NOT_FOUND } from '../errors/JsonRpcErrorCode'
import { ResponseShapeError } from '../errors/ResponseShapeError'
import { getConfirmedSignaturesForAddress2 } from '../methods/getConfirmedSignaturesForAddress2'
import type { MethodContext } from '../methods/MethodContext'
import { SIGNATURE, toBase58String } from '../params/toBase58String'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { sleep } from '../transport/sleep'
import { findStaleEntry, type StaleEntry } from './findStaleEntry'
import type { PageCursor } from './PageCursor'
import type { WalkBounds } from './resolveWalkBounds'
import type { WalkPlan } from './resolveWalkOptions'
import { takeFreshEntries } from './takeFreshEntries'

const METHOD = 'getConfirmedSignaturesForAddress2'
/**
 * One-entry requests sent alongside a walk's first page when `headCheck` is on. With a share `p`
 * of lagging answers, a lagging head gets through with probability p^4: 0.005% at p = 8.5%, the
 * share the soak test's faults produce (one check let 0.8% of its walks through, two 0.1%).
 */
const HEAD_PROBES = 3

/** One accepted page. @internal */
export type PageOutcome<TMode extends U64Mode> = Readonly<{
  /** New entries, newest first; the cursor has moved to the last one. */
  entries: SignatureInfo<TMode>[]
  /** Nothing follows: the node ran out of history, or `until` was reached. */
  end: boolean
}>

/** What one page request needs besides the cursor. @internal */
export type PageRequest = Readonly<{
  plan: WalkPlan
  /** Entries to ask for. */
  limit: number
  /** Slots of the walk's cursors (looked up alongside the first page). */
  bounds: Promise<WalkBounds>
  /** `before` of the walk's start, whose slot `bounds` may tell. */
  startBefore: string | undefined
  signal: AbortSignal
}>

/**
 * Requests the page after `cursor` and returns what it adds, re-requesting answers that cannot
 * be right (all signs of a node that lags behind the one that served the previous page):
 * - a page with an entry newer than the cursor, or older than `until` (see `findStaleEntry`),
 *   or one that only repeats entries already taken;
 * - -32020 (the node does not know the cursor yet);
 * - an empty page, which also ends a history, but which a node that does not know the cursor
 *   gives too (nodes before 4.0): it is asked again `emptyPageChecks` times before the walk ends;
 * - with `headCheck`, a first page (no cursor yet) whose newest entry is older than the one a
 *   one-entry request sent alongside reports.
 * After `pageRetries` re-requests: `CursorNotFoundError`. Transport failures (429, 5xx, resets)
 * are the transport's to retry and pass through.
 * @internal
 */
export async function fetchPage<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  cursor: PageCursor,
  request: PageRequest,
): Promise<PageOutcome<TMode>> {
  const { plan, limit, signal } = request
  const { pageRetries, pageRetryDelayMs, emptyPageChecks } = plan.policy
  let retries = 0
  let emptyChecks = 0
  let probed = false
  let newest: SignatureInfo<TMode> | undefined
  const backOff = (attempt: number): Promise<void> =>
    sleep(Math.min(pageRetryDelayMs * 2 ** attempt, 10_000), signal)

  for (;;) {
    const before = cursor.signature
    const config = { before, until: plan.until, limit, commitment: plan.commitment }
    const pending = getConfirmedSignaturesForAddress2(context, plan.address, config, { signal })
    // A walk that starts at the newest block cannot tell a lagging node's first page from a
    // fresh one; one-entry requests sent alongside give second opinions on the newest entry.
    // Several of them: the page and every check would all have to lag to fool it.
    const probes: Promise<SignatureInfo<TMode> | undefined>[] = []
    const noteHeads = async (): Promise<void> => {
      // The newest entry any check has named stays the bar for every re-request of the page.
      for (const head of await Promise.all(probes)) {
        if (head !== undefined && (newest === undefined || head.slot > newest.slot)) newest = head
      }
    }
    if (before === undefined && plan.policy.headCheck && !probed) {
      probed = true
      for (let i = 0; i < HEAD_PROBES; i++) {
        const head = getConfirmedSignaturesForAddress2(
          context,
          plan.address,
          { ...config, limit: 1 },
          { signal },
        )
        probes.push(head.then((entries) => entries[0]).catch(() => undefined))
      }
    }
    let page: SignatureInfo<TMode>[]
    try {
      page = await pending
    } catch (error) {
      await noteHeads()
      const missing = cursorNotFound(error, before, plan.until)
      if (missing === undefined) throw error
      if (retries >= pageRetries) {
        throw new CursorNotFoundError({
          shortMessage: `The node does not know the ${missing.param} signature ${missing.cursor}, after ${retries + 1} attempts.`,
          details: [
            'A node that lags behind may not have it yet: resume later from walk.checkpoint().',
          ],
          context: { method: METHOD, endpoint: context.endpoint, ...missing },
          cause: error,
        })
      }
      await backOff(retries++)
      continue
    }
    await noteHeads()
    const { untilSlot, beforeSlot } = await request.bounds
    if (cursor.slot === undefined && before !== undefined && before === request.startBefore) {
      cursor.slot = beforeSlot
    }

    const first = page[0]
    const probeIsNewer =
      newest !== undefined &&
      (untilSlot === undefined || !(newest.slot < untilSlot)) &&
      (first === undefined || newest.slot > first.slot)
    // Past the retries the page is taken as it is rather than failing the walk: the nodes that
    // answer the page may all lag behind the one that answered a check.
    if (probeIsNewer && retries < pageRetries) {
      await backOff(retries++)
      continue
    }
    if (page.length === 0) {
      if (emptyChecks >= emptyPageChecks) return { entries: page, end: true }
      await backOff(emptyChecks++)
      continue
    }
    assertCursorSignature(page, context)
    const stale = findStaleEntry(page, cursor, plan.until, untilSlot)
    const outcome = stale === undefined ? takeFreshEntries(page, cursor, plan.until) : undefined
    if (
      outcome !== undefined &&
      (outcome.fresh.length > 0 || outcome.reachedUntil || page.length < limit)
    ) {
      return { entries: outcome.fresh, end: outcome.reachedUntil || page.length < limit }
    }
    // A full page of repeats, or entries outside the cursors: not an answer to this request.
    if (retries >= pageRetries) {
      throw staleError(
        context,
        cursor,
        plan.until,
        stale ?? { index: 0, param: 'before' },
        retries + 1,
      )
    }
    await backOff(retries++)
  }
}

/**
 * The last entry's signature becomes the next `before`: a value the server sent, so a bad one
 * is the server's fault (RESPONSE_SHAPE), not an invalid parameter of the caller's.
 */
function assertCursorSignature(
  page: readonly SignatureInfo<U64Mode>[],
  context: MethodContext,
): void {
  const index = page.length - 1
  const signature = page[index]?.signature ?? ''
  try {
    toBase58String(signature, SIGNATURE, METHOD, 'signature')
  } catch (error) {
    const path = `$[${index}].signature`
    throw new ResponseShapeError({
      code: 'RESPONSE_SHAPE',
      shortMessage: `The ${METHOD} result does not match its schema at ${path}.`,
      details: ['Expected a base58 transaction signature of 64 bytes.'],
      context: {
        method: METHOD,
        endpoint: context.endpoint,
        path,
        expected: 'a base58 signature of 64 bytes',
        received: 'another string',
      },
      cause: error,
    })
  }
}

function cursorNotFound(
  error: unknown,
  before: string | undefined,
  until: string | undefined,
): { cursor: string; param: 'before' | 'until' } | undefined {
  if (!isConfirmedRpcError(error, 'RPC_ERROR')) return undefined
  if (error.context.rpcCode !== FILTER_TRANSACTION_NOT_FOUND) return undefined
  // `Transaction <signature> not found`: the node names the cursor it lacks (`before` when it
  // lacks both).
  const message = error.context.rpcMessage
  if (before !== undefined && (until === undefined || message.includes(before))) {
    return { cursor: before, param: 'before' }
  }
  if (until !== undefined && (before === undefined || message.includes(until))) {
    return { cursor: until, param: 'until' }
  }
  return before === undefined ? undefined : { cursor: before, param: 'before' }
}

function staleError(
  context: MethodContext<U64Mode>,
  cursor: PageCursor,
  until: string | undefined,
  stale: StaleEntry,
  attempts: number,
): Error {
  const signature = stale.param === 'until' ? until : cursor.signature
  if (signature === undefined) {
    return new ResponseShapeError({
      code: 'RESPONSE_SHAPE',
      shortMessage: `The ${METHOD} result is not ordered newest to oldest at $[${stale.index}], after ${attempts} attempts.`,
      context: {
        method: METHOD,
        endpoint: context.endpoint,
        path: `$[${stale.index}].slot`,
        expected: 'slots that never rise',
        received: 'a newer slot',
      },
    })
  }
  const side = stale.param === 'until' ? 'older than the until' : 'newer than the before'
  return new CursorNotFoundError({
    shortMessage: `The node answered with entries ${side} signature ${signature}, after ${attempts} attempts.`,
    details: [
      'It does not know that signature yet (it lags behind the node that served the walk so far).',
      'Resume later from walk.checkpoint().',
    ],
    context: { method: METHOD, endpoint: context.endpoint, cursor: signature, param: stale.param },
  })
}
