import { readdirSync, statSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import { UsageError } from '../command/process'

/** The file extensions the codemod reads: TypeScript and JavaScript in every module flavour. */
export const SOURCE_EXTENSIONS: readonly string[] = [
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
]

/** Directories never entered when a directory is given: dependencies and build output. */
const SKIPPED_DIRECTORIES: readonly string[] = ['node_modules', 'dist']

/**
 * The source files under the paths given on the command line, absolute, sorted, each once.
 * A directory is walked (skipping node_modules, dist and hidden directories; declaration
 * files `.d.ts` are not sources to rewrite); a file is taken as named. A path that does not
 * exist, or a named file that is not a source file, is a `UsageError` naming it: checked for
 * every path before anything is read or written.
 */
export function collectSourceFiles(paths: readonly string[], cwd: string): string[] {
  const found = new Set<string>()
  for (const given of paths) {
    const path = resolve(cwd, given)
    let stats: ReturnType<typeof statSync>
    try {
      stats = statSync(path)
    } catch {
      throw new UsageError(`path '${given}' does not exist`)
    }
    if (stats.isDirectory()) {
      walk(path, found)
    } else if (isSourceFile(path)) {
      found.add(path)
    } else {
      throw new UsageError(
        `path '${given}' is not a source file (expected ${SOURCE_EXTENSIONS.join(' ')})`,
      )
    }
  }
  return [...found].sort()
}

function walk(directory: string, found: Set<string>): void {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.includes(entry.name) && !entry.name.startsWith('.')) {
        walk(path, found)
      }
    } else if (entry.isFile() && isSourceFile(path)) {
      found.add(path)
    }
  }
}

function isSourceFile(path: string): boolean {
  return SOURCE_EXTENSIONS.includes(extname(path)) && !/\.d\.[cm]?ts$/.test(path)
}
