import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockLedger, type MockLedgerServer, serveMockLedger } from '../../src/testing/index'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')

/** The first ```ts block under the README's "Quick start" heading, as a reader copies it. */
function quickStart(): string {
  const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('\n## Quick start'))
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
  if (block === undefined) throw new Error('README.md has no ts block under "Quick start"')
  return block
}

// The quick start as a new user runs it first: against the package's own mock ledger, with its
// default profile, on the ledger's busiest address (whose history holds balances above 2^53-1
// and, on today's profile, versioned transactions).
describe("the README's quick start against the mock ledger", () => {
  const ledger = createMockLedger({ seed: 1 })
  let server: MockLedgerServer
  let dir: string
  beforeAll(async () => {
    server = await serveMockLedger(ledger, { port: 0 })
    dir = mkdtempSync(join(tmpdir(), 'confirmed-rpc-quickstart-'))
  })
  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('runs to its end and prints what it promises', async () => {
    const busiest = ledger.addresses()[0] ?? ''
    const code = quickStart()
    expect(code).toContain('https://api.mainnet-beta.solana.com')
    const file = join(dir, 'quickStart.mts')
    writeFileSync(
      file,
      code
        .replaceAll('https://api.mainnet-beta.solana.com', server.url)
        .replaceAll('Vote111111111111111111111111111111111111111', busiest)
        .replaceAll(
          "from 'confirmed-rpc'",
          `from ${JSON.stringify(resolve(root, 'src/index.ts'))}`,
        ),
    )
    const { stdout } = await run(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    })
    const lines = stdout.trim().split('\n')
    const newest = ledger.signatures(busiest)[0]
    const record = ledger.transaction(newest?.signature ?? '')
    // The transaction's slot and fee (bigints, as console.log shows them), then the history's
    // signatures, newest first.
    expect(lines[0]).toBe(`${record?.slot}n ${record?.meta?.fee}n`)
    const history = ledger.signatures(busiest).slice(0, 5_000)
    expect(lines.slice(1)).toEqual(history.map((info) => info.signature))
  }, 90_000)
})
