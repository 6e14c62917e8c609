import type { HistoryCheckpoint } from '../../history/types'
import type { WalletCheckpoint } from '../../wallet/types'

/** How an export walks (not what it exports): see {@link openHistoryWalk}. */
export type WalkSettings = Readonly<{
  pageSize: number | undefined
  parallel: number | undefined
  /** A checkpoint to continue from; the query's cursors and limit are then its own. */
  resume: HistoryCheckpoint | WalletCheckpoint | undefined
  signal: AbortSignal | undefined
  /** Clock for the batches of `--transactions` (one closes after a second at most). */
  now: () => number
}>
