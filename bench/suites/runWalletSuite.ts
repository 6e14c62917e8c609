import { createClient } from '../../src/client'
import { transactionsForAddress } from '../../src/history/transactionsForAddress'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { serveMockLedger } from '../../src/testing/serveMockLedger'
import { walletHistory } from '../../src/wallet/walletHistory'
import type { BenchRow } from '../support/BenchRow'
import type { BenchSettings } from '../support/BenchSettings'
import { median } from '../support/median'

/** Each request waits this long at the server, as over a network. */
const LATENCY_MS = 5
const TOKEN_ACCOUNTS = 20

/**
 * `walletHistory` with transactions against the naive way on a wallet with about 20 token
 * accounts: a full `transactionsForAddress` walk of every address the wallet walk used (the
 * owner, listed and discovered accounts; each a full history, then a getTransaction per entry
 * per address, 8 at a time, as the library's own per-address walk does), then the union. Both
 * over loopback with every answer 5 ms late, taking turns; requests counted at the server.
 * The naive union is also compared with the definition: it walks discovered accounts whole.
 */
export async function runWalletSuite(settings: BenchSettings): Promise<BenchRow[]> {
  const ledger = createMockLedger({ seed: 11, transactions: 3_000, tokenLifecycles: true })
  // The wallet whose history has the number of token accounts closest to 20.
  const counts = new Map<string, number>()
  for (const tx of ledger.state.bySignature.values()) {
    const payer = tx.message.staticAccountKeys[0] as string
    counts.set(payer, (counts.get(payer) ?? 0) + 1)
  }
  const candidates = [...counts.keys()].slice(0, 40).map((owner) => {
    const sources = new Set(ledger.walletEntries(owner).flatMap((entry) => entry.sources))
    return { owner, accounts: sources.size - 1 }
  })
  candidates.sort(
    (a, b) => Math.abs(a.accounts - TOKEN_ACCOUNTS) - Math.abs(b.accounts - TOKEN_ACCOUNTS),
  )
  const { owner, accounts } = candidates[0] as { owner: string; accounts: number }
  const truth = ledger.walletSignatures(owner)
  const server = await serveMockLedger(ledger, {
    faults: { rate: 1, kinds: ['latency'], latencyMs: LATENCY_MS },
  })
  const client = createClient({ url: server.url, u64: 'bigint', deprecationWarnings: false })
  const ours = { requests: [] as number[], ms: [] as number[] }
  const naive = { requests: [] as number[], ms: [] as number[], union: 0, extra: 0 }
  try {
    for (let round = 0; round < (settings.quick ? 2 : 4); round++) {
      let sent = server.stats.requests
      let start = performance.now()
      const walk = walletHistory(client, owner, { transactions: true })
      let got = 0
      for await (const _ of walk) got++
      if (got !== truth.length) throw new Error(`walletHistory gave ${got} of ${truth.length}`)
      ours.ms.push(performance.now() - start)
      ours.requests.push(server.stats.requests - sent)
      const addresses = walk.checkpoint().sources.map((source) => source.address)
      sent = server.stats.requests
      start = performance.now()
      const union = new Set<string>()
      for (const address of addresses) {
        const each = transactionsForAddress(client, address, { maxSupportedTransactionVersion: 0 })
        for await (const { info } of each) union.add(info.signature)
      }
      naive.ms.push(performance.now() - start)
      naive.requests.push(server.stats.requests - sent)
      naive.union = union.size
      naive.extra = [...union].filter((signature) => !truth.includes(signature)).length
    }
  } finally {
    await server.close()
  }
  const subject = `wallet with ${accounts} token accounts, ${truth.length.toLocaleString('en')} entries, ${LATENCY_MS} ms a request`
  const requests = median(naive.requests) / median(ours.requests)
  const time = median(naive.ms) / median(ours.ms)
  return [
    {
      group: 'wallet history',
      subject,
      comparison: 'requests: naive ÷ walletHistory',
      ours: `${median(ours.requests)} requests`,
      other: `${median(naive.requests)} requests`,
      ratio: requests,
      target: { op: '>=', value: 1 },
    },
    {
      group: 'wallet history',
      subject,
      comparison: 'time: naive ÷ walletHistory',
      ours: `${(median(ours.ms) / 1000).toFixed(2)} s`,
      other: `${(median(naive.ms) / 1000).toFixed(2)} s`,
      ratio: time,
      target: { op: '>=', value: 1 },
    },
    {
      group: 'wallet history',
      subject,
      comparison: 'naive union: entries outside the definition',
      ours: '0',
      other: `${naive.extra} of ${naive.union}`,
      ratio: naive.extra,
      plain: true,
    },
  ]
}
