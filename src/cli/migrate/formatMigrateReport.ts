import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff'
import type { Node } from 'ts-morph'
import { FIRST_WEB3_READING_V1 } from './installedWeb3Version'
import type { FileMigration, MigrateFinding } from './types'

/** How the run went, for {@link formatMigrateReport}. */
type MigrateReportOptions = Readonly<{
  /** The tsconfig.json the compiler options came from (display path), if any. */
  tsconfig: string | undefined
  /** Whether the changes were written (`--write`) or only printed as a diff. */
  write: boolean
  /** Files whose writing failed, with the error message. */
  writeErrors: ReadonlyMap<string, string>
}>

/**
 * The report on stderr: where the types came from, one line per finding (file:line:column,
 * rewritten / left / ignored and why), a note per file whose receivers were matched by name
 * (naming them once), one per file that failed, a note on the `maxSupportedTransactionVersion`
 * written and the web3.js it was chosen for, and a summary.
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
    const byName = nameNote(file)
    if (byName !== undefined) lines.push(`${file.displayPath}: note: ${byName}`)
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
  lines.push(...versionNotes(files))
  const doubles = count('double')
  const doubleText = doubles > 0 ? `, ${doubles} test double(s) to update` : ''
  lines.push(
    `${count('rewritten')} rewritten, ${count('left')} left with a comment, ${count('ignored')} ignored (not a web3.js Connection)${doubleText}; ${action}${failed.length > 0 ? `; ${failed.length} failed` : ''}`,
  )
  return `${lines.join('\n')}\n`
}

/**
 * Why a file's receivers were matched by name, and which names, with their lines:
 * `receivers of unknown type matched by name: \`connection\` (lines 3, 9), \`conn\` (line 8)`.
 */
function nameNote(file: FileMigration): string | undefined {
  const lines = new Map<string, number[]>()
  for (const finding of file.findings) {
    if (finding.receiverName === undefined) continue
    lines.set(finding.receiverName, [...(lines.get(finding.receiverName) ?? []), finding.line])
  }
  const names = [...lines].map(
    ([name, at]) => `\`${name}\` (line${at.length === 1 ? '' : 's'} ${at.join(', ')})`,
  )
  const matched = names.length > 0 ? `matched by name: ${names.join(', ')}` : undefined
  if (file.typesUnavailable !== undefined && file.findings.length > 0) {
    return matched === undefined
      ? file.typesUnavailable
      : `${file.typesUnavailable}; receivers ${matched}`
  }
  return matched === undefined ? undefined : `receivers of unknown type ${matched}`
}

/**
 * One note per web3.js found among the files where a rewrite wrote
 * `maxSupportedTransactionVersion`: what was written and why; where it is 0, that v1
 * transactions still fail until web3.js reads them.
 */
function versionNotes(files: readonly FileMigration[]): string[] {
  const groups = new Map<string, { version: 0 | 1; found: string | undefined; paths: string[] }>()
  for (const file of files) {
    if (file.versionWritten !== true || file.web3Version === undefined) continue
    const { transactionVersion: version, found } = file.web3Version
    const key = `${version}\u0000${found ?? ''}`
    const group = groups.get(key) ?? { version, found, paths: [] }
    group.paths.push(file.displayPath)
    groups.set(key, group)
  }
  return [...groups.values()].map(({ version, found, paths }) => {
    const written = `note: \`maxSupportedTransactionVersion: ${version}\` written in ${listPaths(paths)}`
    if (version === 1) return `${written}: @solana/web3.js ${found}, which reads v1 transactions`
    const web3 =
      found === undefined
        ? 'no @solana/web3.js was found'
        : `@solana/web3.js ${found} cannot read v1 transactions`
    return `${written}: ${web3}, so those fail (-32015) until web3.js is ${FIRST_WEB3_READING_V1} or later; then write 1`
  })
}

/** Paths for a note: all of up to three, else the first three and how many more. */
function listPaths(paths: readonly string[]): string {
  return paths.length <= 3
    ? paths.join(', ')
    : `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more`
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
