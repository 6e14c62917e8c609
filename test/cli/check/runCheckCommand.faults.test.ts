import { describe, expect, it } from 'vitest'
import type { CheckReport } from '../../../src/cli/check/probeEndpoint'
import { runCheckCommand } from '../../../src/cli/check/runCheckCommand'
import { type MockLedgerFaultKind, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { DEFAULT_INTERNALS } from '../../../src/transport/retry'
import { sharedLedger } from '../../support/sharedLedger'
import { captureIo } from '../captureIo'

// One transient answer must not become a verdict: against a served mock ledger that answers 30 %
// of requests with a 429, a 502/503 page, a reset or half a body, `check` gives the report of the
// same ledger served without faults, run after run (each run meets other faults: the server's
// request count goes on), for several seeds. Only the count of requests sent differs. The
// backoff between attempts is drawn at 0 (the same attempts, without the waits).
const KINDS: readonly MockLedgerFaultKind[] = [
  'rateLimit',
  'serverError',
  'connectionReset',
  'truncatedBody',
]
const RUNS = 6
const ledger = sharedLedger({ seed: 3, transactions: 600, profile: 'v2' })

async function check(url: string) {
  const io = captureIo('/')
  const args = { url, json: true, address: undefined, timeout: undefined }
  const code = await runCheckCommand(args, io, {
    internals: { ...DEFAULT_INTERNALS, random: () => 0 },
  })
  const { requests, ...report } = JSON.parse(io.out()) as CheckReport
  return { code, stderr: io.err(), report, requests }
}

describe('confirmed-rpc check against a faulty endpoint', () => {
  it.each([1, 2, 3])('gives the fault-free report on every run (seed %i)', async (seed) => {
    const clean = await serveMockLedger(ledger)
    const faulty = await serveMockLedger(ledger, {
      // Retry-After: 0 (or a date already past) keeps the test quick; the waits are honoured.
      faults: { rate: 0.3, seed, kinds: KINDS, retryAfterSeconds: 0 },
    })
    try {
      const expected = await check(clean.url)
      expect(expected).toMatchObject({ code: 0, stderr: '' })
      const endpoint = (url: string) => ({ ...expected.report, endpoint: url })
      for (let run = 0; run < RUNS; run++) {
        const seen = await check(faulty.url)
        expect({ code: seen.code, stderr: seen.stderr, report: seen.report }).toEqual({
          code: 0,
          stderr: '',
          report: endpoint(faulty.url),
        })
        expect(seen.requests).toBeGreaterThanOrEqual(expected.requests)
      }
      const { faults } = faulty.stats
      expect(Object.values(faults).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(RUNS)
      expect(faulty.stats.requests).toBeGreaterThan(RUNS * expected.requests)
    } finally {
      await Promise.all([clean.close(), faulty.close()])
    }
  })
})
