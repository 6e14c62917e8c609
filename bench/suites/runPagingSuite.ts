import crossFetch from 'cross-fetch'
import type { FetchFunction } from '../../src/transport/types'
import type { BenchRow } from '../support/BenchRow'
import type { BenchSettings } from '../support/BenchSettings'
import { formatMs } from '../support/formatMs'
import { measure, pairedRatio } from '../support/measure'
import { oursWalker, rawWalker, type Walker, web3Walker } from './walkers'

/** The served ledger to walk: see `serveLedgerChild.ts`. */
export type PagingTarget = Readonly<{ url: string; address: string; count: number }>

const platformFetch: FetchFunction = (input, init) => globalThis.fetch(input, init)
const nodeFetch = crossFetch as FetchFunction

/**
 * Walks the busiest address of a served ledger (`serveMockLedger`, in a child process) from
 * newest to oldest, 1,000 entries a page: our pager (client defaults, then with the platform's
 * `fetch`) against a raw `fetch` + `JSON.parse` loop and a web3.js v1 loop. Every walk must see
 * the whole history. One walk is one sample; candidates take turns.
 */
export async function runPagingSuite(
  target: PagingTarget,
  settings: BenchSettings,
): Promise<BenchRow[]> {
  const walkers: [string, Walker][] = [
    ['raw fetch', rawWalker(platformFetch)],
    ['raw cross-fetch', rawWalker(nodeFetch)],
    ['ours', oursWalker()],
    ['ours, platform fetch', oursWalker(platformFetch)],
    ['web3.js', web3Walker()],
  ]
  const [raw, rawCross, ours, oursPlatform, web3] = await measure(
    walkers.map(([name, walk]) => ({
      name,
      run: async () => {
        const count = await walk(target.url, target.address)
        if (count !== target.count) throw new Error(`${name} walked ${count} of ${target.count}`)
      },
    })),
    { rounds: settings.pagingRounds, minSampleMs: 0, warmupMs: 0, warmupRuns: 1 },
  )
  if (!raw || !rawCross || !ours || !oursPlatform || !web3) {
    throw new Error('a measurement is missing')
  }
  const subject = `${target.count.toLocaleString('en')} signatures`
  return [
    {
      group: 'paging',
      subject,
      comparison: 'ours ÷ raw fetch loop',
      ours: formatMs(ours.medianMs),
      other: formatMs(raw.medianMs),
      ratio: pairedRatio(ours, raw),
      target: { op: '<=', value: 1.1 },
    },
    {
      group: 'paging',
      subject,
      comparison: 'ours ÷ raw cross-fetch loop',
      ours: formatMs(ours.medianMs),
      other: formatMs(rawCross.medianMs),
      ratio: pairedRatio(ours, rawCross),
    },
    {
      group: 'paging',
      subject,
      comparison: 'ours (platform fetch) ÷ raw fetch loop',
      ours: formatMs(oursPlatform.medianMs),
      other: formatMs(raw.medianMs),
      ratio: pairedRatio(oursPlatform, raw),
    },
    {
      group: 'paging',
      subject,
      comparison: 'web3.js v1 loop ÷ ours',
      ours: formatMs(ours.medianMs),
      other: formatMs(web3.medianMs),
      ratio: pairedRatio(web3, ours),
      target: { op: '>', value: 1 },
    },
  ]
}
