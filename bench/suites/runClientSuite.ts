import type { FetchFunction } from '../../src/transport/types'
import type { DecodeBody } from '../fixtures/DecodeBody'
import type { BenchRow } from '../support/BenchRow'
import type { BenchSettings } from '../support/BenchSettings'
import { formatMs } from '../support/formatMs'
import { measure, pairedRatio } from '../support/measure'
import { createCallers } from './createCallers'

/** Where {@link runClientSuite} sends the calls. */
export type ClientSuitePath = Readonly<{
  /** Row group, e.g. `vs web3.js (loopback)`. */
  group: string
  url: string
  /** A `fetch` both clients use instead of their default; absent for the real network path. */
  fetch?: FetchFunction | undefined
}>

/**
 * Each body fetched through our client and through web3.js v1, one call against the other, over
 * `path`: a loopback server (the whole request path) or an in-memory `fetch` (no network).
 * The ratio is web3.js's time over ours; the target is at least 3.
 */
export async function runClientSuite(
  bodies: readonly DecodeBody[],
  path: ClientSuitePath,
  settings: BenchSettings,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  for (const body of bodies) {
    const callers = createCallers(body, path.url, path.fetch)
    const [ours, web3] = await measure(
      [
        { name: 'ours', run: callers.ours },
        { name: 'web3.js', run: callers.web3 },
      ],
      {
        rounds: settings.httpRounds,
        minSampleMs: settings.minSampleMs,
        warmupMs: settings.warmupMs,
      },
    )
    if (!ours || !web3) throw new Error('a measurement is missing')
    rows.push({
      group: path.group,
      subject: body.label,
      comparison: 'web3.js v1 ÷ ours',
      ours: formatMs(ours.medianMs),
      other: formatMs(web3.medianMs),
      ratio: pairedRatio(web3, ours),
      target: { op: '>=', value: 3 },
    })
  }
  return rows
}
