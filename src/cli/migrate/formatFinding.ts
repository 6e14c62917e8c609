import type { MigrateFinding } from './MigrateFinding'

/**
 * One report line: `path:line:column: rewritten old -> new: how`, or `left old: why` (a comment
 * above the call says the same), `ignored old: why it is not a web3.js Connection call`, or
 * `test double old: what to change in it`.
 */
export function formatFinding(finding: MigrateFinding): string {
  const where = `${finding.file}:${finding.line}:${finding.column}`
  const what =
    finding.outcome === 'rewritten' ? `${finding.method} -> ${finding.replacement}` : finding.method
  const outcome = finding.outcome === 'double' ? 'test double' : finding.outcome
  return `${where}: ${outcome} ${what}: ${finding.detail}`
}
