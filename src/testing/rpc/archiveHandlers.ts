import { isPlainObject } from '../../json/parseJson'
import type { LedgerTransaction } from '../ledger/types'
import type { ArchiveDialect } from './ArchiveDialect'
import {
  createGetSignaturesForAddressHandler,
  encodeSignatureInfo,
} from './createGetSignaturesForAddressHandler'
import { createGetTransactionHandler } from './createGetTransactionHandler'
import { compareInSlot } from './createRpcContext'
import { verifyPubkey, verifySignature } from './readParams'
import { invalidParams, type MethodHandler, ok, rpcError } from './types'

/**
 * getSignaturesForAddress as an archive answers it (see {@link ArchiveDialect}), after Old
 * Faithful's `getSignaturesForAddress.go` and `gsfa/gsfa-read-multiepoch.go`: the config's
 * `before`/`until` are read only when strings and `limit` only when a number (else ignored);
 * invalid base58 is -32602 `Invalid params`; the history is the finalized one, newest first;
 * `before` and `until` are looked up in it by signature (unknown `before`: `[]`; unknown `until`:
 * ignored; a known `until` is listed, then the scan stops); then the page is emitted epoch by
 * epoch, the oldest epoch first when it spans several.
 */
export function createArchiveSignaturesHandler(dialect: ArchiveDialect): MethodHandler {
  return (ctx, params) => {
    const [address, configParam] = Array.isArray(params) ? params : []
    if (typeof address !== 'string' || !verifyPubkey(address).ok) {
      return invalidParams('Invalid params')
    }
    const config = isPlainObject(configParam) ? configParam : {}
    const cursor = (key: 'before' | 'until') => {
      const value = config[key]
      return typeof value === 'string' ? value : undefined
    }
    const before = cursor('before')
    const until = cursor('until')
    for (const signature of [before, until]) {
      if (signature !== undefined && !verifySignature(signature).ok) {
        return invalidParams('Invalid params')
      }
    }
    const asked = config.limit
    const limit =
      typeof asked === 'number' && asked > 0 && asked <= dialect.maxLimit
        ? Math.floor(asked)
        : dialect.maxLimit
    const history = finalizedHistory(ctx.state.byAddress.get(address) ?? [], {
      lowest: ctx.state.firstAvailableSlot,
      highest: ctx.frontiers.finalized,
    })
    let start = 0
    if (before !== undefined) {
      const index = history.findIndex((tx) => tx.signature === before)
      if (index < 0) return ok([])
      start = index + 1
    }
    const page: LedgerTransaction[] = []
    for (let index = start; index < history.length && page.length < limit; index++) {
      const tx = history[index] as LedgerTransaction
      page.push(tx)
      if (tx.signature === until) break
    }
    return ok(
      byEpoch(page, dialect.epochSlots).map((tx) => encodeSignatureInfo(ctx, tx, 'finalized')),
    )
  }
}

// The last history read of each address list: a walk asks for the same one page after page, and
// sorting it each time made a walk of small pages quadratic.
const lastHistory = new WeakMap<
  readonly LedgerTransaction[],
  Readonly<{ lowest: number; highest: number; history: readonly LedgerTransaction[] }>
>()

/** The address's history between two slots, newest first, in block order within a slot. */
function finalizedHistory(
  list: readonly LedgerTransaction[],
  bounds: Readonly<{ lowest: number; highest: number }>,
): readonly LedgerTransaction[] {
  const { lowest, highest } = bounds
  const last = lastHistory.get(list)
  if (last !== undefined && last.lowest === lowest && last.highest === highest) return last.history
  const history = list
    .filter((tx) => tx.slot >= lowest && tx.slot <= highest)
    .sort((a, b) => b.slot - a.slot || compareInSlot(b, a, true))
  lastHistory.set(list, { lowest, highest, history })
  return history
}

/** A newest-first page regrouped by epoch, the oldest epoch first, each newest first. */
function byEpoch(
  page: readonly LedgerTransaction[],
  epochSlots: number | undefined,
): LedgerTransaction[] {
  if (epochSlots === undefined) return [...page]
  const epochs = new Map<number, LedgerTransaction[]>()
  for (const tx of page) {
    const epoch = Math.floor(tx.slot / epochSlots)
    const group = epochs.get(epoch)
    if (group === undefined) epochs.set(epoch, [tx])
    else group.push(tx)
  }
  return [...epochs.entries()].sort(([a], [b]) => a - b).flatMap(([, group]) => group)
}

const GET_TRANSACTION = createGetTransactionHandler(false)

/**
 * getTransaction as an archive answers it, after Old Faithful
 * (`multiepoch-getTransaction.go`, `request-response.go:333-357`): the second param must be a
 * config object (a bare encoding is -32602 `Invalid params`); `commitment` and
 * `maxSupportedTransactionVersion` are not read (finalized history, and `version` is always
 * written, so no -32015); an unknown signature is -32009 `Transaction not found`.
 */
export function createArchiveTransactionHandler(): MethodHandler {
  return (ctx, params) => {
    const [signature, config, ...rest] = Array.isArray(params) ? params : []
    if (typeof signature !== 'string' || rest.length > 0) return invalidParams('Invalid params')
    if (config !== undefined && config !== null && !isPlainObject(config)) {
      return invalidParams('Invalid params')
    }
    const encoding = isPlainObject(config) ? config.encoding : undefined
    const answer = GET_TRANSACTION(ctx, [
      signature,
      {
        ...(encoding === undefined ? {} : { encoding }),
        commitment: 'finalized',
        maxSupportedTransactionVersion: 0,
      },
    ])
    if (answer.ok && answer.value === null) return rpcError(-32009, 'Transaction not found')
    return answer
  }
}

const AGAVE = createGetSignaturesForAddressHandler(false)
const KNOWN_KEYS = new Set(['before', 'until', 'limit', 'commitment', 'minContextSlot'])

/**
 * getSignaturesForAddress with Superbank's config checks in front of Agave 4's scan (solana-rpc/
 * superbank `handle_get_signatures_for_address`; `GetSignaturesForAddressOptions` has
 * `#[serde(deny_unknown_fields)]`): an unknown key, `limit: 0` and `processed` are -32602; a
 * limit above the cap is cut to it (`requested_limit.min(max_signatures_limit)`).
 */
export function createStrictSignaturesHandler(dialect: ArchiveDialect): MethodHandler {
  return (ctx, params) => {
    if (!Array.isArray(params)) return AGAVE(ctx, params)
    const [address, config, ...rest] = params
    if (!isPlainObject(config)) return AGAVE(ctx, params)
    const unknown = Object.keys(config).find((key) => !KNOWN_KEYS.has(key))
    if (unknown !== undefined) {
      return invalidParams(
        `Invalid params: failed to parse options (unknown field \`${unknown}\`, expected one of ${[...KNOWN_KEYS].map((key) => `\`${key}\``).join(', ')})`,
      )
    }
    const { limit, commitment } = config
    if (limit === 0) return invalidParams(`Invalid limit; max ${dialect.maxLimit}`)
    if (typeof commitment === 'string' && commitment.toLowerCase() === 'processed') {
      return invalidParams('Only confirmed or finalized commitments are supported')
    }
    const capped =
      typeof limit === 'number' && limit > dialect.maxLimit
        ? { ...config, limit: dialect.maxLimit }
        : config
    return AGAVE(ctx, [address, capped, ...rest])
  }
}
