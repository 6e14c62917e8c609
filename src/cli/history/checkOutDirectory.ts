import { accessSync, constants, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { UsageError } from '../UsageError'

/**
 * Checks, before anything is written, that `--out` can be created where it points: its directory
 * exists, is a directory and is writable, and the path itself is not a directory. `out` is the
 * resolved path, `given` the argument as the user typed it, which is how the message names it.
 */
export function checkOutDirectory(out: string, given: string): void {
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
  if (statSync(out, { throwIfNoEntry: false })?.isDirectory() === true) {
    throw new UsageError(`--out ${given} is a directory: name a file, e.g. ${given}/history.jsonl`)
  }
  try {
    accessSync(directory, constants.W_OK)
  } catch {
    throw new UsageError(`--out ${given}: the directory ${shownDirectory} is not writable`)
  }
}
