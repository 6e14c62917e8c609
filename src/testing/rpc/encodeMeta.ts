import bs58 from 'bs58'
import type { LedgerTransaction, TokenBalance } from '../ledger/LedgerState'
import { allAccountKeys } from './allAccountKeys'
import { encodeBase64 } from './encodeBase64'
import { encodeTransactionError } from './encodeTransactionError'
import type { JsonOut } from './JsonOut'
import { parseInstruction } from './parseInstruction'
import type { ProfileRules } from './profileRules'
import { uiTokenAmount } from './uiTokenAmount'

function tokenBalances(balances: readonly TokenBalance[] | null, rules: ProfileRules): JsonOut {
  if (balances === null) return null
  return balances.map((balance) => ({
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals, { stored: true }),
    // Rows stored before a field existed hold an empty string; the node leaves those out.
    owner: rules.tokenOwner && balance.owner !== '' ? balance.owner : undefined,
    programId: rules.tokenProgramId && balance.programId !== '' ? balance.programId : undefined,
  }))
}

/**
 * `meta` of a lookup result (`UiTransactionStatusMeta` in Agave's
 * `transaction-status-client-types`), fields in the node's order and only those the release has
 * (see `ProfileRules`). `null` marks what was not recorded; `loadedAddresses` is
 * always written (from 1.10.1) except in jsonParsed form (its keys are in `accountKeys` there);
 * `returnData`, `computeUnitsConsumed` and `costUnits` only when stored.
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
        instructions: entry.instructions.map((instruction) => {
          const stackHeight = rules.stackHeight ? instruction.stackHeight : undefined
          return parsed
            ? parseInstruction({ ...instruction, stackHeight }, keys, rules)
            : {
                programIdIndex: instruction.programIdIndex,
                accounts: instruction.accounts,
                data: bs58.encode(instruction.data),
                stackHeight,
              }
        }),
      })) ?? null,
    logMessages: meta.logMessages,
    preTokenBalances: rules.tokenBalances ? tokenBalances(meta.preTokenBalances, rules) : undefined,
    postTokenBalances: rules.tokenBalances
      ? tokenBalances(meta.postTokenBalances, rules)
      : undefined,
    rewards: rules.rewards
      ? (meta.rewards?.map((reward) => ({
          pubkey: reward.pubkey,
          lamports: reward.lamports,
          postBalance: reward.postBalance,
          rewardType: reward.rewardType,
          commission: reward.commission,
        })) ?? null)
      : undefined,
    loadedAddresses:
      parsed || !rules.loadedAddresses
        ? undefined
        : { writable: tx.loadedAddresses.writable, readonly: tx.loadedAddresses.readonly },
    returnData:
      meta.returnData === undefined || !rules.returnData
        ? undefined
        : {
            programId: meta.returnData.programId,
            data: [encodeBase64(meta.returnData.data), 'base64'],
          },
    computeUnitsConsumed: rules.computeUnitsConsumed ? meta.computeUnitsConsumed : undefined,
    costUnits: rules.costUnits ? meta.costUnits : undefined,
  }
}
