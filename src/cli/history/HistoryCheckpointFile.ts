import type { HistoryCheckpoint } from '../../history/types'
import type { WalletCheckpoint } from '../../wallet/types'
import type { HistoryQuery } from './HistoryQuery'

/**
 * The checkpoint file of an export (`<out>.checkpoint.json`), replaced atomically after each
 * batch is durable in the output: the first `outputBytes` bytes of the output hold exactly the
 * entries up to `walk`, and `--resume` truncates the output to them and continues the walk.
 */
export type HistoryCheckpointFile = Readonly<{
  /** Format version of this file. */
  version: 1
  /** The query of the export: `--resume` refuses a command line that asks for another. */
  query: HistoryQuery
  /** Length of the output, in bytes, that this checkpoint vouches for. */
  outputBytes: number
  /** Entries in those bytes. */
  entries: number
  /** Batches (pages) in those bytes. */
  pages: number
  /** The library's checkpoint of the walk, after the last entry in those bytes. */
  walk: HistoryCheckpoint | WalletCheckpoint
}>
