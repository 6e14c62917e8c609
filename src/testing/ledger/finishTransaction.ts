import { type CompiledMessage, compileMessage } from './compileMessage'
import { type DraftTransaction, Execution } from './Execution'
import { encodeTransaction } from './encodeTransaction'
import { copyToSlab, internIndexes } from './memory'
import {
  MEMO_PROGRAM_ID,
  MEMO_V1_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from './programIds'
import { type StorageGeneration, storageFor } from './StorageGeneration'
import { StoredTransaction } from './StoredTransaction'
import type {
  InnerInstruction,
  LedgerAccount,
  LedgerMeta,
  LedgerTransaction,
  LookupTable,
  Reward,
  TokenBalance,
  TransactionErrorJson,
} from './types'

/** Where a transaction lands and what it may reference. */
export type FinishContext = Readonly<{
  slot: number
  indexInBlock: number
  recentBlockhash: Readonly<{ address: string; bytes: Uint8Array }>
  tables: readonly LookupTable[]
  /** Canonical log lines of this ledger, shared between transactions. */
  shared?: SharedValues | undefined
  /** The row was stored without its status meta (see `LedgerTransaction.metaMissing`). */
  metaMissing?: boolean | undefined
}>

/**
 * Values many transactions repeat; one copy of each keeps a big ledger's memory down. Log lines
 * only: kept as one copy each they take 2.8 MiB instead of 14.7 MiB (0.19x), a quarter of the
 * whole heap of a 20,000-transaction ledger (`bench/mockLedgerAllocation.ts`). Compute-unit
 * bigints were shared too until the same bench showed 0.4-0.5 MiB against 1.1-1.2 MiB, 1.4-1.6%
 * of the ledger: not worth a map.
 */
type SharedValues = Readonly<{ lines: Map<string, string> }>

/** Shared empty lists: most transactions have no rewards, no token balances, no CPI. */
const NONE: readonly never[] = Object.freeze([])
const NO_LOADED = Object.freeze({ writable: NONE, readonly: NONE })
const LAMPORTS_PER_SIGNATURE = 5_000n
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000
const MAX_UNITS = 1_400_000

/**
 * Turns a draft into a committed ledger transaction: compiles and signs the message, charges the
 * fee (5,000 lamports per signature plus the priority fee), runs the instructions, commits their
 * balance changes only on success, and records the status meta the way the draft's recording and
 * the release that stores the row say (see {@link StorageGeneration}). The world's balances move
 * forward, so the next transaction's pre balances are these post ones.
 */
export function finishTransaction(
  draft: DraftTransaction,
  context: FinishContext,
): LedgerTransaction {
  const { payer } = draft
  const compiled = compileDraft(draft, context.tables)
  const keys = compiled.keys
  const indexOf = (account: LedgerAccount): number => {
    const index = keys.indexOf(account)
    if (index < 0) throw new Error(`mock ledger: ${account.address} is used but not among the keys`)
    return index
  }
  const signatureCount = compiled.header.numRequiredSignatures
  const { limit, fee } = budgetOf(draft, signatureCount)

  const storage = storageFor(draft.recording, draft.storage)
  const preBalances = keys.map((account) => account.lamports)
  // The node collects balances only when the message names a token program it knows.
  const tracksTokens = keys.some(
    (account) =>
      account.address === TOKEN_PROGRAM_ID ||
      (storage.token2022Balances && account.address === TOKEN_2022_PROGRAM_ID),
  )
  const preTokenBalances = tracksTokens ? tokenBalances(keys, storage) : NONE

  const { err, execution } = run(draft, new Execution(limit, payer, fee, context.shared?.lines))
  const failure =
    err === null && draft.rentShortfall !== undefined
      ? { InsufficientFundsForRent: { account_index: indexOf(draft.rentShortfall) } }
      : err
  payer.lamports -= fee
  const rewards =
    failure === null && execution !== undefined ? commit(draft, execution, indexOf) : []
  const postBalances = keys.map((account) => {
    if (account.lamports < 0n) throw new Error(`mock ledger: ${account.address} went negative`)
    return account.lamports
  })
  const postTokenBalances = tracksTokens ? tokenBalances(keys, storage) : NONE

  const encoded = encodeTransaction(compiled, context.recentBlockhash.bytes)
  const accountKeys = keys.map((account) => account.address)
  const { memos, dataBytes } = memosOf(compiled, accountKeys)

  // What a row says for logs or inner instructions it did not record.
  const unrecorded = storage.emptyForUnrecorded ? NONE : null
  const consumed = execution === undefined ? 0 : execution.limit - execution.remaining
  // `plain`: a node without extended metadata storage, once that became optional (1.5.6).
  const extended =
    storage.logsAndInner && (draft.recording !== 'plain' || !storage.extendedStorageOptional)
  const returnData = execution?.returnData
  const meta: LedgerMeta = {
    err: failure,
    fee,
    preBalances,
    postBalances,
    innerInstructions: extended ? innerInstructionsOf(execution, unrecorded, indexOf) : unrecorded,
    logMessages: extended && execution !== undefined ? execution.logs : unrecorded,
    preTokenBalances: storage.tokenBalances ? preTokenBalances : null,
    postTokenBalances: storage.tokenBalances ? postTokenBalances : null,
    rewards: storage.rewards ? (rewards.length === 0 ? NONE : rewards) : null,
    ...(returnData !== undefined && extended && storage.returnData
      ? { returnData: { programId: returnData.program.address, data: copyToSlab(returnData.data) } }
      : {}),
    ...(storage.computeUnits ? { computeUnitsConsumed: BigInt(consumed) } : {}),
    ...(storage.costUnits ? { costUnits: BigInt(costUnitsOf(compiled, dataBytes, consumed)) } : {}),
  }

  return new StoredTransaction({
    signature: encoded.signatures[0] ?? '',
    signatures: encoded.signatures,
    slot: context.slot,
    indexInBlock: context.indexInBlock,
    wire: encoded.wire,
    loadedAddresses: loadedAddressesOf(compiled, accountKeys),
    meta,
    memo: formatMemo(memos),
    accountKeys,
    recentBlockhash: context.recentBlockhash.address,
    metaMissing: context.metaMissing,
  })
}

/** The draft's message: its payer, instructions, version and (v1) config. */
function compileDraft(draft: DraftTransaction, tables: readonly LookupTable[]): CompiledMessage {
  const { payer, instructions, version, transactionConfig } = draft
  return compileMessage(payer, instructions, version, tables, transactionConfig)
}

/**
 * The compute unit limit (the SetComputeUnitLimit, else 200,000 per other instruction up to
 * 1.4 million) and the fee: 5,000 lamports per signature plus the priority fee, rounded up. A v1
 * message states both (SIMD-0385): its unit limit (zero when unset) and its priority fee, a
 * total in lamports.
 */
function budgetOf(draft: DraftTransaction, signatureCount: number): { limit: number; fee: bigint } {
  const config = draft.transactionConfig
  if (config !== undefined) {
    return {
      limit: config.computeUnitLimit ?? 0,
      fee: LAMPORTS_PER_SIGNATURE * BigInt(signatureCount) + (config.priorityFee ?? 0n),
    }
  }
  let unitLimit: number | undefined
  let unitPrice = 0n
  let invocations = 0
  for (const instruction of draft.instructions) {
    if (instruction.unitLimit !== undefined) unitLimit = instruction.unitLimit
    else if (instruction.unitPrice !== undefined) unitPrice = instruction.unitPrice
    else invocations++
  }
  const limit = unitLimit ?? Math.min(DEFAULT_UNITS_PER_INSTRUCTION * invocations, MAX_UNITS)
  const fee =
    LAMPORTS_PER_SIGNATURE * BigInt(signatureCount) +
    (unitPrice * BigInt(limit) + 999_999n) / 1_000_000n
  return { limit, fee }
}

/** Runs the draft's instructions up to the first failure; a load error runs nothing. */
function run(
  draft: DraftTransaction,
  execution: Execution,
): { err: TransactionErrorJson | null; execution: Execution | undefined } {
  if (draft.loadError !== undefined) return { err: draft.loadError, execution: undefined }
  for (const [index, instruction] of draft.instructions.entries()) {
    execution.begin(index)
    instruction.run(execution)
    if (execution.err !== null) break
  }
  return { err: execution.err, execution }
}

/** Commits a successful run's balance and token changes, and rent debits (as `Rent` rewards). */
function commit(
  draft: DraftTransaction,
  execution: Execution,
  indexOf: (account: LedgerAccount) => number,
): Reward[] {
  const rewards: Reward[] = []
  for (const [account, delta] of execution.lamportDeltas) {
    indexOf(account)
    account.lamports += delta
  }
  // Accounts first come to life, then balances move (a new account may receive in the same
  // transaction), then owners change or accounts close, keeping the balance they have then.
  for (const { account, state } of execution.initialized) account.token = state
  for (const [account, delta] of execution.tokenDeltas) {
    if (account.token !== undefined) account.token.amount += delta
  }
  for (const { account, state } of execution.tokenUpdates) {
    account.token = state && { ...state, amount: account.token?.amount ?? state.amount }
  }
  for (const debit of draft.rentDebits ?? []) {
    indexOf(debit.account)
    debit.account.lamports -= debit.lamports
    rewards.push({
      pubkey: debit.account.address,
      lamports: -debit.lamports,
      postBalance: debit.account.lamports,
      rewardType: 'Rent',
      commission: null,
    })
  }
  return rewards
}

/** Keys a v0 message loaded from lookup tables (they follow the static keys, writable first). */
function loadedAddressesOf(
  compiled: CompiledMessage,
  accountKeys: readonly string[],
): LedgerTransaction['loadedAddresses'] {
  if (compiled.version !== 0) return NO_LOADED
  const statics = compiled.staticKeys.length
  const writableEnd = statics + compiled.loadedWritable.length
  return {
    writable: accountKeys.slice(statics, writableEnd),
    readonly: accountKeys.slice(writableEnd),
  }
}

/** The data of the top-level memo instructions, and the bytes of all instruction data. */
function memosOf(
  compiled: CompiledMessage,
  accountKeys: readonly string[],
): { memos: Uint8Array[]; dataBytes: number } {
  const memos: Uint8Array[] = []
  let dataBytes = 0
  for (const instruction of compiled.instructions) {
    dataBytes += instruction.data.length
    const program = accountKeys[instruction.programIdIndex]
    if (program === MEMO_PROGRAM_ID || program === MEMO_V1_PROGRAM_ID) memos.push(instruction.data)
  }
  return { memos, dataBytes }
}

/** The run's inner instructions as key indexes; `unrecorded` when nothing ran. */
function innerInstructionsOf(
  execution: Execution | undefined,
  unrecorded: readonly never[] | null,
  indexOf: (account: LedgerAccount) => number,
): LedgerMeta['innerInstructions'] {
  if (execution === undefined) return unrecorded
  if (execution.inner.length === 0) return NONE
  return execution.inner.map(({ index, records }) => ({
    index,
    instructions: records.map(
      (record): InnerInstruction => ({
        programIdIndex: indexOf(record.program),
        accounts: internIndexes(record.accounts.map(indexOf)),
        data: copyToSlab(record.data),
        stackHeight: record.stackHeight,
      }),
    ),
  }))
}

/** The cost model's units: signatures, write locks, instruction data and compute consumed. */
function costUnitsOf(compiled: CompiledMessage, dataBytes: number, consumed: number): number {
  const signatureCount = compiled.header.numRequiredSignatures
  const writableCount =
    signatureCount -
    compiled.header.numReadonlySignedAccounts +
    (compiled.staticKeys.length - signatureCount - compiled.header.numReadonlyUnsignedAccounts) +
    compiled.loadedWritable.length
  return 720 * signatureCount + 300 * writableCount + Math.floor(dataBytes / 4) + consumed
}

/**
 * Token balances of the keys that are token accounts of a program the release knows, in key
 * order (mints are not). Fields the release did not store are empty strings.
 */
function tokenBalances(
  keys: readonly LedgerAccount[],
  storage: StorageGeneration,
): readonly TokenBalance[] {
  const balances: TokenBalance[] = []
  for (const [accountIndex, account] of keys.entries()) {
    const token = account.token
    if (token === undefined) continue
    const program = token.mint.program.address
    if (program !== TOKEN_PROGRAM_ID && !storage.token2022Balances) continue
    balances.push({
      accountIndex,
      mint: token.mint.account.address,
      owner: storage.tokenOwner ? token.owner.address : '',
      programId: storage.tokenProgramId ? program : '',
      amount: token.amount,
      decimals: token.mint.decimals,
    })
  }
  return balances.length === 0 ? NONE : balances
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * The `memo` of a signature info, as a node stores it at commit time: each memo instruction's
 * data as `[<byte length>] <text>`, `(unparseable)` in place of text that is not valid UTF-8,
 * joined with `; `; null when there is none. Only top-level memo instructions count.
 */
export function formatMemo(memos: readonly Uint8Array[]): string | null {
  if (memos.length === 0) return null
  return memos.map((data) => `[${data.length}] ${decode(data)}`).join('; ')
}

function decode(data: Uint8Array): string {
  try {
    return utf8.decode(data)
  } catch {
    return '(unparseable)'
  }
}
