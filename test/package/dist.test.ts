import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import * as source from '../../src/index'
import * as sourceTesting from '../../src/testing/index'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')

// Both builds load the package by its own name, as a user's code would, and make one real call
// through the mock ledger. This catches interop breakage (bs58's default export in the .cjs
// build) that publint and attw do not see.
const esmScript = `
import { createClient } from 'confirmed-rpc'
import { createMockLedger } from 'confirmed-rpc/testing'
import * as main from 'confirmed-rpc'
import * as testing from 'confirmed-rpc/testing'
const ledger = createMockLedger({ seed: 3 })
const client = createClient({ transport: ledger.transport })
const [address] = ledger.addresses()
const page = await client.getConfirmedSignaturesForAddress2(address, { limit: 3 })
const tx = await client.getTransaction(page[0].signature, { encoding: 'base58', maxSupportedTransactionVersion: 0 })
console.log(JSON.stringify({ main: Object.keys(main).sort(), testing: Object.keys(testing).sort(), page: page.map((p) => p.signature), encoding: tx.transaction[1] }))
`
const cjsScript = `
const { createClient } = require('confirmed-rpc')
const { createMockLedger } = require('confirmed-rpc/testing')
const main = require('confirmed-rpc')
const testing = require('confirmed-rpc/testing')
;(async () => {
  const ledger = createMockLedger({ seed: 3 })
  const client = createClient({ transport: ledger.transport })
  const [address] = ledger.addresses()
  const page = await client.getConfirmedSignaturesForAddress2(address, { limit: 3 })
  const tx = await client.getTransaction(page[0].signature, { encoding: 'base58', maxSupportedTransactionVersion: 0 })
  console.log(JSON.stringify({ main: Object.keys(main).sort(), testing: Object.keys(testing).sort(), page: page.map((p) => p.signature), encoding: tx.transaction[1] }))
})().catch((error) => { console.error(error); process.exit(1) })
`

type Outcome = { main: string[]; testing: string[]; page: string[]; encoding: string }

async function runBuilt(args: string[]): Promise<Outcome> {
  const { stdout } = await run(process.execPath, args, { cwd: root, timeout: 60_000 })
  return JSON.parse(stdout) as Outcome
}

describe('the built package', () => {
  beforeAll(() => {
    if (!existsSync(resolve(root, 'dist/index.cjs'))) {
      throw new Error('dist/ is missing: `npm test` builds it first (pretest); run `npm run build`')
    }
  })

  it('loads through import and require, with the same exports as the source, and works', async () => {
    const [esm, cjs] = await Promise.all([
      runBuilt(['--input-type=module', '-e', esmScript]),
      runBuilt(['-e', cjsScript]),
    ])
    expect(esm.main).toEqual(Object.keys(source).sort())
    expect(esm.testing).toEqual(Object.keys(sourceTesting).sort())
    expect(cjs).toEqual(esm)
    expect(esm.page).toHaveLength(3)
    expect(esm.encoding).toBe('base58')
  })
})
