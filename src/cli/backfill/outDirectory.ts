import { accessSync, constants, mkdirSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { UsageError } from '../command/process'

/**
 * Checks that the worker's `--out` names a directory this process can write to, or one it can
 * create (its nearest existing ancestor writable), without creating anything: a `UsageError`
 * otherwise. `shown` is how messages name the path.
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

/**
 * Creates the worker's `--out` and its missing parents, one directory at a time from the nearest
 * existing one: each `mkdir` either makes its directory or fails, and a failure is a `UsageError`
 * naming the directory and why. Node's own `mkdirSync(path, { recursive: true })` is not used
 * because it never returns where a directory can be neither made nor found (it loops on the
 * ENOENT of `/proc/x`, at full CPU): here the steps are the path's own, so the work is bounded.
 */
export function makeOutDirectory(path: string, shown: string): void {
  const missing: string[] = []
  let current = path
  while (statSync(current, { throwIfNoEntry: false }) === undefined) {
    missing.unshift(current)
    const parent = dirname(current)
    if (parent === current) break
    current = parent
  }
  for (const directory of missing) {
    try {
      mkdirSync(directory)
    } catch (error) {
      const code = (error as { code?: unknown }).code
      // Another worker of the same --out made it in between: as good as made here.
      if (code === 'EEXIST' && statSync(directory).isDirectory()) continue
      const which = directory === path ? shown : directory
      throw new UsageError(`--out: cannot create the directory ${which} (${String(code ?? error)})`)
    }
  }
}
