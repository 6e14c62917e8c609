import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/cli/runCli'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { sharedState } from '../../support/sharedLedger'
import { captureIo } from '../captureIo'

const ledger = createMockLedger({
  state: sharedState({ seed: 3, transactions: 5_000, profile: 'v4' }),
  profile: 'v4',
  providerMethods: ['getTransactionsForAddress'],
})
const address = ledger.addresses()[3] as string
const dir = mkdtempSync(join(tmpdir(), 'plan-'))
let server: MockLedgerServer
let url: string

beforeAll(async () => {
  server = await serveMockLedger(ledger, { port: 0 })
  url = `${server.url}?api-key=SECRET-KEY-123`
})
afterAll(() => server.close())

async function run(...args: string[]) {
  const io = captureIo(dir)
  const code = await runCli(['plan', ...args], io)
  return { code, out: io.out(), err: io.err() }
}

describe('confirmed-rpc plan', () => {
  it('prints the plan as a table, the key in the URL redacted', async () => {
    const { code, out, err } = await run('--rpc', url, '--prices', 'helius', address)
    expect({ code, err }).toEqual({ code: 0, err: '' })
    expect(out).not.toContain('SECRET-KEY-123')
    expect(out).toContain(`plan for ${address} on ${server.url}?api-key=***`)
    expect(out).toMatch(/^entries: [\d,]+ \(/m)
    expect(out).toMatch(/^ {2}sequential +[\d,]+ requests +\S+ +[\d,]+ credits$/m)
    expect(out).toMatch(/^ {2}rangeWalker \(8 lanes\) /m)
    expect(out).toMatch(/^ {2}provider \(8 lanes\) /m)
    expect(out).toContain('prices: helius (credits), https://www.helius.dev/docs/billing/credits')
  })

  it('prints it as JSON with --json, the entries of the history within 10 %', async () => {
    const { code, out } = await run('--rpc', url, '--json', '--parallel', '4', address)
    expect(code).toBe(0)
    expect(out).not.toContain('SECRET-KEY-123')
    const plan = JSON.parse(out) as {
      entries: number
      strategies: { name: string; lanes?: number }[]
    }
    const actual = ledger.signatures(address).length
    expect(Math.abs(plan.entries / actual - 1)).toBeLessThanOrEqual(0.1)
    expect(plan.strategies.map((s) => [s.name, s.lanes])).toEqual([
      ['sequential', undefined],
      ['rangeWalker', 4],
      ['provider', 4],
    ])
  })

  it('prices with a file of one’s own', async () => {
    const file = join(dir, 'prices.json')
    writeFileSync(file, JSON.stringify({ name: 'mine', unit: 'credits', methods: {}, default: 2 }))
    const { code, out } = await run('--rpc', url, '--json', '--prices', 'prices.json', address)
    expect(code).toBe(0)
    const plan = JSON.parse(out) as { strategies: { total: number; credits: number }[] }
    for (const strategy of plan.strategies) expect(strategy.credits).toBe(strategy.total * 2)
  })

  const usage: readonly (readonly [string[], RegExp])[] = [
    [['--prices', 'quicknode'], /--prices: QuickNode publishes no table .* JSON price file/],
    [['--prices', 'missing.json'], /--prices: missing\.json: no such file/],
    [['--prices', 'bad.json'], /--prices: bad\.json: not JSON/],
    [['--prices', 'negative.json'], /--prices\.methods\.getTransaction: expected a number >= 0/],
    [['--parallel', '0'], /--parallel: .*1/],
    [['--requests-per-second', 'fast'], /--requests-per-second: expected a number/],
    [['--wallet', address], /not both/],
  ]
  for (const [args, message] of usage) {
    it(`exits 2 for ${args.join(' ')}, before any request`, async () => {
      writeFileSync(join(dir, 'bad.json'), '{ nope')
      writeFileSync(
        join(dir, 'negative.json'),
        JSON.stringify({ name: 'n', methods: { getTransaction: -1 } }),
      )
      const before = server.stats.requests
      const { code, out, err } = await run('--rpc', url, ...args, address)
      expect({ code, out }).toEqual({ code: 2, out: '' })
      expect(err).toMatch(message)
      expect(err).not.toContain('SECRET-KEY-123')
      expect(server.stats.requests).toBe(before)
    })
  }

  it('exits 2 without an endpoint, or with one without its scheme', async () => {
    const io = captureIo(dir)
    const saved = process.env.RPC_URL
    delete process.env.RPC_URL
    try {
      expect(await runCli(['plan', address], io)).toBe(2)
      expect(io.err()).toMatch(/no endpoint/)
    } finally {
      if (saved !== undefined) process.env.RPC_URL = saved
    }
    const { code, err } = await run('--rpc', 'localhost:1/?api-key=SECRET-KEY-123', address)
    expect(code).toBe(2)
    expect(err).toMatch(/no scheme/)
    expect(err).not.toContain('SECRET-KEY-123')
  })
})
