import type { FileMigration } from './FileMigration'
import { formatFinding } from './formatFinding'

/** How the run went, for {@link formatMigrateReport}. */
export type MigrateReportOptions = Readonly<{
  /** The tsconfig.json the compiler options came from (display path), if any. */
  tsconfig: string | undefined
  /** Whether the changes were written (`--write`) or only printed as a diff. */
  write: boolean
  /** Files whose writing failed, with the error message. */
  writeErrors: ReadonlyMap<string, string>
}>

/**
 * The report on stderr: where the types came from, one line per finding (file:line:column,
 * rewritten / left / ignored and why), one per file that failed, and a summary.
 */
export function formatMigrateReport(
  files: readonly FileMigration[],
  options: MigrateReportOptions,
): string {
  const lines = [
    `confirmed-rpc migrate: ${files.length} file${files.length === 1 ? '' : 's'} read, compiler options from ${options.tsconfig ?? 'defaults (no tsconfig.json found)'}`,
  ]
  for (const file of files) {
    if (file.error !== undefined) lines.push(`${file.displayPath}: failed: ${file.error}`)
    if (file.typesUnavailable !== undefined && file.findings.length > 0) {
      lines.push(`${file.displayPath}: note: ${file.typesUnavailable}; receivers matched by name`)
    }
    lines.push(...file.findings.map(formatFinding))
    const writeError = options.writeErrors.get(file.path)
    if (writeError !== undefined) lines.push(`${file.displayPath}: failed to write: ${writeError}`)
  }
  const findings = files.flatMap((file) => file.findings)
  const count = (outcome: string) => findings.filter((f) => f.outcome === outcome).length
  const changed = files.filter((file) => file.rewritten !== file.original)
  const failed = files.filter(
    (file) => file.error !== undefined || options.writeErrors.has(file.path),
  )
  const action = options.write
    ? `${changed.length - options.writeErrors.size} file(s) written`
    : `${changed.length} file(s) would change (run with --write to apply)`
  const doubles = count('double')
  const doubleText = doubles > 0 ? `, ${doubles} test double(s) to update` : ''
  lines.push(
    `${count('rewritten')} rewritten, ${count('left')} left with a comment, ${count('ignored')} ignored (not a web3.js Connection)${doubleText}; ${action}${failed.length > 0 ? `; ${failed.length} failed` : ''}`,
  )
  return `${lines.join('\n')}\n`
}
