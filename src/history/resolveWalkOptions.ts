import { invalidParam } from '../errors/ConfirmedRpcError'
import {
  ADDRESS,
  booleanField,
  checkCommitment,
  checkSignal,
  type FieldReader,
  type Fields,
  field,
  integerField,
  isFunction,
  moved,
  readFields,
  signatureField,
  toBase58String,
} from '../params/readFields'
import type { Base58Input } from '../schemas/common'
import { readCheckpoint } from './readCheckpoint'
import type { SignaturesForAddressOptions } from './SignaturesForAddressOptions'
import type { HistoryCheckpoint, HistoryWalker, WalkPlan } from './types'

/** The options every history walk knows, and how each is read (defaults included). @internal */
// The factory calls are marked pure: a bundle that never walks must be able to drop this table.
export const WALK_OPTIONS = {
  before: signatureField,
  until: signatureField,
  // A total, not a page size: it may exceed 1000.
  // (2^53-1 as a literal: a bundler cannot tell that reading `Number.MAX_SAFE_INTEGER`, or
  // computing `2 ** 53 - 1`, is free of effects, and would keep this table.)
  limit: /* @__PURE__ */ integerField(1, 9_007_199_254_740_991),
  pageSize: /* @__PURE__ */ integerField(1, 1000, 1000),
  commitment: checkCommitment,
  signal: checkSignal,
  resume: (value: unknown): unknown => value,
  pageRetries: /* @__PURE__ */ integerField(0, 100, 3),
  pageRetryDelayMs: /* @__PURE__ */ integerField(0, 60_000, 200),
  emptyPageChecks: /* @__PURE__ */ integerField(0, 100, 2),
  // Off unless asked for: see the option's TSDoc.
  headCheck: /* @__PURE__ */ booleanField(false),
  walker: /* @__PURE__ */ field<HistoryWalker>(
    (value) => isFunction((value as Partial<HistoryWalker>).walk),
    'a walker, such as rangeWalker({ parallel: 8 })',
  ),
  // Options of the second wave, now the walker's: named in the refusal rather than "unknown".
  parallel: /* @__PURE__ */ moved('rangeWalker'),
  order: /* @__PURE__ */ moved('rangeWalker'),
}

/** The options of a walk: those of every walk, plus those of the kind of walk. @internal */
type WalkOptionReaders = typeof WALK_OPTIONS & Readonly<Record<string, FieldReader>>

/**
 * Validates the address and options of a walk, so that bad input throws `InvalidParamError`
 * before any request.
 * @internal
 */
export function resolveWalkOptions<R extends WalkOptionReaders = typeof WALK_OPTIONS>(
  method: string,
  address: Base58Input,
  options: SignaturesForAddressOptions | undefined,
  readers: R = WALK_OPTIONS as R,
): WalkPlan & Omit<Fields<R>, keyof WalkPlan | 'limit' | 'resume'> {
  const addr = toBase58String(address, ADDRESS, method, 'address')
  const o: Fields<WalkOptionReaders> = readFields(options, readers, method, 'options')
  let start: HistoryCheckpoint
  if (o.resume !== undefined) {
    for (const key of ['before', 'until', 'limit', 'commitment'] as const) {
      if (o[key] !== undefined) {
        throw invalidParam(method, `options.${key}`, 'the `resume` checkpoint already holds it')
      }
    }
    start = readCheckpoint(o.resume, addr, method)
    checkWalkerFits(start, o.walker, method)
  } else {
    const { before, until, limit: remaining, commitment } = o
    start = { version: 1, address: addr, before, until, remaining, commitment, done: false }
    if (o.walker?.order === 'oldest') start = { ...start, order: 'oldest' }
  }
  const { until, commitment } = start
  return { ...(o as Fields<R>), address: addr, until, commitment, start }
}

/**
 * A checkpoint resumes with any walker of its order (a newest-first one made by `rangeWalker`
 * continues one stream of pages, and the other way round); an oldest-first one needs a walker
 * that walks oldest first, which the error names.
 */
function checkWalkerFits(
  start: HistoryCheckpoint,
  walker: HistoryWalker | undefined,
  method: string,
): void {
  const order = start.order ?? 'newest'
  if ((walker?.order ?? 'newest') === order) return
  throw invalidParam(
    method,
    'options.walker',
    order === 'oldest'
      ? "an oldest-first checkpoint resumes with rangeWalker({ order: 'oldest' })"
      : `a newest-first checkpoint resumes without ${walker?.name ?? 'a walker'} or with rangeWalker()`,
  )
}
