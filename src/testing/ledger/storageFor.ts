import type { Recording } from './DraftInstruction'
import { STORAGE_GENERATIONS, type StorageGeneration } from './StorageGeneration'

/** The `old` recording: a row stored by a release without token balances and rewards. */
const OLD_ROWS = STORAGE_GENERATIONS.v1_3

/**
 * The release that stored a row, given the draft's recording and the release that would have:
 * an `old` row was stored by 1.3 (logs, no token balances, no rewards) unless the writer is
 * older still.
 */
export function storageFor(
  recording: Recording,
  writer: StorageGeneration = STORAGE_GENERATIONS.current,
): StorageGeneration {
  return recording === 'old' && OLD_ROWS.order < writer.order ? OLD_ROWS : writer
}
