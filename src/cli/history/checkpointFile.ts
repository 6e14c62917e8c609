import { readFileSync } from 'node:fs'
import type { WalletCheckpoint } from '../../actions/index'
import type { HistoryCheckpoint } from '../../index'
import { writeJsonFileDurably } from '../command/durableFiles'
import { UsageError } from '../command/process'
import type { HistoryQuery } from './types'

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

/** Where the checkpoint of an export to `out` lives: beside it, `<out>.checkpoint.json`. */
export function checkpointPath(out: string): string {
  return `${out}.checkpoint.json`
}

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

/** Replaces the checkpoint file atomically and durably (see `writeJsonFileDurably`). */
export function writeCheckpointFile(path: string, checkpoint: HistoryCheckpointFile): void {
  writeJsonFileDurably(path, checkpoint)
}

const FIELDS: readonly (readonly [keyof HistoryQuery, string])[] = [
  ['address', '<address>'],
  ['format', '--format'],
  ['transactions', '--transactions'],
  ['encoding', '--encoding'],
  ['before', '--before'],
  ['until', '--until'],
  ['limit', '--limit'],
  ['order', '--order'],
  ['commitment', '--commitment'],
  ['wallet', '--wallet'],
]

/**
 * How a command line's query differs from the one a checkpoint was written for: one phrase per
 * differing argument (`--limit: 100 here, 200 in the checkpoint`); empty when they agree.
 */
export function findQueryMismatch(wanted: HistoryQuery, saved: HistoryQuery): string[] {
  const show = (value: unknown) => (value === undefined ? 'absent' : String(value))
  return FIELDS.filter(([key]) => wanted[key] !== saved[key]).map(
    ([key, flag]) => `${flag}: ${show(wanted[key])} here, ${show(saved[key])} in the checkpoint`,
  )
}
