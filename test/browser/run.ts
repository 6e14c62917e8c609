/**
 * The browser test (`npm run test:browser`; CI runs `npm run build` first).
 *
 * Serves test/browser/index.html with a strict Content-Security-Policy from one loopback origin
 * and the mock ledger (serveMockLedger, CORS) from another, then drives Debian's headless
 * Chromium with playwright-core. The page runs the browser build (dist/browser/index.js, bundled by esbuild):
 * it walks the busiest address's history and fetches transactions in every encoding and both u64
 * modes, and compares all of it with what the ledger holds and what Node gets for the same calls.
 * A control page first proves that the policy is enforced (inline script and eval refused).
 *
 *   npx tsx test/browser/run.ts [--dist dist] [--screenshot page.png]
 *
 * Set CHROMIUM_PATH to use another browser binary (default /usr/bin/chromium). Exits 1 when any
 * check fails; the last line reads `N passed, N failed`.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, chromium, type Page } from 'playwright-core'
import { createClient } from '../../src/index'
import { createMockLedger, type MockLedger, serveMockLedger } from '../../src/testing/index'
import { bundlePage } from './bundlePage'
import type { PageConfig, PageReport } from './PageConfig'
import { pickHistoryFields } from './pickHistoryFields'
import { type CaseInputs, runTransactionCases } from './runTransactionCases'
import { servePage } from './servePage'
import { toComparableJson } from './toComparableJson'

const here = import.meta.dirname
const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: resolve(here, '../../dist') },
    screenshot: { type: 'string' },
  },
})
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CSP = "default-src 'self'; script-src 'self'; connect-src 'self' http://127.0.0.1:*"

let passed = 0
let failed = 0
function check(name: string, ok: boolean, detail?: string): void {
  if (ok) passed++
  else failed++
  console.log(`${ok ? '✓' : '✗'} ${name}${ok || detail === undefined ? '' : `\n    ${detail}`}`)
}

// A hung browser must not hang CI.
const watchdog = setTimeout(() => {
  console.log(`✗ the run did not finish within 5 minutes\n${passed} passed, ${failed + 1} failed`)
  process.exit(1)
}, 300_000)
watchdog.unref()

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

function pickInputs(ledger: MockLedger): CaseInputs {
  const finalized = [...ledger.state.bySignature.values()].filter(
    (tx) => tx.slot <= ledger.state.frontiers.finalized,
  )
  const find = (label: string, test: (tx: (typeof finalized)[number]) => boolean): string => {
    const found = finalized.find(test)
    if (found === undefined) throw new Error(`the ledger has no ${label} transaction`)
    return found.signature
  }
  const legacy = (tx: (typeof finalized)[number]) => tx.message.version === 'legacy'
  return {
    address: ledger.addresses()[0] ?? '',
    legacy: find('successful legacy', (tx) => legacy(tx) && tx.meta.err === null),
    failed: find('failed legacy', (tx) => legacy(tx) && tx.meta.err !== null),
    v0: find('v0', (tx) => tx.message.version === 0),
    huge: find(
      'huge balance',
      (tx) => legacy(tx) && tx.meta.postBalances.some((b) => b > MAX_SAFE),
    ),
  }
}

/** Collects console errors and uncaught exceptions of a page. */
function watchPage(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? ''
    // The page aborts a walk on purpose, which cancels the page request in flight.
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} ${reason}`)
  })
  return problems
}

async function openAndRead(page: Page, url: string): Promise<{ csp: string; report: string }> {
  const response = await page.goto(url)
  await page.waitForSelector('body[data-state="done"]', { timeout: 120_000 })
  return {
    csp: response?.headers()['content-security-policy'] ?? '',
    report: (await page.textContent('#report')) ?? '',
  }
}

async function main(): Promise<void> {
  const ledger = createMockLedger({ seed: 1, profile: 'v1.18' })
  const inputs = pickInputs(ledger)
  const history = ledger.signatures(inputs.address)
  // What Node gets for the same calls, through the ledger's in-process transport and the source.
  const base = { transport: ledger.transport, deprecationWarnings: false }
  const local = createClient({ ...base, u64: 'number' })
  const expected = await runTransactionCases(
    { numbers: local, bigints: createClient({ ...base, u64: 'bigint' }), nativeFetch: local },
    inputs,
  )

  const [app, probe] = await Promise.all([
    bundlePage(resolve(here, 'page.ts'), args.dist),
    bundlePage(resolve(here, 'probe.ts'), args.dist),
  ])
  check(
    `the page bundles the browser build: ${app.buildFiles.join(', ')} (${Math.round(app.code.length / 1024)} KiB)`,
    app.buildFiles.some((file) => file.endsWith('/browser/index.js')),
  )

  const rpc = await serveMockLedger(ledger)
  const config: PageConfig = {
    rpcUrl: rpc.url,
    inputs,
    history: toComparableJson(history.map(pickHistoryFields)),
    historyLength: history.length,
    expected,
  }
  const html = (name: string) => ({
    type: 'text/html; charset=utf-8',
    body: readFileSync(resolve(here, name), 'utf8'),
  })
  const script = (code: string) => ({ type: 'text/javascript; charset=utf-8', body: code })
  const site = await servePage(
    new Map([
      ['/', html('index.html')],
      ['/app.js', script(app.code)],
      ['/config.json', { type: 'application/json', body: JSON.stringify(config) }],
      ['/probe.html', html('probe.html')],
      ['/probe.js', script(probe.code)],
    ]),
    CSP,
  )

  let browser: Browser | undefined
  try {
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    })
    console.log(`browser: Chromium ${browser.version()}; page ${site.origin}, node ${rpc.url}`)

    // 1. The control: the same policy refuses an inline script and eval.
    const probePage = await browser.newPage()
    const probeProblems = watchPage(probePage)
    const probed = await openAndRead(probePage, `${site.origin}/probe.html`)
    const probeReport = JSON.parse(probed.report) as {
      inlineScriptRan: boolean
      evalRefused: boolean
      violations: string[]
    }
    check('control page: served with the policy', probed.csp === CSP, `got ${probed.csp}`)
    check('control page: an inline script is refused', !probeReport.inlineScriptRan)
    check('control page: new Function is refused (no unsafe-eval)', probeReport.evalRefused)
    check(
      'control page: refusals are reported as securitypolicyviolation events',
      probeReport.violations.length >= 2,
      `saw ${JSON.stringify(probeReport.violations)}`,
    )
    check(
      'control page: refusals show as console errors',
      probeProblems.some((problem) => problem.includes('Content Security Policy')),
      probeProblems.join('; '),
    )
    await probePage.close()

    // 2. The test page.
    const page = await browser.newPage()
    const problems = watchPage(page)
    const before = rpc.stats.requests
    const opened = await openAndRead(page, `${site.origin}/`)
    const report = JSON.parse(opened.report) as PageReport
    console.log(`page: ${report.userAgent}`)
    check('test page: served with the policy', opened.csp === CSP, `got ${opened.csp}`)
    for (const item of report.checks) check(`page: ${item.name}`, item.ok, item.detail)
    check(
      'page: no Content-Security-Policy violation',
      report.violations.length === 0,
      report.violations.join('; '),
    )
    check(
      'page: no console error, uncaught exception or failed request',
      problems.length === 0,
      problems.join('\n    '),
    )
    check(
      `the node on the other origin served the page's ${rpc.stats.requests - before} requests`,
      rpc.stats.requests - before >= report.checks.length,
    )
    if (args.screenshot !== undefined) {
      await page.screenshot({ path: args.screenshot, fullPage: false })
      console.log(`screenshot: ${args.screenshot}`)
    }
  } finally {
    await browser?.close()
    await Promise.all([site.close(), rpc.close()])
  }
}

try {
  await main()
} catch (error) {
  check(
    'the run completed',
    false,
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  )
}
console.log(`${passed} passed, ${failed} failed`)
process.exitCode = failed === 0 ? 0 : 1
