import type { InstructionShape } from './compileMessage'
import type { Execution } from './Execution'
import type { LedgerAccount } from './LedgerAccount'
import type { StorageGeneration } from './StorageGeneration'

/**
 * An instruction before compilation. `run` plays it against an Execution: at top level, or inside
 * another program's `run` as a CPI (then the Execution records it as an inner instruction).
 */
export type DraftInstruction = InstructionShape &
  Readonly<{
    run: (ex: Execution) => void
    /** SetComputeUnitLimit carries the limit it sets. */
    unitLimit?: number | undefined
    /** SetComputeUnitPrice carries its price, in micro-lamports per compute unit. */
    unitPrice?: bigint | undefined
  }>

/** How much of the status meta the (imitated) node recorded. */
export type Recording = 'full' | 'plain' | 'old'

/** A transaction before compilation, signing and execution. */
export type DraftTransaction = Readonly<{
  payer: LedgerAccount
  instructions: readonly DraftInstruction[]
  version: 'legacy' | 0
  /**
   * `plain`: a node without extended metadata storage (no logs, inner instructions, return data).
   * `old`: rows from before token balances and rewards were recorded.
   */
  recording: Recording
  /** The release that stores the row, which bounds what is recorded. @default the current one */
  storage?: StorageGeneration | undefined
  /** A load-time failure: the fee is charged and nothing runs (`ProgramAccountNotFound`, ...). */
  loadError?: string | undefined
  /** After a successful run this account is left below rent exemption: InsufficientFundsForRent. */
  rentShortfall?: LedgerAccount | undefined
  /** Rent collected from rent-paying accounts, reported as `Rent` rewards. */
  rentDebits?: readonly Readonly<{ account: LedgerAccount; lamports: bigint }>[] | undefined
}>
