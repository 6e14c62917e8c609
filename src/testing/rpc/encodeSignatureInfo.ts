import type { LedgerTransaction } from '../ledger/LedgerState'
import { blockTimeFor } from './blockTimeFor'
import { encodeTransactionError } from './encodeTransactionError'
import type { JsonOut } from './JsonOut'
import type { RpcContext } from './RpcContext'
import type { CommitmentLevel } from './readCommitment'

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
