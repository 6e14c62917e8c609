import { booleanField } from '../params/booleanField'
import { checkCommitment, checkSignal } from '../params/checkConfigFields'
import { integerField } from '../params/integerField'
import { type FieldReader, type Fields, readFields } from '../params/readFields'
import { signatureField } from '../params/signatureField'
import { ADDRESS, toBase58String } from '../params/toBase58String'
import type { Base58Input, Commitment } from '../schemas/common'
import { invalidParam } from '../shared/invalidParam'
import type { HistoryCheckpoint } from './HistoryCheckpoint'
import { readCheckpoint } from './readCheckpoint'
import type { SignaturesForAddressOptions } from './SignaturesForAddressOptions'

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
  parallel: /* @__PURE__ */ integerField(1, 64, 1),
  order: (value: unknown, method: string, param: string): 'newest' | 'oldest' | undefined => {
    if (value === undefined || value === 'newest' || value === 'oldest') return value
    throw invalidParam(method, param, "expected 'newest' or 'oldest'")
  },
}

/** The options of a walk: those of every walk, plus those of the kind of walk. @internal */
export type WalkOptionReaders = typeof WALK_OPTIONS & Readonly<Record<string, FieldReader>>

/**
 * A walk's validated options. `until` and `commitment` are the start's, which a resumed walk
 * takes from its checkpoint. @internal
 */
export type WalkPlan<R extends WalkOptionReaders = typeof WALK_OPTIONS> = Omit<
  Fields<R>,
  'before' | 'until' | 'limit' | 'commitment' | 'resume' | 'order'
> &
  Readonly<{
    address: string
    until: string | undefined
    /** Slot of `until`, when already known (a range's end): saves looking it up. */
    untilSlot?: bigint | undefined
    /**
     * The oldest slot a range keeps, once known: its walk ends with the page that reaches below
     * it, without asking for the next. */
    floor?: (() => bigint | undefined) | undefined
    commitment: Commitment | undefined
    /** Where the walk starts: a fresh checkpoint, or the one passed as `resume`. */
    start: HistoryCheckpoint
  }>

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
): WalkPlan<R> {
  const addr = toBase58String(address, ADDRESS, method, 'address')
  const o: Fields<WalkOptionReaders> = readFields(options, readers, method, 'options')
  let start: HistoryCheckpoint
  if (o.resume !== undefined) {
    for (const key of ['before', 'until', 'limit', 'commitment', 'order'] as const) {
      if (o[key] !== undefined) {
        throw invalidParam(method, `options.${key}`, 'the `resume` checkpoint already holds it')
      }
    }
    start = readCheckpoint(o.resume, addr, method)
  } else {
    const { before, until, limit: remaining, commitment } = o
    start = { version: 1, address: addr, before, until, remaining, commitment, done: false }
    if (o.order === 'oldest') start = { ...start, order: 'oldest' }
  }
  const { until, commitment } = start
  return { ...(o as Fields<R>), address: addr, until, commitment, start }
}
