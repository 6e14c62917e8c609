import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  statSync,
  writeSync,
} from 'node:fs'
import { dirname } from 'node:path'
import { UsageError } from '../command/process'

/**
 * Checks, before anything is written or sent, that `--out` can be written where it points: its
 * directory exists, is a directory and is writable, and the path itself is missing or a regular
 * file this process can open for writing (opened and closed, unchanged: permissions, an immutable
 * file, a read-only mount). `out` is the resolved path, `given` the argument as the user typed
 * it, which is how the message names it.
 */
export function checkOutFile(out: string, given: string): void {
  const directory = dirname(out)
  const shownDirectory = dirname(given)
  const stats = statSync(directory, { throwIfNoEntry: false })
  if (stats === undefined) {
    throw new UsageError(
      `--out ${given}: the directory ${shownDirectory} does not exist; create it first, or choose another path`,
    )
  }
  if (!stats.isDirectory()) {
    throw new UsageError(`--out ${given}: ${shownDirectory} is not a directory`)
  }
  const file = statSync(out, { throwIfNoEntry: false })
  if (file?.isDirectory() === true) {
    throw new UsageError(`--out ${given} is a directory: name a file, e.g. ${given}/history.jsonl`)
  }
  // A device or a pipe cannot be cut back to a checkpoint's length (and opening a pipe waits
  // for its reader).
  if (file !== undefined && !file.isFile()) {
    throw new UsageError(
      `--out ${given} is not a regular file: the export writes a file it can cut back and extend`,
    )
  }
  try {
    accessSync(directory, constants.W_OK)
  } catch {
    throw new UsageError(`--out ${given}: the directory ${shownDirectory} is not writable`)
  }
  if (file !== undefined) checkWritable(out, given)
}

/** Opens an existing output for writing, and closes it: what opening it for the export meets. */
function checkWritable(out: string, given: string): void {
  let fd: number
  try {
    fd = openSync(out, 'r+')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new UsageError(
      `--out ${given}: this file cannot be written (${code}); make it writable, or choose another path`,
    )
  }
  closeSync(fd)
}

/** The output file of an export, written at known offsets: see {@link openOutputFile}. */
export type OutputFile = Readonly<{
  /** Its length in bytes, as far as this run wrote it. */
  bytes(): number
  /** Writes `text` at the end and flushes it to disk (fsync); returns the new length. */
  append(text: string): number
  close(): void
}>

/**
 * Opens an export's output at a known length: creates it if missing, cuts it to `length` bytes
 * (dropping what a crashed run wrote after its last checkpoint) and flushes that. A file shorter
 * than `length` cannot be continued: `undefined` then, and the file is left as it is.
 */
export function openOutputFile(path: string, length: number): OutputFile | undefined {
  const fd = openSync(path, 'a+')
  closeSync(fd)
  const handle = openSync(path, 'r+')
  if (fstatSync(handle).size < length) {
    closeSync(handle)
    return undefined
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
      return bytes
    },
    close: () => closeSync(handle),
  }
}
