import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import * as source from '../../src/index'
import { createMockLedger } from '../../src/testing/createMockLedger'
import * as sourceTesting from '../../src/testing/index'
import { serveMockLedger } from '../../src/testing/serveMockLedger'

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
      throw new Error('dist/ is missing: `npm run test:slow` builds it first; run `npm run build`')
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

type PackageExports = { '.': { browser: { types: string; default: string } } }

describe('the browser build (export condition `browser`)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("calls the platform's fetch, where the Node build calls cross-fetch's", async () => {
    const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
      exports: PackageExports
    }
    const browserEntry = resolve(root, manifest.exports['.'].browser.default)
    const browser = (await import(pathToFileURL(browserEntry).href)) as typeof source
    const node = (await import(pathToFileURL(resolve(root, 'dist/index.js')).href)) as typeof source
    expect(Object.keys(browser).sort()).toEqual(Object.keys(source).sort())

    // A 1.18 ledger: getConfirmedTransaction reads its newest transaction (legacy only).
    const ledger = createMockLedger({ seed: 5, transactions: 200, profile: 'v1.18' })
    const server = await serveMockLedger(ledger, { port: 0 })
    try {
      const platformFetch = globalThis.fetch
      const seen: string[] = []
      // Installed after the clients are created: the browser build looks fetch up per call.
      const browserClient = browser.createClient({
        url: server.url,
        u64: 'bigint',
        deprecationWarnings: false,
      })
      const nodeClient = node.createClient({
        url: server.url,
        u64: 'bigint',
        deprecationWarnings: false,
      })
      vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
        seen.push(String(input))
        return platformFetch(input, init)
      })
      const [address = ''] = ledger.addresses()
      const expected = ledger
        .signatures(address)
        .slice(0, 4)
        .map((info) => info.signature)

      const page = await browserClient.getConfirmedSignaturesForAddress2(address, { limit: 4 })
      const transaction = await browserClient.getConfirmedTransaction(expected[0] ?? '')
      expect(page.map((info) => info.signature)).toEqual(expected)
      expect(transaction?.transaction.signatures[0]).toBe(expected[0])
      expect(seen.length).toBeGreaterThanOrEqual(2)
      expect(seen.every((url) => url.startsWith(server.url))).toBe(true)

      const before = seen.length
      const nodePage = await nodeClient.getConfirmedSignaturesForAddress2(address, { limit: 4 })
      expect(nodePage.map((info) => info.signature)).toEqual(expected)
      expect(seen.length).toBe(before)
    } finally {
      await server.close()
    }
  })
})
