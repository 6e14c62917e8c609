import { isPlainObject } from '../../json/parseJson'
import type { LedgerTransaction } from '../ledger/LedgerState'
import type { ArchiveDialect } from './ArchiveDialect'
import { compareInSlot } from './compareInSlot'
import { encodeSignatureInfo } from './encodeSignatureInfo'
import type { MethodHandler } from './MethodHandler'
import { invalidParams, ok } from './RpcErrorObject'
import { verifyPubkey } from './verifyPubkey'
import { verifySignature } from './verifySignature'

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

/** The address's history between two slots, newest first, in block order within a slot. */
function finalizedHistory(
  list: readonly LedgerTransaction[],
  bounds: Readonly<{ lowest: number; highest: number }>,
): LedgerTransaction[] {
  return list
    .filter((tx) => tx.slot >= bounds.lowest && tx.slot <= bounds.highest)
    .sort((a, b) => b.slot - a.slot || compareInSlot(b, a, true))
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
