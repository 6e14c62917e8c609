import { createClient } from '../../src/client'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerFaults, serveMockLedger } from '../../src/testing/serveMockLedger'
import type { BenchRow } from '../support/BenchRow'
import type { BenchSettings } from '../support/BenchSettings'

/**
 * The soak test's stale nodes (test/reliability/soak.slow.test.ts): 30% of requests faulted, evenly
 * over six kinds, so 5% answered by a node 150 slots behind. Only that kind here, so that every
 * extra request a walk sends is the pager's own, not a transport retry.
 */
const STALE: MockLedgerFaults = { rate: 0.3 / 6, seed: 31, kinds: ['staleNode'], staleSlots: 150 }

type Tally = { walks: number; requests: number; behind: number; missed: number; slots: number }

/**
 * What `headCheck` buys and costs: walks of the busiest address of the soak test's ledger
 * (seed 11, about 4,800 entries, 1,000 a page), with the check on and off, taking turns, against
 * a served ledger whose stale-node answers come at the soak's rate, then against a healthy one.
 * Counts HTTP requests per walk (what a rate limit counts) and the walks whose first entry is
 * older than the true head, with how far behind they start. Every walk must be exact from its
 * first entry on (no gap, no repeat): starting behind only leaves out the newest entries.
 */
export async function runHeadCheckSuite(settings: BenchSettings): Promise<BenchRow[]> {
  const ledger = createMockLedger({ seed: 11 })
  const [address = ''] = ledger.addresses()
  const truth = ledger.signatures(address)
  const position = new Map(truth.map((info, i) => [info.signature, i]))
  const head = truth[0]?.slot ?? 0
  const subject = `${truth.length.toLocaleString('en')} signatures`

  const walkAll = async (faults: MockLedgerFaults | undefined, walks: number) => {
    const server = await serveMockLedger(ledger, { faults })
    const client = createClient({ url: server.url, deprecationWarnings: false })
    const tally = (): Tally => ({ walks, requests: 0, behind: 0, missed: 0, slots: 0 })
    const off = tally()
    const on = tally()
    try {
      for (let i = 0; i < walks * 2; i++) {
        // Alternate, so that both settings meet the same stretch of the fault sequence.
        const headCheck = i % 2 === 1
        const counts = headCheck ? on : off
        const sent = server.stats.requests
        const seen: string[] = []
        for await (const info of signaturesForAddress(client, address, { headCheck })) {
          seen.push(info.signature)
        }
        counts.requests += server.stats.requests - sent
        const start = position.get(seen[0] ?? '') ?? -1
        const exact =
          start >= 0 &&
          seen.length === truth.length - start &&
          seen.every((signature, k) => signature === truth[start + k]?.signature)
        if (!exact) throw new Error(`a walk with headCheck ${headCheck} was not exact`)
        if (start > 0) {
          counts.behind++
          counts.missed += start
          counts.slots += head - (truth[start]?.slot ?? head)
        }
      }
    } finally {
      await server.close()
    }
    return [off, on] as const
  }

  const walks = settings.quick ? 40 : 200
  const [staleOff, staleOn] = await walkAll(STALE, walks)
  // Without faults the count is the same on every walk: a few walks show it.
  const [healthyOff, healthyOn] = await walkAll(undefined, 10)
  const perWalk = (tally: Tally) => tally.requests / tally.walks
  const share = (tally: Tally) => `${tally.behind} of ${tally.walks}`
  const behind = (tally: Tally) =>
    tally.behind === 0
      ? 'none'
      : `${Math.round(tally.missed / tally.behind).toLocaleString('en')} entries, ${Math.round(tally.slots / tally.behind)} slots`
  const stale = `${subject}, 5% stale answers`
  return [
    {
      group: 'head check',
      subject: stale,
      comparison: 'requests per walk, headCheck off ÷ on',
      ours: perWalk(staleOff).toFixed(2),
      other: perWalk(staleOn).toFixed(2),
      ratio: perWalk(staleOff) / perWalk(staleOn),
    },
    {
      group: 'head check',
      subject: stale,
      comparison: 'walks starting behind the head ÷ walks, off (on)',
      ours: share(staleOff),
      other: share(staleOn),
      ratio: staleOff.behind / staleOff.walks,
      plain: true,
    },
    {
      group: 'head check',
      subject: stale,
      comparison: 'entries a late start misses ÷ history, off (mean)',
      ours: behind(staleOff),
      other: `${truth.length.toLocaleString('en')} entries`,
      ratio:
        staleOff.behind === 0
          ? 0
          : Number((staleOff.missed / staleOff.behind / truth.length).toFixed(3)),
      plain: true,
    },
    {
      group: 'head check',
      subject: `${subject}, healthy node`,
      comparison: 'requests per walk, headCheck off ÷ on',
      ours: perWalk(healthyOff).toFixed(2),
      other: perWalk(healthyOn).toFixed(2),
      ratio: perWalk(healthyOff) / perWalk(healthyOn),
    },
  ]
}
