import { accessSync, closeSync, constants, openSync, statSync } from 'node:fs'
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
