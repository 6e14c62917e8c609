import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HistoryHost } from '../../../src/cli/command/types'
import { runHistoryCommand } from '../../../src/cli/history/runHistoryCommand'
import type { MockLedger } from '../../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { startV1Proxy, type V1Proxy } from '../../support/startV1Proxy'
import { payers, walletLedger } from '../../support/walletSetup'
import { captureIo } from '../captureIo'

// `confirmed-rpc history --transactions` (and with --wallet) on a node of today's mainnet: a 4.x
// mock ledger behind a node that serves some legacy transactions as v1 ones and answers -32015
// to a lookup that does not ask for version 1 (test/support/startV1Proxy.ts). Once the mock
// ledger has its 'v4.2' profile, these should run on it as well.
let ledger: MockLedger
let served: MockLedgerServer
let node: V1Proxy
let owner: string
let v1: Set<string>
const dir = mkdtempSync(join(tmpdir(), 'history-v1-'))

beforeAll(async () => {
  ledger = walletLedger('v4')
  served = await serveMockLedger(ledger)
  owner = payers(ledger)[3] as string
  const legacy = ledger
    .signatures(owner)
    .filter((info) => ledger.transaction(info.signature)?.message.version === 'legacy')
  v1 = new Set(legacy.map((info) => info.signature))
  node = await startV1Proxy({ target: served.url, v1 })
})

afterAll(async () => {
  await node.close()
  await served.close()
  rmSync(dir, { recursive: true, force: true })
})

const host: HistoryHost = {
  env: {},
  stderrIsTTY: false,
  stderrColumns: undefined,
  onInterrupt: () => () => {},
  now: () => performance.now(),
}

type Line = { signature: string; transaction?: { version?: unknown } | null }

async function run(args: readonly string[]) {
  const from = node.calls.length
  const io = captureIo(dir)
  const code = await runHistoryCommand(['--rpc', node.url, '--quiet', ...args], io, host)
  const lines = io
    .out()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Line)
  const versions = new Set(
    node.calls
      .slice(from)
      .filter((call) => call.method === 'getTransaction')
      .map(
        (call) =>
          (call.params[1] as { maxSupportedTransactionVersion?: unknown })
            .maxSupportedTransactionVersion,
      ),
  )
  return { code, lines, versions }
}

describe('confirmed-rpc history --transactions on a node serving v1 transactions', () => {
  it('asks for version 1 and exports every entry with its transaction', async () => {
    const { code, lines, versions } = await run(['--transactions', owner])
    expect(code).toBe(0)
    expect(versions).toEqual(new Set([1]))
    expect(lines.map((line) => line.signature)).toEqual(
      ledger.signatures(owner).map((info) => info.signature),
    )
    expect(v1.size).toBeGreaterThan(0)
    for (const line of lines) {
      expect(line.transaction?.version).toBe(v1.has(line.signature) ? 1 : 0)
    }
  })

  it('does so for a wallet too (--wallet --transactions)', async () => {
    const { code, lines, versions } = await run(['--transactions', '--wallet', owner])
    expect(code).toBe(0)
    expect(versions).toEqual(new Set([1]))
    const exported = new Set(lines.map((line) => line.signature))
    for (const signature of v1) expect(exported.has(signature)).toBe(true)
    for (const line of lines) {
      if (v1.has(line.signature)) expect(line.transaction?.version).toBe(1)
    }
  })
})
