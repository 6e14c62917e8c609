import { readFileSync } from 'node:fs'
import type { HistoryCheckpoint } from '../../history/types'
import type { WalletCheckpoint } from '../../wallet/types'
import { UsageError } from '../UsageError'
import type { HistoryCheckpointFile } from './HistoryCheckpointFile'
import type { HistoryQuery } from './HistoryQuery'

/**
 * Reads an export's checkpoint file; `undefined` when there is none. A file that is not one
 * (not JSON, another version, a field missing) is a `UsageError`. The walk's own checkpoint is
 * checked by the library when the walk is built.
 */
export function readCheckpointFile(path: string): HistoryCheckpointFile | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new UsageError(`${path} is not a checkpoint file (not JSON): delete it to start over`)
  }
  const file = parsed as Partial<Record<keyof HistoryCheckpointFile, unknown>> | null
  const count = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0
  if (
    file === null ||
    typeof file !== 'object' ||
    file.version !== 1 ||
    typeof file.query !== 'object' ||
    file.query === null ||
    typeof (file.query as { address?: unknown }).address !== 'string' ||
    !count(file.outputBytes) ||
    !count(file.entries) ||
    !count(file.pages) ||
    typeof file.walk !== 'object' ||
    file.walk === null
  ) {
    throw new UsageError(
      `${path} is not a checkpoint file of this version: delete it to start over`,
    )
  }
  return {
    version: 1,
    query: file.query as HistoryQuery,
    outputBytes: file.outputBytes as number,
    entries: file.entries as number,
    pages: file.pages as number,
    walk: file.walk as HistoryCheckpoint | WalletCheckpoint,
  }
}
