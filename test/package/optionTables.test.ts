import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const doc = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8')

// The file of each options object docs/architecture.md lists as read by a table of field readers.
const FILES: Readonly<Record<string, string>> = {
  client: 'src/client.ts',
  transports: 'src/transport/createHttpTransport.ts',
  fallback: 'src/transport/createFallbackTransport.ts',
  budget: 'src/transport/createRequestBudget.ts',
  batching: 'src/transport/batching.ts',
  policy: 'src/migrate/withMethodPolicy.ts',
  walks: 'src/history/resolveWalkOptions.ts',
  'range walker': 'src/ranges/rangeWalker.ts',
  wallet: 'src/wallet/readWalletOptions.ts',
  'migrating fetch': 'src/web3js/createMigratingFetch.ts',
  'backfill queue and its walk options': 'src/bullmq/createBackfillQueue.ts',
  'backfill worker': 'src/bullmq/startBackfillWorker.ts',
  'Redis budget': 'src/bullmq/createRedisBudget.ts',
  'JSONL sink': 'src/bullmq/createJsonlSink.ts',
}

/** The concepts the doc says read their options by a table: `Every options object (a, b, ...)`. */
function listed(): string[] {
  const found = /Every options object \(([^)]*)\) is a table of these readers/.exec(doc)
  if (found?.[1] === undefined) throw new Error('docs/architecture.md lists no options objects')
  return found[1].split(', ')
}

it('knows the file of every options object the doc lists, and the doc lists them all', () => {
  expect(listed().sort()).toEqual(Object.keys(FILES).sort())
})

// One option-check style: each of them runs `readFields` over a table (unknown keys refused, each
// field by its reader), not checks of its own.
it.each(Object.entries(FILES))('%s: reads its options with readFields', (_, file) => {
  expect(readFileSync(resolve(root, file), 'utf8')).toMatch(/\breadFields\(/)
})
