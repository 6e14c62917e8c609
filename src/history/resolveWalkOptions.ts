import { checkCommitment, checkConfigObject, checkInteger } from '../params/checkConfigFields'
import { checkKnownKeys } from '../params/checkKnownKeys'
import { invalidParam } from '../params/invalidParam'
import { ADDRESS, SIGNATURE, toBase58String } from '../params/toBase58String'
import type { Base58Input, Commitment } from '../schemas/common'
import type { HistoryCheckpoint } from './HistoryCheckpoint'
import { readCheckpoint } from './readCheckpoint'
import type { SignaturesForAddressOptions } from './signaturesForAddress'

/** The option keys every history walk knows. @internal */
export const WALK_OPTION_KEYS = [
  'before',
  'until',
  'limit',
  'pageSize',
  'commitment',
  'signal',
  'resume',
  'pageRetries',
  'pageRetryDelayMs',
  'emptyPageChecks',
  'headCheck',
] as const

/** How hard a walk insists on a page that looks wrong. @internal */
export type WalkPolicy = Readonly<{
  pageRetries: number
  pageRetryDelayMs: number
  emptyPageChecks: number
  headCheck: boolean
}>

/** A walk's validated options. @internal */
export type WalkPlan = Readonly<{
  address: string
  until: string | undefined
  commitment: Commitment | undefined
  pageSize: number
  policy: WalkPolicy
  signal: AbortSignal | undefined
  /** Where the walk starts: a fresh checkpoint, or the one passed as `resume`. */
  start: HistoryCheckpoint
}>

/**
 * Validates the address and options of a walk, so that bad input throws `InvalidParamError`
 * before any request.
 * @internal
 */
export function resolveWalkOptions(
  method: string,
  address: Base58Input,
  options: SignaturesForAddressOptions | undefined,
  knownKeys: readonly string[] = WALK_OPTION_KEYS,
): WalkPlan {
  const addr = toBase58String(address, ADDRESS, method, 'address')
  checkConfigObject(options, method, 'options')
  const o: SignaturesForAddressOptions = options ?? {}
  checkKnownKeys(o, knownKeys, method, 'options')
  const max = Number.MAX_SAFE_INTEGER
  const pageSize = checkInteger(o.pageSize, 1, 1000, method, 'options.pageSize') ?? 1000
  const policy: WalkPolicy = {
    pageRetries: checkInteger(o.pageRetries, 0, 100, method, 'options.pageRetries') ?? 3,
    pageRetryDelayMs:
      checkInteger(o.pageRetryDelayMs, 0, 60_000, method, 'options.pageRetryDelayMs') ?? 200,
    emptyPageChecks:
      checkInteger(o.emptyPageChecks, 0, 100, method, 'options.emptyPageChecks') ?? 2,
    headCheck: o.headCheck ?? true,
  }
  if (typeof policy.headCheck !== 'boolean') {
    throw invalidParam(method, 'options.headCheck', 'expected a boolean')
  }
  const signal = o.signal
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw invalidParam(method, 'options.signal', 'expected an AbortSignal')
  }

  let start: HistoryCheckpoint
  if (o.resume !== undefined) {
    for (const key of ['before', 'until', 'limit', 'commitment'] as const) {
      if (o[key] !== undefined) {
        throw invalidParam(method, `options.${key}`, 'the `resume` checkpoint already holds it')
      }
    }
    start = readCheckpoint(o.resume, addr, method)
  } else {
    const before =
      o.before === undefined
        ? undefined
        : toBase58String(o.before, SIGNATURE, method, 'options.before')
    const until =
      o.until === undefined
        ? undefined
        : toBase58String(o.until, SIGNATURE, method, 'options.until')
    // A total, not a page size: it may exceed 1000.
    const limit = checkInteger(o.limit, 1, max, method, 'options.limit')
    const commitment = checkCommitment(o.commitment, method, 'options.commitment')
    start = { version: 1, address: addr, before, until, remaining: limit, commitment, done: false }
  }
  return {
    address: addr,
    until: start.until,
    commitment: start.commitment,
    pageSize,
    policy,
    signal,
    start,
  }
}

function isAbortSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AbortSignal).aborted === 'boolean' &&
    typeof (value as AbortSignal).addEventListener === 'function'
  )
}
