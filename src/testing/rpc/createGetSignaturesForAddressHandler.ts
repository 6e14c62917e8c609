import { isPlainObject } from '../../json/parseJson'
import type { LedgerTransaction } from '../ledger/types'
import {
  blockTimeFor,
  type CommitmentLevel,
  compareInSlot,
  findVisibleTransaction,
  partitionPoint,
  type RpcContext,
  readCommitment,
} from './createRpcContext'
import { encodeTransactionError } from './encodeTransaction'
import type { ProfileRules } from './profileRules'
import {
  isUnsignedInteger,
  readPositionalParams,
  serdeMismatch,
  verifyPubkey,
  verifySignature,
} from './readParams'
import { invalidParams, type MethodHandler, type Outcome, ok, rpcError } from './types'
import type { JsonOut } from './writeJson'

/** MAX_GET_CONFIRMED_SIGNATURES_FOR_ADDRESS2_LIMIT: the default and the maximum. */
const MAX_LIMIT = 1000

/**
 * getSignaturesForAddress, or with `deprecated` getConfirmedSignaturesForAddress2 (the same scan;
 * only the config type differs: no `minContextSlot`). Order: params, address, before, until,
 * limit, commitment, context slot, cursors, scan.
 */
export function createGetSignaturesForAddressHandler(deprecated: boolean): MethodHandler {
  const structName = deprecated
    ? 'RpcGetConfirmedSignaturesForAddress2Config'
    : 'RpcSignaturesForAddressConfig'
  return (ctx, params) => {
    const positional = readPositionalParams(params, 1, 2)
    if (!positional.ok) return positional
    const [address, configParam] = positional.value
    if (typeof address !== 'string') return invalidParams(serdeMismatch(address, 'a string'))
    const config = readSignaturesConfigParam(configParam, ctx.rules, structName, !deprecated)
    if (!config.ok) return config
    const { before, until, commitment, minContextSlot } = config.value
    const lengthCheck = ctx.rules.base58LengthCheck
    const checks = [
      verifyPubkey(address, lengthCheck),
      ...(before === undefined ? [] : [verifySignature(before, lengthCheck)]),
      ...(until === undefined ? [] : [verifySignature(until, lengthCheck)]),
    ]
    for (const check of checks) if (!check.ok) return check
    const limit = config.value.limit ?? MAX_LIMIT
    if (limit === 0 || limit > MAX_LIMIT) return invalidParams(`Invalid limit; max ${MAX_LIMIT}`)
    if (commitment === 'processed')
      return invalidParams('Method does not support commitment below `confirmed`')
    const highestSlot =
      commitment === 'confirmed' ? ctx.frontiers.confirmed : ctx.frontiers.finalized
    if (minContextSlot !== undefined && minContextSlot > highestSlot) {
      return rpcError(-32016, 'Minimum context slot has not been reached', {
        contextSlot: highestSlot,
      })
    }
    const found = findAddressSignatures(ctx, { address, highestSlot, before, until, limit })
    if (!found.found) return rpcError(-32020, `Transaction ${found.cursor} not found`)
    return ok(found.entries.map((tx) => encodeSignatureInfo(ctx, tx, commitment)))
  }
}

/** The config of an address-history call, as the node reads it (before validation). */
type SignaturesConfig = Readonly<{
  before: string | undefined
  until: string | undefined
  limit: number | undefined
  commitment: CommitmentLevel
  minContextSlot: number | undefined
}>

/**
 * Reads the optional config object of getSignaturesForAddress / getConfirmedSignaturesForAddress2
 * with the node's deserializer messages. Fields are read in key order (the node's JSON maps are
 * sorted), so the first bad field by name is the one reported. Unknown keys are ignored.
 *
 * @param structName The config type's name in the node, which its messages quote.
 * @param acceptsMinContextSlot Only the replacement method has `minContextSlot` (from 1.10; an
 *   unknown field, ignored, before).
 */
function readSignaturesConfigParam(
  value: unknown,
  rules: ProfileRules,
  structName: string,
  acceptsMinContextSlot: boolean,
): Outcome<SignaturesConfig> {
  if (value === undefined || value === null) {
    return ok({
      before: undefined,
      until: undefined,
      limit: undefined,
      commitment: 'finalized',
      minContextSlot: undefined,
    })
  }
  if (!isPlainObject(value)) return invalidParams(serdeMismatch(value, `struct ${structName}`))
  const fields: { before?: string; until?: string; limit?: number; minContextSlot?: number } = {}
  for (const key of Object.keys(value).sort()) {
    const field = value[key]
    if (field === null || field === undefined) continue
    if (key === 'before' || key === 'until') {
      if (typeof field !== 'string') return invalidParams(serdeMismatch(field, 'a string'))
      fields[key] = field
    } else if (
      key === 'limit' ||
      (key === 'minContextSlot' && acceptsMinContextSlot && rules.minContextSlotParam)
    ) {
      if (!isUnsignedInteger(field)) {
        return invalidParams(serdeMismatch(field, key === 'limit' ? 'usize' : 'u64', true))
      }
      fields[key] = field
    }
  }
  return ok({
    before: fields.before,
    until: fields.until,
    limit: fields.limit,
    commitment: readCommitment(value, rules),
    minContextSlot: fields.minContextSlot,
  })
}

