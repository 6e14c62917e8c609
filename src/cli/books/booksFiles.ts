import { readFileSync } from 'node:fs'
import type { BooksCheckpoint } from '../../actions/index'
import { type OutputFile, openOutputFile, writeJsonFileDurably } from '../command/durableFiles'
import { UsageError } from '../command/process'

/**
 * The checkpoint of a books export (`<out>.checkpoint.json`): the first `outputBytes` bytes of
 * the output hold exactly the rows up to `books`; `--resume` cuts the output back to them.
 */
export type BooksCheckpointFile = Readonly<{
  version: 1
  /** What the export was asked for: `--resume` refuses another command line. */
  query: Readonly<{ owner: string; format: string; from?: string; to?: string }>
  outputBytes: number
  rows: number
  books: BooksCheckpoint
}>

/** Reads the checkpoint file; `undefined` when there is none, a `UsageError` when it is not one. */
export function readBooksCheckpointFile(path: string): BooksCheckpointFile | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  let file: Partial<BooksCheckpointFile> | null = null
  try {
    file = JSON.parse(text)
  } catch {
    // Not JSON: refused below.
  }
  const count = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0
  if (
    file === null ||
    typeof file !== 'object' ||
    file.version !== 1 ||
    typeof file.query?.owner !== 'string' ||
    !count(file.outputBytes) ||
    !count(file.rows) ||
    typeof file.books !== 'object' ||
    file.books === null
  ) {
    throw new UsageError(`${path} is not a books checkpoint file: delete it to start over`)
  }
  return file as BooksCheckpointFile
}

/** Replaces the checkpoint file atomically and durably (see `writeJsonFileDurably`). */
export function writeBooksCheckpointFile(path: string, checkpoint: BooksCheckpointFile): void {
  writeJsonFileDurably(path, checkpoint)
}

/**
 * Opens the output at `length` bytes (see `openOutputFile`): created if missing, cut back to
 * `length`. A file shorter than `length` was changed since its checkpoint: a `UsageError`.
 */
export function openBooksOutput(path: string, length: number, shown: string): OutputFile {
  const file = openOutputFile(path, length)
  if (file !== undefined) return file
  throw new UsageError(
    `--resume: ${shown} has fewer bytes than the ${length} its checkpoint vouches for; delete the checkpoint to start over`,
  )
}
