/**
 * Child process (run with --expose-gc): walks `signatures` entries of a synthetic history
 * through `client.signaturesForAddress` over an in-process transport, and reports the heap
 * after a full GC every tenth of the way.
 *
 * Input (IPC): `{ signatures }`. Message: `{ samples: { count, heapUsed }[], ms }`.
 */
import { createClient } from '../src/client'
import { createSyntheticTransport } from './fixtures/createSyntheticTransport'
import { collectAndMeasure } from './support/collectAndMeasure'

const ADDRESS = 'Vote111111111111111111111111111111111111111'

process.once('disconnect', () => process.exit(0))
process.once('message', async (input: { signatures: number }) => {
  // A history a little longer than the walk: it ends on `limit`, not on an empty last page.
  const client = createClient({
    transport: createSyntheticTransport(input.signatures + 500),
    deprecationWarnings: false,
  })
  const step = input.signatures / 10
  const samples = [{ count: 0, heapUsed: collectAndMeasure() }]
  let count = 0
  const started = performance.now()
  let paused = 0
  for await (const info of client.signaturesForAddress(ADDRESS, { limit: input.signatures })) {
    count++
    if (info.signature.length === 0) throw new Error('empty signature')
    if (count % step === 0) {
      const before = performance.now()
      samples.push({ count, heapUsed: collectAndMeasure() })
      paused += performance.now() - before
    }
  }
  const ms = performance.now() - started - paused
  process.send?.({ samples, ms, count })
})
