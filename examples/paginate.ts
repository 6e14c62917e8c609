/**
 * Pages through a busy address's whole history with a progress line, and shows how to stop and
 * resume a walk.
 *
 *   npx tsx examples/paginate.ts                        # the busiest address of a mock ledger
 *   RPC_URL=https://your.node ADDRESS=<base58> npx tsx examples/paginate.ts
 *   LIMIT=5000 PAGE_SIZE=250 npx tsx examples/paginate.ts
 *   RESUME='<checkpoint JSON>' npx tsx examples/paginate.ts
 *
 * Without RPC_URL, a mock ledger (seed 7, 20,000 transactions, so the same signatures on every
 * run) is served over HTTP on 127.0.0.1, with a few injected failures (429, 502, a lagging node)
 * that the walk rides through. Press Ctrl-C to stop: the walk ends cleanly and prints the
 * checkpoint to pass back as RESUME. See docs/pagination.md.
 */
import { createClient } from '../src/client'
import type { HistoryCheckpoint } from '../src/history/types'
import { createMockLedger } from '../src/testing/createMockLedger'
import { serveMockLedger } from '../src/testing/serveMockLedger'

const ledger = process.env.RPC_URL ? undefined : createMockLedger({ seed: 7, transactions: 20_000 })
const server = ledger
  ? await serveMockLedger(ledger, {
      faults: { rate: 0.05, seed: 3, kinds: ['rateLimit', 'serverError', 'staleNode'] },
    })
  : undefined
const url = process.env.RPC_URL ?? server?.url ?? ''
const resume = process.env.RESUME
  ? (JSON.parse(process.env.RESUME) as HistoryCheckpoint)
  : undefined
const address =
  resume?.address ??
  process.env.ADDRESS ??
  ledger?.addresses()[0] ??
  'Vote111111111111111111111111111111111111111'
const limit = process.env.LIMIT ? Number(process.env.LIMIT) : undefined
const pageSize = process.env.PAGE_SIZE ? Number(process.env.PAGE_SIZE) : undefined

const client = createClient({
  url,
  u64: 'bigint',
  retry: { attempts: 6, baseDelayMs: 100, maxDelayMs: 2_000 },
  deprecationWarnings: false,
})
const controller = new AbortController()
process.once('SIGINT', () => controller.abort())

console.log(`node:    ${ledger ? 'mock ledger over HTTP' : url}`)
console.log(`address: ${address}${resume ? ' (resumed)' : ''}\n`)

const walk = client.signaturesForAddress(address, {
  ...(resume ? { resume } : { limit }),
  pageSize,
  signal: controller.signal,
})
const started = performance.now()
const interactive = process.stdout.isTTY === true
let pages = 0
let total = 0
let failed = 0
try {
  for await (const page of walk.pages()) {
    pages++
    total += page.length
    failed += page.filter((info) => info.err !== null).length
    const oldest = page.at(-1)
    const when =
      oldest?.blockTime == null
        ? ''
        : ` (${new Date(Number(oldest.blockTime) * 1000).toISOString()})`
    const rate = Math.round(total / ((performance.now() - started) / 1000))
    const line = `page ${pages}: ${total.toLocaleString('en')} signatures (${failed} failed), down to slot ${oldest?.slot}${when}, ${rate.toLocaleString('en')}/s`
    // One line, rewritten in place on a terminal; a line per page otherwise.
    if (interactive) process.stdout.write(`\r\x1b[2K${line}`)
    else console.log(line)
  }
} finally {
  if (interactive) process.stdout.write('\n')
  await server?.close()
}

const checkpoint = walk.checkpoint()
if (checkpoint.done) {
  console.log(`\ndone: ${total.toLocaleString('en')} signatures in ${pages} pages`)
  if (ledger && !resume && limit === undefined) {
    // With the mock, check the walk against the ledger's own list.
    console.log(`ledger says: ${ledger.signatures(address).length.toLocaleString('en')}`)
  }
} else {
  console.log(`\nstopped after ${total.toLocaleString('en')}; resume with:`)
  console.log(`RESUME='${JSON.stringify(checkpoint)}' npx tsx examples/paginate.ts`)
}
