import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount } from '../LedgerAccount'

/** What a kind of transaction contributes before compute budget, version and recording are chosen. */
export type DraftBody = Readonly<{
  payer: LedgerAccount
  instructions: readonly DraftInstruction[]
  /** Compute units the run needs at least, so a requested limit never cuts it short by accident. */
  minUnits: number
  loadError?: string | undefined
  rentShortfall?: LedgerAccount | undefined
  rentDebits?: readonly Readonly<{ account: LedgerAccount; lamports: bigint }>[] | undefined
}>
