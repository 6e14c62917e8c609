import { type Static, Type } from '@sinclair/typebox'
import { InstructionErrorSchema } from './InstructionError'
import {
  type ObjectVariantKeys,
  OpenVariants,
  StringEnum,
  Uint,
  type UnknownVariant,
} from './schemaBuilders'

/** Unit variants of the node's `TransactionError` (serialized as bare strings). */
const TRANSACTION_ERROR_NAMES = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'ResanitizationNeeded',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const AccountIndexSchema = Type.Object(
  { account_index: Uint() },
  { $id: 'TransactionErrorAccountIndex' },
)

const KnownTransactionErrorSchema = Type.Union([
  StringEnum(TRANSACTION_ERROR_NAMES),
  Type.Object({ InstructionError: Type.Tuple([Uint(), InstructionErrorSchema]) }),
  Type.Object({ DuplicateInstruction: Uint() }),
  Type.Object({ InsufficientFundsForRent: AccountIndexSchema }),
  Type.Object({ ProgramExecutionTemporarilyRestricted: AccountIndexSchema }),
])

/**
 * A transaction error this version knows: a unit variant name (`'BlockhashNotFound'`),
 * `{ InstructionError: [instructionIndex, InstructionError] }`, `{ DuplicateInstruction: index }`,
 * `{ InsufficientFundsForRent: { account_index } }` or
 * `{ ProgramExecutionTemporarilyRestricted: { account_index } }`.
 */
export type KnownTransactionError = Static<typeof KnownTransactionErrorSchema>

/**
 * Why a transaction failed (`meta.err`, `meta.status.Err`, a signature info's `err`), in the
 * node's JSON: PascalCase variant names, snake_case struct fields. Known variants are typed; a
 * variant from a newer node is accepted and kept as sent (a string, or an object with one key),
 * typed by the open case: narrow with `typeof` and `in`.
 *
 * @example
 * ```ts
 * import type { TransactionError } from 'confirmed-rpc'
 *
 * function failedInstruction(error: TransactionError): number | undefined {
 *   if (typeof error === 'object' && 'InstructionError' in error) {
 *     const [index] = error.InstructionError
 *     return index
 *   }
 *   return undefined
 * }
 * ```
 */
export type TransactionError = KnownTransactionError | UnknownTransactionError

/**
 * A transaction error variant this version does not know (from a newer node): its name, or an
 * object with one key (never one of the known object variants' keys).
 */
export type UnknownTransactionError = UnknownVariant<ObjectVariantKeys<KnownTransactionError>>

/** Schema of {@link TransactionError}. */
export const TransactionErrorSchema = OpenVariants<TransactionError>(
  KnownTransactionErrorSchema,
  'TransactionError',
)
