import { type Static, Type } from '@sinclair/typebox'
import {
  type ObjectVariantKeys,
  OpenVariants,
  StringEnum,
  Uint,
  type UnknownVariant,
} from './schemaBuilders'

/** Unit variants of the node's `InstructionError` (serialized as bare strings). */
const INSTRUCTION_ERROR_NAMES = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  // A unit variant from Agave 3.0; `{ BorshIoError: string }` before.
  'BorshIoError',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
] as const

const KnownInstructionErrorSchema = Type.Union([
  StringEnum(INSTRUCTION_ERROR_NAMES),
  /** A program's own error code. */
  Type.Object({ Custom: Uint() }),
  /** The same, as nodes 1.0.16-1.0.20 and 1.1.3-1.1.7 named it. */
  Type.Object({ CustomError: Uint() }),
  /** Up to Agave 2.3; a unit variant from 3.0. */
  Type.Object({ BorshIoError: Type.String() }),
])

/**
 * An instruction error this version knows: a unit variant name (`'InvalidAccountData'`),
 * `{ Custom: code }` (the program's own error code; `{ CustomError: code }` on nodes before 1.0.21
 * / 1.1.8) or `{ BorshIoError: message }` (1.5.9 to Agave 2.3).
 */
export type KnownInstructionError = Static<typeof KnownInstructionErrorSchema>

/**
 * Why an instruction failed: the inner value of `{ InstructionError: [index, error] }`. Known
 * variants are typed; a variant from a newer node arrives as it was sent (a string, or an object
 * with one key) and is typed by the open case.
 *
 * @example
 * ```ts
 * import type { InstructionError } from 'confirmed-rpc'
 *
 * function customCode(error: InstructionError): number | undefined {
 *   return typeof error === 'object' && 'Custom' in error ? error.Custom : undefined
 * }
 * ```
 */
export type InstructionError = KnownInstructionError | UnknownInstructionError

/**
 * An instruction error variant this version does not know: its name, or an object with one key
 * (never `Custom`, `CustomError` or `BorshIoError`).
 */
export type UnknownInstructionError = UnknownVariant<ObjectVariantKeys<KnownInstructionError>>

/** Schema of {@link InstructionError}. */
export const InstructionErrorSchema = OpenVariants<InstructionError>(
  KnownInstructionErrorSchema,
  'InstructionError',
)
