import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs'
import type { BooksCheckpoint } from '../../actions/index'
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

/**
 * Replaces the checkpoint file atomically and durably: written beside it, flushed, renamed over
 * it; a crash leaves the old file or the new one.
 */
export function writeBooksCheckpointFile(path: string, checkpoint: BooksCheckpointFile): void {
  const temporary = `${path}.${process.pid}.tmp`
  const fd = openSync(temporary, 'w')
  try {
    writeSync(fd, `${JSON.stringify(checkpoint, null, 2)}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temporary, path)
}

/** The output of a books export, appended and flushed batch by batch. */
export type BooksOutput = Readonly<{ bytes(): number; append(text: string): void; close(): void }>

/**
 * Opens the output at `length` bytes: created if missing, cut back to `length` (what a crashed
 * run wrote after its last checkpoint goes). A file shorter than `length` was changed since its
 * checkpoint: a `UsageError`.
 */
export function openBooksOutput(path: string, length: number, shown: string): BooksOutput {
  closeSync(openSync(path, 'a'))
  const handle = openSync(path, 'r+')
  const size = fstatSync(handle).size
  if (size < length) {
    closeSync(handle)
    throw new UsageError(
      `--resume: ${shown} has ${size} bytes, fewer than the ${length} its checkpoint vouches for; delete the checkpoint to start over`,
    )
  }
  ftruncateSync(handle, length)
  fsyncSync(handle)
  let bytes = length
  return {
    bytes: () => bytes,
    append: (text) => {
      const buffer = Buffer.from(text, 'utf8')
      let written = 0
      while (written < buffer.length) {
        written += writeSync(handle, buffer, written, buffer.length - written, bytes + written)
      }
      fsyncSync(handle)
      bytes += buffer.length
    },
    close: () => closeSync(handle),
  }
}
