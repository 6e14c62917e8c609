/**
 * The files one call runs through: `getConfirmedTransaction` on a client over HTTP (a mock ledger
 * served on loopback), and one page of a walk, measured with V8's precise coverage (the source files that
 * had a function run during that call alone, the set-up excluded). `npm run size` prints them.
 */
import { Session } from 'node:inspector/promises'
import { fileURLToPath } from 'node:url'
import { createClient } from '../src/client'
import { createMockLedger } from '../src/testing/createMockLedger'
import { serveMockLedger } from '../src/testing/serveMockLedger'

type ScriptCoverage = {
  url: string
  functions: { ranges: { count: number }[] }[]
}

const SRC = fileURLToPath(new URL('../src/', import.meta.url))
// The mock ledger is the node: its files are not the client's path.
const NODE_SIDE = /\/src\/testing\//

/** Source files (relative to src/) with code run by `action` and not by what came before it. */
async function filesRunBy(session: Session, action: () => Promise<unknown>): Promise<string[]> {
  await session.post('Profiler.takePreciseCoverage')
  await action()
  const { result } = (await session.post('Profiler.takePreciseCoverage')) as {
    result: ScriptCoverage[]
  }
  const files = new Set<string>()
  for (const script of result) {
    if (!script.url.startsWith('file://')) continue
    const path = fileURLToPath(script.url)
    if (!path.startsWith(SRC) || NODE_SIDE.test(path)) continue
    if (script.functions.some((fn) => fn.ranges.some((range) => range.count > 0))) {
      files.add(path.slice(SRC.length))
    }
  }
  return [...files].sort()
}

/** The files of one `getConfirmedTransaction` call, and of one page of a walk. */
export async function measureCallPaths(): Promise<{ call: string[]; page: string[] }> {
  const ledger = createMockLedger({ seed: 3, transactions: 400, profile: 'v2' })
  const server = await serveMockLedger(ledger)
  const client = createClient({ url: server.url, deprecationWarnings: false })
  const [address = ''] = ledger.addresses()
  const [first] = ledger.signatures(address)
  const signature = first?.signature ?? ''
  // Every module loaded and every lazy path warmed once, so that only the call is measured.
  await client.getConfirmedTransaction(signature, { encoding: 'jsonParsed' })
  for await (const _ of client.signaturesForAddress(address, { limit: 5 }).pages()) break
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
  const call = await filesRunBy(session, () =>
    client.getConfirmedTransaction(signature, { encoding: 'jsonParsed' }),
  )
  const page = await filesRunBy(session, async () => {
    for await (const _ of client.signaturesForAddress(address, { pageSize: 50 }).pages()) break
  })
  await session.post('Profiler.stopPreciseCoverage')
  session.disconnect()
  await server.close()
  return { call, page }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { call, page } = await measureCallPaths()
  console.log(
    `one getConfirmedTransaction call runs code of ${call.length} files:\n  ${call.join('\n  ')}`,
  )
  console.log(`one page of a walk runs code of ${page.length} files:\n  ${page.join('\n  ')}`)
}
