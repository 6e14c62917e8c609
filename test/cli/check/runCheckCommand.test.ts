import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckReport } from '../../../src/cli/check/probeEndpoint'
import { runCli } from '../../../src/cli/runCli'
import type { LedgerProfile } from '../../../src/testing/ledger/types'
import { serveMockLedger } from '../../../src/testing/serveMockLedger'
import { sharedLedger } from '../../support/sharedLedger'
import { captureIo } from '../captureIo'

// `confirmed-rpc check` against every mock profile served over loopback: the report each one
// must give, and the exit code.
const NOT_FOUND = { served: false, refusal: '-32601 Method not found' }
const SERVED = { served: true }

type Expected = Pick<CheckReport, 'methods' | 'paging'>
const AGAVE_PAGING: CheckReport['paging'] = {
  method: 'getSignaturesForAddress',
  untilInclusive: false,
  unknownCursor: 'empty',
  limitAbove1000: 'error -32602',
  batches: true,
  unknownTransaction: 'null',
}
const OLD: Expected = {
  methods: {
    getSignaturesForAddress: NOT_FOUND,
    getConfirmedSignaturesForAddress2: SERVED,
    getTransaction: NOT_FOUND,
    getConfirmedTransaction: SERVED,
    getTransactionsForAddress: NOT_FOUND,
  },
  paging: { ...AGAVE_PAGING, method: 'getConfirmedSignaturesForAddress2' },
}
const BOTH: Expected = {
  methods: {
    getSignaturesForAddress: SERVED,
    getConfirmedSignaturesForAddress2: SERVED,
    getTransaction: SERVED,
    getConfirmedTransaction: SERVED,
    getTransactionsForAddress: NOT_FOUND,
  },
  paging: AGAVE_PAGING,
}
const REPLACEMENTS: Expected['methods'] = {
  ...BOTH.methods,
  getConfirmedSignaturesForAddress2: NOT_FOUND,
  getConfirmedTransaction: NOT_FOUND,
}
const EXPECTED: Readonly<Record<LedgerProfile, Expected>> = {
  'v1.3': OLD,
  'v1.6': OLD,
  'v1.9': BOTH,
  'v1.14': BOTH,
  'v1.18': BOTH,
  v2: { methods: REPLACEMENTS, paging: AGAVE_PAGING },
  v4: { methods: REPLACEMENTS, paging: { ...AGAVE_PAGING, unknownCursor: 'error -32020' } },
  'v4.2': { methods: REPLACEMENTS, paging: { ...AGAVE_PAGING, unknownCursor: 'error -32020' } },
  superbank: {
    methods: {
      getSignaturesForAddress: SERVED,
      getConfirmedSignaturesForAddress2: {
        served: false,
        refusal: '-32601 Method not found: getConfirmedSignaturesForAddress2',
      },
      getTransaction: SERVED,
      getConfirmedTransaction: {
        served: false,
        refusal: '-32601 Method not found: getConfirmedTransaction',
      },
      getTransactionsForAddress: {
        served: false,
        refusal: '-32601 Method not found: getTransactionsForAddress',
      },
    },
    paging: { ...AGAVE_PAGING, unknownCursor: 'error -32020', limitAbove1000: 'clamped' },
  },
  'old-faithful': {
    methods: REPLACEMENTS,
    paging: {
      ...AGAVE_PAGING,
      untilInclusive: true,
      limitAbove1000: 'clamped',
      batches: false,
      unknownTransaction: 'error -32009',
    },
  },
}

async function check(args: readonly string[]) {
  const io = captureIo('/')
  const code = await runCli(['check', ...args], io)
  return { code, stdout: io.out(), stderr: io.err() }
}

