import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { HistoryHost } from '../../../src/cli/command/types'
import { runHistoryCommand } from '../../../src/cli/history/runHistoryCommand'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import { captureIo } from '../captureIo'

// Providers turn the removed names off at their edge, with an HTTP status rather than -32601:
// 405 Method Not Allowed, 410 Gone. The command never sends them, and exports exactly there.
const ledger = createMockLedger({ seed: 8, transactions: 1_200, profile: 'v4' })
const [address = ''] = ledger.addresses()
const oracle = ledger.signatures(address)
const DEPRECATED = /getConfirmed/
const dir = mkdtempSync(join(tmpdir(), 'history-off-'))
const servers: Server[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  rmSync(dir, { recursive: true, force: true })
})

/** A loopback endpoint over the ledger that answers any deprecated name with `status`. */
async function turnedOff(status: 405 | 410): Promise<{ url: string; methods: string[] }> {
  const methods: string[] = []
  const server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const calls = [JSON.parse(text)].flat() as { method: string }[]
    methods.push(...calls.map((call) => call.method))
    if (calls.some((call) => DEPRECATED.test(call.method))) {
      response.writeHead(status, { 'content-type': 'text/plain' }).end('method turned off')
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(ledger.handleText(text))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, methods }
}

const host: HistoryHost = {
  env: {},
  stderrIsTTY: false,
  stderrColumns: undefined,
  onInterrupt: () => () => {},
  now: () => performance.now(),
}

describe.each([405, 410] as const)(
  'confirmed-rpc history against HTTP %i for old names',
  (status) => {
    it('exports the whole history, and the transactions, sending no old name', async () => {
      const endpoint = await turnedOff(status)
      const io = captureIo(dir)
      const code = await runHistoryCommand(
        ['--rpc', endpoint.url, '--page-size', '400', address],
        io,
        host,
      )
      expect(code).toBe(0)
      const rows = io
        .out()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { signature: string })
      expect(rows).toEqual(oracle)

      const withTransactions = captureIo(dir)
      const args = ['--rpc', endpoint.url, '--transactions', '--limit', '60', address]
      expect(await runHistoryCommand(args, withTransactions, host)).toBe(0)
      const exported = withTransactions
        .out()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { signature: string; transaction: unknown })
      expect(exported.map((row) => row.signature)).toEqual(
        oracle.slice(0, 60).map((info) => info.signature),
      )
      expect(exported.every((row) => row.transaction !== null)).toBe(true)
      expect(endpoint.methods.filter((method) => DEPRECATED.test(method))).toEqual([])
    })
  },
)
