import { writeFileSync } from 'node:fs'
import { EXIT_CODES } from '../command/process'
import type { CliIo } from '../command/types'
import { formatMigrateReport } from './formatMigrateReport'
import { formatUnifiedDiff } from './formatUnifiedDiff'
import { migrateFiles } from './migrateFiles'
import type { RunMigrateOptions } from './RunMigrateOptions'
import { toDisplayPath } from './toDisplayPath'

/**
 * The body of `confirmed-rpc migrate` once its arguments are checked: every file is rewritten
 * in memory first; then the diff goes to stdout (or, with `write`, the changed files are
 * written in place) and the report to stderr. Returns 1 when a file could not be read,
 * parsed or written (the others were still handled), else 0.
 */
export function runMigrate(options: RunMigrateOptions, io: CliIo): number {
  const { migrations, tsconfig } = migrateFiles({
    files: options.files,
    cwd: io.cwd,
    tsconfig: options.tsconfig,
    tsMorph: options.tsMorph,
  })
  const changed = migrations.filter((file) => file.rewritten !== file.original)
  const writeErrors = new Map<string, string>()
  for (const file of changed) {
    if (!options.write) {
      io.stdout(formatUnifiedDiff(file.displayPath, file.original, file.rewritten))
      continue
    }
    try {
      writeFileSync(file.path, (file.bom === true ? '\uFEFF' : '') + file.rewritten)
    } catch (error) {
      writeErrors.set(file.path, (error as Error).message)
    }
  }
  io.stderr(
    formatMigrateReport(migrations, {
      tsconfig: tsconfig === undefined ? undefined : toDisplayPath(io.cwd, tsconfig),
      write: options.write,
      writeErrors,
    }),
  )
  const failed = writeErrors.size > 0 || migrations.some((file) => file.error !== undefined)
  return failed ? EXIT_CODES.failure : EXIT_CODES.ok
}
