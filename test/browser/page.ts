/**
 * The browser side: loaded by index.html as /app.js, a bundle of this file in which
 * `../../src/index` is replaced by the browser build `dist/browser/index.js` (see bundlePage). It reads
 * /config.json, talks to the mock ledger on another origin, and writes a PageReport into #report.
 */
import { type Client, createClient, type SignatureInfo } from '../../src/index'
import { firstDifference } from './firstDifference'
import type { PageCheck, PageConfig, PageReport } from './PageConfig'
import { pickHistoryFields } from './pickHistoryFields'
import { runTransactionCases } from './runTransactionCases'
import { toComparableJson } from './toComparableJson'

const violations: string[] = []
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'an inline script'}`)
})

const checks: PageCheck[] = []
function check(name: string, ok: boolean, detail?: string): void {
  checks.push(detail === undefined ? { name, ok } : { name, ok, detail })
}

function compareHistory(
  name: string,
  config: PageConfig,
  entries: readonly SignatureInfo<'number'>[],
): void {
  const actual = toComparableJson(entries.map(pickHistoryFields))
  check(
    `${name}: ${entries.length} of ${config.historyLength} entries, as the ledger has them`,
    actual === config.history,
    actual === config.history ? undefined : firstDifference(config.history, actual),
  )
}

// What an application without the pager writes: a loop over `before`.
async function walkByHand(
  client: Client<'number'>,
  address: string,
): Promise<SignatureInfo<'number'>[]> {
  const entries: SignatureInfo<'number'>[] = []
  let before: string | undefined
  for (;;) {
    const page = await client.getConfirmedSignaturesForAddress2(address, {
      limit: 1000,
      ...(before === undefined ? {} : { before }),
    })
    entries.push(...page)
    const last = page.at(-1)
    if (page.length < 1000 || last === undefined) return entries
    before = last.signature
  }
}

async function main(): Promise<void> {
  const config = (await (await fetch('/config.json')).json()) as PageConfig
  const { rpcUrl, inputs } = config
  const numbers = createClient({ url: rpcUrl, u64: 'number' })
  const bigints = createClient({ url: rpcUrl, u64: 'bigint' })
  // Passed unbound on purpose: a client that called it as `options.fetch(...)` would throw
  // "Illegal invocation" here, and only in browsers.
  const nativeFetch = createClient({
    url: rpcUrl,
    fetch: globalThis.fetch,
    retry: false,
    u64: 'number',
  })

  compareHistory(
    'getConfirmedSignaturesForAddress2 in a before-loop',
    config,
    await walkByHand(numbers, inputs.address),
  )

  // The pager, a page at a time: whole pages of 1000 but the last, none twice, none skipped.
  const walk = numbers.signaturesForAddress(inputs.address)
  const entries: SignatureInfo<'number'>[] = []
  const sizes: number[] = []
  for await (const page of walk.pages()) {
    entries.push(...page)
    sizes.push(page.length)
  }
  compareHistory('client.signaturesForAddress', config, entries)
  check(
    `client.signaturesForAddress: pages of ${sizes.join(', ')}, and a finished checkpoint`,
    sizes.slice(0, -1).every((size) => size === 1000) && walk.checkpoint().done,
  )

  // Stopped by an AbortSignal: the loop ends without an error, and the checkpoint resumes it.
  const controller = new AbortController()
  const first: SignatureInfo<'number'>[] = []
  const stopped = numbers.signaturesForAddress(inputs.address, {
    pageSize: 100,
    signal: controller.signal,
  })
  for await (const info of stopped) {
    first.push(info)
    if (first.length === 250) controller.abort()
  }
  check(
    `an aborted walk ends quietly where it was stopped (${first.length} entries)`,
    first.length === 250 && !stopped.checkpoint().done,
  )
  const rest: SignatureInfo<'number'>[] = []
  for await (const info of numbers.signaturesForAddress(inputs.address, {
    resume: stopped.checkpoint(),
  })) {
    rest.push(info)
  }
  compareHistory('an aborted walk, resumed from its checkpoint', config, [...first, ...rest])

  const actual = await runTransactionCases({ numbers, bigints, nativeFetch }, inputs)
  for (const [name, expected] of Object.entries(config.expected)) {
    const got = actual[name] ?? 'no outcome'
    check(name, got === expected, got === expected ? undefined : firstDifference(expected, got))
  }
}

function finish(): void {
  const report: PageReport = { userAgent: navigator.userAgent, checks, violations }
  const output = document.getElementById('report')
  if (output !== null) output.textContent = JSON.stringify(report, null, 2)
  document.body.dataset.state = 'done'
}

main()
  .catch((error: unknown) => {
    check(
      'the page script ran to the end',
      false,
      error instanceof Error ? error.stack : String(error),
    )
  })
  .finally(finish)
