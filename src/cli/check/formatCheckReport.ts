import type { CheckReport } from './types'

const yesNo = (value: boolean | null, yes: string, no: string) =>
  value === null ? 'not measured' : value ? yes : no

/** The report of `confirmed-rpc check` as text: what the endpoint serves, how it pages, advice. */
export function formatCheckReport(report: CheckReport): string {
  const { paging } = report
  const methods = Object.entries(report.methods).map(
    ([name, method]) =>
      `  ${name.padEnd(34)}${method.served ? 'served' : `refused: ${method.refusal ?? ''}`}`,
  )
  const lines = [
    `endpoint: ${report.endpoint}`,
    `slot: ${report.slot ?? 'refused'}; oldest slot served (getFirstAvailableBlock): ${report.firstAvailableBlock ?? 'refused'}`,
    '',
    'methods:',
    ...methods,
    '',
    `paging (${paging.method ?? 'no history method'}, probed on ${report.address}):`,
    `  until                             ${yesNo(paging.untilInclusive, 'inclusive (the until entry is listed)', 'exclusive')}`,
    `  unknown before                    ${paging.unknownCursor === null ? 'not measured' : paging.unknownCursor === 'empty' ? 'empty page, no error' : paging.unknownCursor}`,
    `  limit 1001                        ${paging.limitAbove1000 ?? 'not measured'}`,
    `  batches                           ${paging.batches ? 'accepted' : 'refused'}`,
    `  unknown transaction               ${paging.unknownTransaction ?? 'not measured'}`,
    `rate-limit headers: ${report.rateLimitHeaders.length === 0 ? 'none seen' : report.rateLimitHeaders.join('; ')}`,
    '',
    'this client:',
    ...report.client.map((line) => `  - ${line}`),
    '',
    report.exact
      ? `a history walk can be exact here (${report.requests} requests sent)`
      : `a history walk cannot run here (${report.requests} requests sent)`,
  ]
  return `${lines.join('\n')}\n`
}
