import bs58 from 'bs58'
import { isPlainObject } from '../../json/parseJson'
import { isSigner, isWritable } from '../ledger/accountPrivileges'
import type {
  LedgerMessage,
  LedgerTransaction,
  Reward,
  TokenBalance,
  TransactionErrorJson,
} from '../ledger/types'
import { parseInstruction } from './parseInstruction'
import type { ProfileRules } from './profileRules'
import type { WireEncoding } from './types'
import { uiTokenAmount } from './uiTokenAmount'
import type { JsonOut } from './writeJson'

function addressTableLookups(message: LedgerMessage): JsonOut | undefined {
  return message.addressTableLookups?.map((lookup) => ({
    accountKey: lookup.accountKey,
    writableIndexes: lookup.writableIndexes,
    readonlyIndexes: lookup.readonlyIndexes,
  }))
}

/**
 * A v1 message's `transactionConfig`, last member of the message in `json` and `jsonParsed`, its
 * unset values `null` (Agave 4.2; the four members in the order of `solana-message`'s
 * `v1::TransactionConfig`, camelCase: anza-xyz/solana-sdk `message/src/versions/v1/config.rs`
 * at 122f32e; kit's `TransactionConfig`, anza-xyz/kit `packages/rpc-types/src/transaction.ts` at
 * 94adb60). Left out of legacy and v0 messages.
 */
function transactionConfig(message: LedgerMessage): JsonOut | undefined {
  const config = message.transactionConfig
  if (config === undefined) return undefined
  return {
    priorityFee: config.priorityFee,
    computeUnitLimit: config.computeUnitLimit,
    loadedAccountsDataSizeLimit: config.loadedAccountsDataSizeLimit,
    heapSize: config.heapSize,
  }
}

/** What top-level instructions show as `stackHeight`: nothing before 1.16. */
function topLevelStackHeight(rules: ProfileRules): number | null | undefined {
  return rules.stackHeight ? rules.topLevelStackHeight : undefined
}

function rawMessage(tx: LedgerTransaction, rules: ProfileRules): JsonOut {
  const { message } = tx
  const stackHeight = topLevelStackHeight(rules)
  return {
    header: {
      numRequiredSignatures: message.header.numRequiredSignatures,
      numReadonlySignedAccounts: message.header.numReadonlySignedAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyUnsignedAccounts,
    },
    accountKeys: message.staticAccountKeys,
    recentBlockhash: message.recentBlockhash,
    instructions: message.instructions.map((instruction) => ({
      programIdIndex: instruction.programIdIndex,
      accounts: instruction.accounts,
      data: bs58.encode(instruction.data),
      stackHeight,
    })),
    addressTableLookups: addressTableLookups(message),
    transactionConfig: transactionConfig(message),
  }
}

function parsedMessage(tx: LedgerTransaction, rules: ProfileRules): JsonOut {
  const { message, loadedAddresses } = tx
  const keys = allAccountKeys(tx)
  const staticCount = message.staticAccountKeys.length
  const stackHeight = topLevelStackHeight(rules)
  const { reservedKeys, demoteInvokedPrograms } = rules
  const lookups = addressTableLookups(message)
  return {
    accountKeys: keys.map((pubkey, index) => ({
      pubkey,
      writable: isWritable(message, index, loadedAddresses, reservedKeys, demoteInvokedPrograms),
      signer: isSigner(message, index),
      source: rules.accountSource
        ? index < staticCount
          ? 'transaction'
          : 'lookupTable'
        : undefined,
    })),
    recentBlockhash: message.recentBlockhash,
    instructions: message.instructions.map((instruction) =>
      parseInstruction({ ...instruction, stackHeight }, keys, rules),
    ),
    // 1.10 to 1.14 wrote the legacy message's missing lookups as null (the field had no skip).
    addressTableLookups: lookups ?? (rules.parsedLegacyLookupsNull ? null : undefined),
    transactionConfig: transactionConfig(message),
  }
}

/**
 * The `transaction` member of a lookup result in the requested encoding: `[data, encoding]` for
 * base58/base64, a plain base58 string for the legacy `binary`, `{signatures, message}` for json
 * (static keys, compiled instructions) and jsonParsed (keys with flags, parsed instructions).
 */
export function encodeTransactionBody(
  tx: LedgerTransaction,
  encoding: WireEncoding,
  rules: ProfileRules,
): JsonOut {
  switch (encoding) {
    case 'binary':
      return bs58.encode(tx.wire)
    case 'base58':
      return [bs58.encode(tx.wire), 'base58']
    case 'base64':
      return [encodeBase64(tx.wire), 'base64']
    case 'json':
      return { signatures: tx.signatures, message: rawMessage(tx, rules) }
    case 'jsonParsed':
      return { signatures: tx.signatures, message: parsedMessage(tx, rules) }
  }
}

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
      ? (meta.rewards?.map((reward) => encodeReward(reward, rules)) ?? null)
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

/**
 * A reward as the node writes it (`Reward` of `transaction-status-client-types`): `commission`,
 * and from Agave 4.x `commissionBps` (skipped when unrecorded) with `commission: null` where the
 * commission was recorded in basis points.
 */
export function encodeReward(reward: Reward, rules: ProfileRules): JsonOut {
  const bps = rules.commissionBps ? reward.commissionBps : undefined
  return {
    pubkey: reward.pubkey,
    lamports: reward.lamports,
    postBalance: reward.postBalance,
    rewardType: reward.rewardType,
    commission: bps === undefined ? reward.commission : null,
    commissionBps: bps,
  }
}

/** `BPFLoaderError::VirtualMachineFailedToRunProgram`, which 1.3 reported as `Custom(0x0b9f0002)`. */
const VM_FAILED_TO_RUN = 0x0b9f_0002

/**
 * A stored transaction error as the profile's node writes it. From 3.0 `BorshIoError` lost its
 * message and became a unit variant, so `{"BorshIoError":"..."}` is written as `"BorshIoError"`.
 * Before 1.4.20 there was no `ProgramFailedToComplete`: the 1.3 BPF loader turned a program that
 * ran out of compute into `Custom(0x0b9f0002)` (`programs/bpf_loader/src/lib.rs` @v1.3.23).
 */
export function encodeTransactionError(
  err: TransactionErrorJson | null,
  rules: ProfileRules,
): JsonOut {
  if (err === null) return null
  if (isPlainObject(err) && Array.isArray(err.InstructionError)) {
    const [index, inner] = err.InstructionError as readonly unknown[]
    if (rules.borshIoErrorUnit && isPlainObject(inner) && Object.hasOwn(inner, 'BorshIoError')) {
      return { InstructionError: [index as number, 'BorshIoError'] }
    }
    if (!rules.programFailedToComplete && inner === 'ProgramFailedToComplete') {
      return { InstructionError: [index as number, { Custom: VM_FAILED_TO_RUN }] }
    }
  }
  return err as JsonOut
}

/**
 * Static keys, then loaded writable keys, then loaded readonly keys: what indexes resolve to.
 */
export function allAccountKeys(tx: LedgerTransaction): readonly string[] {
  const { writable, readonly } = tx.loadedAddresses
  if (writable.length === 0 && readonly.length === 0) return tx.message.staticAccountKeys
  return [...tx.message.staticAccountKeys, ...writable, ...readonly]
}

const CHUNK = 0x8000

/**
 * Standard base64 with padding, without Node's Buffer (the testing entry also runs in browsers).
 */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  }
  return btoa(binary)
}
