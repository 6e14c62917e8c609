import type { LedgerTransaction } from '../ledger/LedgerState'
import { blockTimeFor } from './blockTimeFor'
import { encodeTransactionError } from './encodeTransactionError'
import type { JsonOut } from './JsonOut'
import type { RpcContext } from './RpcContext'
import type { CommitmentLevel } from './readCommitment'

/**
 * One signature info as the node writes it: every field present (nulls kept), the status
 * `finalized` up to the finalized frontier and `confirmed` above it, `transactionIndex` from 4.0.
 *
 * @example
 * ```ts
 * import type { LedgerTransaction } from '../ledger/LedgerState'
 * import type { RpcContext } from './RpcContext'
 * declare const ctx: RpcContext
 * declare const tx: LedgerTransaction
 * const info = encodeSignatureInfo(ctx, tx, 'finalized')
 * ```
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
    memo: tx.memo,
    blockTime: blockTimeFor(ctx, tx.slot, commitment),
    confirmationStatus: tx.slot <= ctx.frontiers.finalized ? 'finalized' : 'confirmed',
    transactionIndex: ctx.rules.transactionIndex ? tx.indexInBlock : undefined,
  }
}
