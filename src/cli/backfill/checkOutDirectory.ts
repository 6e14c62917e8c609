import { accessSync, constants, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { UsageError } from '../command/process'

/**
 * Checks that `--out` names a directory this process can write to, or one it can create (its
 * nearest existing ancestor writable), without creating anything: a `UsageError` otherwise.
 */
export function checkOutDirectory(path: string, shown: string): void {
  let current = path
  for (;;) {
    let isDirectory: boolean | undefined
    try {
      isDirectory = statSync(current).isDirectory()
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR')
        throw new UsageError(`--out: cannot use ${shown} (${String(code)})`)
    }
    if (isDirectory === false) {
      throw new UsageError(
        `--out: ${current === path ? shown : current} is a file, not a directory`,
      )
    }
    if (isDirectory === true) {
      try {
        accessSync(current, constants.W_OK | constants.X_OK)
      } catch {
        throw new UsageError(`--out: cannot write in ${current === path ? shown : current}`)
      }
      return
    }
    const parent = dirname(current)
    if (parent === current) throw new UsageError(`--out: cannot use ${shown}`)
    current = parent
  }
}