describe('confirmed-rpc check, against every mock profile', () => {
  it.each(Object.keys(EXPECTED) as LedgerProfile[])('reports the %s profile', async (profile) => {
    const ledger = sharedLedger({ seed: 3, transactions: 600, profile })
    const server = await serveMockLedger(ledger)
    try {
      const { code, stdout, stderr } = await check(['--json', server.url])
      const report = JSON.parse(stdout) as CheckReport
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
      expect(report).toMatchObject({
        ...EXPECTED[profile],
        endpoint: server.url,
        address: '11111111111111111111111111111111',
        slot: ledger.state.frontiers.finalized,
        firstAvailableBlock: ledger.state.firstAvailableSlot,
        rateLimitHeaders: [],
        verdict: 'exact',
        exact: true,
      })
      expect(report.requests).toBe(server.stats.requests)
      expect(report.requests).toBeLessThanOrEqual(12)
      const inclusive = report.client.some((line) => line.startsWith('`until` is inclusive'))
      expect(inclusive).toBe(profile === 'old-faithful')
      const refusesBatches = report.client.some((line) => line.startsWith('batches are refused'))
      expect(refusesBatches).toBe(profile === 'old-faithful')
    } finally {
      await server.close()
    }
  })

  it('prints the report as text', async () => {
    const server = await serveMockLedger(
      sharedLedger({ seed: 3, transactions: 600, profile: 'old-faithful' }),
    )
    try {
      const { code, stdout } = await check([server.url])
      expect(code).toBe(0)
      expect(stdout).toContain(
        '  until                             inclusive (the until entry is listed)\n',
      )
      expect(stdout).toContain('  batches                           refused\n')
      expect(stdout).toContain(
        '  getConfirmedTransaction           refused: -32601 Method not found\n',
      )
      expect(stdout).toMatch(/\na history walk can be exact here \(11 requests sent\)\n$/)
    } finally {
      await server.close()
    }
  })
})

describe('confirmed-rpc check, elsewhere', () => {
  // A public endpoint that disabled the history methods: HTTP 410 with a positive code, and
  // rate-limit headers on every answer.
  let server: Server
  let url = ''
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', () => {
        const { method, id } = JSON.parse(body) as { method?: string; id?: number }
        const headers = { 'content-type': 'application/json', 'x-ratelimit-remaining': '99' }
        if (method === 'getSlot' || method === 'getFirstAvailableBlock') {
          response.writeHead(200, headers).end(JSON.stringify({ jsonrpc: '2.0', result: 5, id }))
          return
        }
        response.writeHead(410, headers).end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: { code: 410, message: 'The RPC call or parameters have been disabled.' },
            id,
          }),
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('exits 1 where no history method is served, naming how each was refused', async () => {
    const { code, stdout } = await check(['--json', url])
    const report = JSON.parse(stdout) as CheckReport
    expect(code).toBe(1)
    expect(report).toMatchObject({ verdict: 'no-history-method', exact: false })
    expect(report.client).toEqual([
      'no history method is served here (getSignaturesForAddress, getConfirmedSignaturesForAddress2): a walk cannot run',
    ])
    expect(report.methods.getSignaturesForAddress).toEqual({
      served: false,
      refusal: 'HTTP 410, 410 The RPC call or parameters have been disabled.',
    })
    expect(report.paging).toMatchObject({ method: null, untilInclusive: null, batches: false })
    expect(report.rateLimitHeaders).toEqual(['x-ratelimit-remaining: 99'])
  })

  it.each([
    [[], /^confirmed-rpc check: no endpoint given/],
    [
      ['ftp://host/key/SECRET'],
      /^confirmed-rpc check: ftp:\/\/host\/key\/\*\*\*: expected an absolute http/,
    ],
    [['--address', 'nope', 'http://127.0.0.1:1/'], /^confirmed-rpc check: --address: /],
    [['--bogus', 'http://127.0.0.1:1/'], /^confirmed-rpc check: unknown option '--bogus'/],
  ])('exits 2 for %j, sending nothing', async (args, message) => {
    const { code, stdout, stderr } = await check(args)
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' })
    expect(stderr).toMatch(message)
  })

  it('exits 4 when the endpoint cannot be reached, saying why', async () => {
    const { code, stdout, stderr } = await check(['http://127.0.0.1:1/'])
    expect({ code, stdout }).toEqual({ code: 4, stdout: '' })
    expect(stderr).toBe(
      'confirmed-rpc check: http://127.0.0.1:1/ cannot be probed (getSlot): The request failed: connection refused (ECONNREFUSED).\n',
    )
  })
})
