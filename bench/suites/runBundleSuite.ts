import type { BenchRow } from '../support/BenchRow'
import { buildBrowserBundle } from './buildBrowserBundle'
import { marginalGzipBytes } from './marginalGzipBytes'
import {
  ACTIONS_ENTRY,
  APP_TARGETS,
  CLIENT_ENTRY,
  COMPOSED,
  growthOf,
  measureApp,
} from './measureApps'

/** The same app from the sources, for what each source file costs. */
const SOURCE_ENTRY = CLIENT_ENTRY.replace("'confirmed-rpc'", "'./src/index'")

const WEB3_ENTRY = `
import { Connection, PublicKey } from '@solana/web3.js'
export async function run(url: string, signature: string, address: string) {
  const connection = new Connection(url)
  const transaction = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
  const page = await connection.getSignaturesForAddress(new PublicKey(address), { limit: 10 })
  return [transaction, page]
}
`

const KIB = 1024
const kib = (bytes: number): string => `${(bytes / KIB).toFixed(1)} KiB`

/**
 * Sizes the browser bundle of `CLIENT_ENTRY` (min, gzip) against the budget and counts `eval(`
 * and `new Function` in it; sizes the same app written with web3.js v1. Also
 * returns what the gzip size is made of, source by source.
 */
export async function runBundleSuite(): Promise<{ rows: BenchRow[]; composition: string }> {
  const ours = await buildBrowserBundle(CLIENT_ENTRY)
  const actions = await buildBrowserBundle(ACTIONS_ENTRY)
  const web3 = await buildBrowserBundle(WEB3_ENTRY)
  const dynamicCode = (ours.code.match(/\beval\(|\bnew Function\b/g) ?? []).length
  const subject = 'createClient + 2 deprecated calls'
  const rows: BenchRow[] = [
    {
      group: 'bundle',
      subject,
      comparison: 'gzip ÷ 16,359 B target',
      ours: kib(ours.gzipBytes),
      other: kib(APP_TARGETS.client),
      ratio: ours.gzipBytes / APP_TARGETS.client,
      target: { op: '<=', value: 1 },
    },
    {
      group: 'bundle',
      subject: 'createHttpTransport + 2 deprecated actions',
      comparison: 'gzip ÷ 10.5 KiB target',
      ours: kib(actions.gzipBytes),
      other: kib(APP_TARGETS.actions),
      ratio: actions.gzipBytes / APP_TARGETS.actions,
      target: { op: '<=', value: 1 },
    },
    {
      group: 'bundle',
      subject,
      comparison: 'minified size, ours and web3.js v1',
      ours: kib(ours.minBytes),
      other: kib(web3.minBytes),
    },
    {
      group: 'bundle',
      subject: 'same app with web3.js v1',
      comparison: 'web3.js v1 gzip ÷ ours',
      ours: kib(ours.gzipBytes),
      other: kib(web3.gzipBytes),
      ratio: web3.gzipBytes / ours.gzipBytes,
    },
    {
      group: 'bundle',
      subject,
      comparison: 'count of eval( / new Function',
      ours: String(dynamicCode),
      ratio: dynamicCode,
      plain: true,
      target: { op: '<=', value: 0 },
    },
  ]
  for (const [name, entry] of [
    ['createClient + 2 deprecated calls', CLIENT_ENTRY],
    ['createHttpTransport + 2 deprecated actions', ACTIONS_ENTRY],
  ] as const) {
    const { sourceFiles } = await measureApp(entry)
    rows.push({
      group: 'bundle',
      subject: name,
      comparison: 'source files with code in the bundle',
      ours: String(sourceFiles),
      ratio: sourceFiles,
      plain: true,
    })
    for (const [piece, use] of Object.entries(COMPOSED)) {
      const growth = await growthOf(entry, piece, use)
      rows.push({
        group: 'bundle',
        subject: `${name}, + ${piece}`,
        comparison: 'gzip growth (an app that does not import it does not carry it)',
        ours: `+${growth} B`,
        ratio: growth,
        plain: true,
        target: { op: '>', value: 0 },
      })
    }
  }
  const layout = await buildBrowserBundle(SOURCE_ENTRY, true)
  const composition = marginalGzipBytes(layout.code)
    .slice(0, 9)
    .map(([name, bytes]) => `${name} ${kib(bytes)}`)
    .join(', ')
  return { rows, composition: `gzip cost by source (leave-one-out): ${composition}` }
}
