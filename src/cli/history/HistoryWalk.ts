import type { HistoryCheckpoint } from '../../history/types'
import type { WalletCheckpoint } from '../../wallet/types'
import type { HistoryEntry } from './HistoryEntry'

/** The walk an export writes: batches of entries, each followed by a checkpoint. */
export type HistoryWalk = Readonly<{
  /** Batches of entries in output order; the walk's checkpoint covers each batch once yielded. */
  batches(): AsyncIterable<readonly HistoryEntry[]>
  /** Where the walk stands: after the last entry of the last batch yielded. */
  checkpoint(): HistoryCheckpoint | WalletCheckpoint
}>
