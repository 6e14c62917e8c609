import { encodeBase58 } from '../../base58/encodeBase58'
import type { LedgerTransaction, TokenBalance } from '../ledger/LedgerState'
import { allAccountKeys } from './allAccountKeys'
import { encodeBase64 } from './encodeBase64'
import { encodeTransactionError } from './encodeTransactionError'
import type { JsonOut } from './JsonOut'
import { parseInstruction } from './parseInstruction'
import type { ProfileRules } from './profileRules'
import { uiTokenAmount } from './uiTokenAmount'

function tokenBalances(balances: readonly TokenBalance[] | null): JsonOut {
  if (balances === null) return null
  return balances.map((balance) => ({
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals),
    // Old rows stored empty strings; the node leaves those fields out.
    owner: balance.owner === '' ? undefined : balance.owner,
    programId: balance.programId === '' ? undefined : balance.programId,
  }))
}

/**
 * `meta` of a lookup result (server-semantics §7), fields in the node's order. `null` marks what
 * was not recorded; `loadedAddresses` is always written except in jsonParsed form (its keys are in
 * `accountKeys` there); `returnData`, `computeUnitsConsumed` and `costUnits` only when stored.
 *
 * @example
 * ```ts
 * import { profileRules } from './profileRules'
 * import type { LedgerTransaction } from '../ledger/LedgerState'
 * declare const tx: LedgerTransaction
 * const meta = encodeMeta(tx, false, profileRules('v1.18')) // with loadedAddresses
 * ```
 */
export function encodeMeta(tx: LedgerTransaction, parsed: boolean, rules: ProfileRules): JsonOut {
  const { meta } = tx
  const err = encodeTransactionError(meta.err, rules)
  const keys = parsed ? allAccountKeys(tx) : []
  return {
    err,
    status: err === null ? { Ok: null } : { Err: err },
    fee: meta.fee,
    preBalances: meta.preBalances,
    postBalances: meta.postBalances,
    innerInstructions:
      meta.innerInstructions?.map((entry) => ({
        index: entry.index,
        instructions: entry.instructions.map((instruction) =>
          parsed
            ? parseInstruction(instruction, keys)
            : {
                programIdIndex: instruction.programIdIndex,
                accounts: instruction.accounts,
                data: encodeBase58(instruction.data),
                stackHeight: instruction.stackHeight,
              },
        ),
      })) ?? null,
    logMessages: meta.logMessages,
    preTokenBalances: tokenBalances(meta.preTokenBalances),
    postTokenBalances: tokenBalances(meta.postTokenBalances),
    rewards:
      meta.rewards?.map((reward) => ({
        pubkey: reward.pubkey,
        lamports: reward.lamports,
        postBalance: reward.postBalance,
        rewardType: reward.rewardType,
        commission: reward.commission,
      })) ?? null,
    loadedAddresses: parsed
      ? undefined
      : { writable: tx.loadedAddresses.writable, readonly: tx.loadedAddresses.readonly },
    returnData:
      meta.returnData === undefined
        ? undefined
        : {
            programId: meta.returnData.programId,
            data: [encodeBase64(meta.returnData.data), 'base64'],
          },
    computeUnitsConsumed: meta.computeUnitsConsumed,
    costUnits: rules.costUnits ? meta.costUnits : undefined,
  }
}
