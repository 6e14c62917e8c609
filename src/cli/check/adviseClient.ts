import type { CheckReport } from './types'

/**
 * What this client does on the endpoint a report describes, one line each: which history method
 * its walks send, and what it does about the endpoint's paging rules.
 */
export function adviseClient(report: Pick<CheckReport, 'methods' | 'paging'>): string[] {
  const { paging, methods } = report
  if (paging.method === null) {
    return [
      'no history method is served here (getSignaturesForAddress, getConfirmedSignaturesForAddress2): a walk cannot run',
    ]
  }
  const lines = [
    paging.method === 'getSignaturesForAddress'
      ? 'walks send getSignaturesForAddress'
      : 'walks send getConfirmedSignaturesForAddress2 (a node before 1.7): `methods: "auto"` falls back to it after one -32601',
  ]
  if (methods.getConfirmedSignaturesForAddress2?.served === false) {
    lines.push('calls of the deprecated methods go out as their replacements (`methods: "auto"`)')
  }
  if (paging.untilInclusive === true) {
    lines.push('`until` is inclusive here: the walk drops the `until` entry and stops')
  }
  if (paging.unknownCursor === 'empty') {
    lines.push(
      'an unknown `before` is answered with an empty page: after such a page the walk looks the cursor up (getTransaction) and fails with CURSOR_NOT_FOUND rather than end',
    )
  } else if (paging.unknownCursor !== null) {
    lines.push(
      `an unknown \`before\` is ${paging.unknownCursor}: the walk fails with CURSOR_NOT_FOUND`,
    )
  }
  if (paging.limitAbove1000 === 'clamped') {
    lines.push(
      'limits are clamped without an error: the walk asks 1..1000 and never ends on a short page alone',
    )
  }
  lines.push(
    paging.batches
      ? 'batches are accepted (`batch: batching()` may group calls)'
      : 'batches are refused: the walk sends none; with `batch: batching()` the transport sends single requests after the first refusal',
  )
  return lines
}
