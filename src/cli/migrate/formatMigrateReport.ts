import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff'
import type { Node } from 'ts-morph'
import type { FileMigration, MigrateFinding } from './types'

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

/**
 * One report line: `path:line:column: rewritten old -> new: how`, or `left old: why` (a comment
 * above the call says the same), `ignored old: why it is not a web3.js Connection call`, or
 * `test double old: what to change in it`.
 */
function formatFinding(finding: MigrateFinding): string {
  const where = `${finding.file}:${finding.line}:${finding.column}`
  const what =
    finding.outcome === 'rewritten' ? `${finding.method} -> ${finding.replacement}` : finding.method
  const outcome = finding.outcome === 'double' ? 'test double' : finding.outcome
  return `${where}: ${outcome} ${what}: ${finding.detail}`
}

/**
 * A unified diff of one file, with `a/` and `b/` prefixes and three lines of context, which
 * `git apply` and `patch -p1` take as they are. `path` uses forward slashes.
 */
export function formatUnifiedDiff(path: string, before: string, after: string): string {
  return createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  })
}

/**
 * A node's source on one line, cut to `max` characters: how reports and comments quote code
 * (`tx.transaction.signatures`) without pasting a whole multi-line expression.
 */
export function shortText(node: Node, max = 50): string {
  const text = node.getText().replace(/\s+/g, ' ')
  return text.length > max ? `${text.slice(0, max - 3)}...` : text
}