/** The lookup's query, already validated. */
type AddressSignaturesQuery = Readonly<{
  address: string
  highestSlot: number
  before: string | undefined
  until: string | undefined
  limit: number
}>

/** Entries newest first, or the cursor a 4.x node reports as not found. */
type AddressSignaturesResult =
  | { readonly found: true; readonly entries: readonly LedgerTransaction[] }
  | { readonly found: false; readonly cursor: string }

/**
 * The node's address-history scan (`get_confirmed_signatures_for_address2` in Agave's `ledger/src/blockstore.rs`). `before` and `until` are positions in
 * the ledger, both exclusive, and need not involve the address. The whole start slot (the
 * `before` slot, or the frontier) is taken before the limit is applied, then older slots newest
 * first down to the `until` slot; entries at or before `until` in its slot are dropped. Within a
 * slot the order is the release's (see {@link compareInSlot}).
 */
function findAddressSignatures(
  ctx: RpcContext,
  query: AddressSignaturesQuery,
): AddressSignaturesResult {
  const { address, highestSlot, before, until, limit } = query
  const firstAvailable = ctx.state.firstAvailableSlot
  const blockOrder = ctx.rules.blockOrderInSlot
  const beforeTx =
    before === undefined ? undefined : findVisibleTransaction(ctx, before, highestSlot)
  if (before !== undefined && beforeTx === undefined) {
    return ctx.rules.cursorNotFoundError
      ? { found: false, cursor: before }
      : { found: true, entries: [] }
  }
  const untilTx = until === undefined ? undefined : findVisibleTransaction(ctx, until, highestSlot)
  if (until !== undefined && untilTx === undefined && ctx.rules.cursorNotFoundError) {
    return { found: false, cursor: until }
  }
  const list = ctx.state.byAddress.get(address) ?? []
  const startSlot = beforeTx === undefined ? highestSlot : beforeTx.slot
  const lowestSlot = untilTx === undefined ? firstAvailable : untilTx.slot
  const entries: LedgerTransaction[] = []
  // The last entry at or below the start slot, in ledger order.
  let i = partitionPoint(list, (tx) => tx.slot <= startSlot) - 1
  scan: while (i >= 0) {
    const slot = (list[i] as LedgerTransaction).slot
    if (slot < firstAvailable || (slot !== startSlot && slot < lowestSlot)) break
    let first = i
    while (first > 0 && (list[first - 1] as LedgerTransaction).slot === slot) first--
    const group = list.slice(first, i + 1)
    if (!blockOrder) group.sort((a, b) => compareInSlot(a, b, false))
    for (let k = group.length - 1; k >= 0; k--) {
      const entry = group[k] as LedgerTransaction
      if (slot !== startSlot && entries.length >= limit) break scan
      if (slot === startSlot && beforeTx !== undefined) {
        if (compareInSlot(entry, beforeTx, blockOrder) >= 0) continue
      }
      if (untilTx !== undefined && slot === untilTx.slot) {
        if (compareInSlot(entry, untilTx, blockOrder) <= 0) continue
      }
      entries.push(entry)
    }
    i = first - 1
  }
  return { found: true, entries: entries.length > limit ? entries.slice(0, limit) : entries }
}

/**
 * One signature info as the node writes it: every field the release has present (nulls kept),
 * the status `finalized` up to the finalized frontier and `confirmed` above it. `blockTime`
 * arrived in 1.4.25 / 1.5.5, `confirmationStatus` in 1.5.18 / 1.6.3, memos in 1.6.23 / 1.7.12
 * (the key was there, always null, before), `transactionIndex` in 4.0.
 */
export function encodeSignatureInfo(
  ctx: RpcContext,
  tx: LedgerTransaction,
  commitment: CommitmentLevel,
): JsonOut {
  return {
    signature: tx.signature,
    slot: tx.slot,
    err: encodeTransactionError(tx.meta.err, ctx.rules),
    memo: ctx.rules.memos ? tx.memo : null,
    blockTime: ctx.rules.blockTime ? blockTimeFor(ctx, tx.slot, commitment) : undefined,
    confirmationStatus: ctx.rules.confirmationStatus
      ? tx.slot <= ctx.frontiers.finalized
        ? 'finalized'
        : 'confirmed'
      : undefined,
    transactionIndex: ctx.rules.transactionIndex ? tx.indexInBlock : undefined,
  }
}
