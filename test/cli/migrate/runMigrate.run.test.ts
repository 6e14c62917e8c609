import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { EXPECTED, INPUT } from '../migrateFixtures'

const run = promisify(execFile)

// The runnable sample, as written (web3.js v1 deprecated calls) and as the codemod rewrites it
// (fixtures/expected/runnable.mts, which runMigrate.test.ts holds equal to the codemod's
// output), run as processes against a served ledger that answers like an Agave 2 node. Async
// execFile: the server runs in this process and must keep answering while the child waits.
const ledger = createMockLedger({ seed: 11, transactions: 300, profile: 'v2' })
let server: MockLedgerServer

beforeAll(async () => {
  server = await serveMockLedger(ledger)
})
afterAll(() => server.close())

/** The busiest address whose 8 newest transactions include a v0 one. */
function pickAddress(): string {
  const address = ledger.addresses().find((candidate) =>
    ledger
      .signatures(candidate)
      .slice(0, 8)
      .some((info) => ledger.transaction(info.signature)?.message.version === 0),
  )
  if (address === undefined) throw new Error('no address with a v0 transaction in the ledger')
  return address
}

async function runSample(file: string, address: string) {
  return run(process.execPath, ['--import', 'tsx', file, server.url, address], {
    cwd: resolve(import.meta.dirname, '../../..'),
    timeout: 30_000,
  })
}

it('the original calls fail on a 2.x node with Method not found; the rewritten ones work', async () => {
  const address = pickAddress()
  const [before, after] = await Promise.allSettled([
    runSample(resolve(INPUT, 'runnable.mts'), address),
    runSample(resolve(EXPECTED, 'runnable.mts'), address),
  ])
  expect(before.status).toBe('rejected')
  expect(String((before as PromiseRejectedResult).reason)).toMatch(/Method not found/)

  if (after.status === 'rejected') throw after.reason
  const output = JSON.parse(after.value.stdout) as {
    signatures: string[]
    fees: (number | null)[]
    versions: (number | 'legacy' | null)[]
  }
  const expected = ledger.signatures(address).slice(0, 8)
  expect(output.signatures).toEqual(expected.map((info) => info.signature))
  expect(output.fees).toEqual(
    expected.map((info) => {
      const tx = ledger.transaction(info.signature)
      return tx === undefined || tx.metaMissing ? null : Number(tx.meta.fee)
    }),
  )
  // maxSupportedTransactionVersion (1: web3.js 1.99.0 reads v1) is what lets the v0 ones through.
  expect(output.versions).toEqual(
    expected.map((info) => ledger.transaction(info.signature)?.message.version ?? null),
  )
  expect(output.versions).toContain(0)
}, 60_000)
