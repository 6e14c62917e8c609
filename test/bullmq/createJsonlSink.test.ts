import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { createJsonlSink } from '../../src/bullmq/createJsonlSink'
import type { BackfillSinkState } from '../../src/bullmq/types'
import { formatEntries } from '../../src/cli/history/formatEntries'
import { createClient } from '../../src/client'
import { sharedLedger } from '../support/sharedLedger'

const ledger = sharedLedger({ seed: 7, transactions: 2_000 })
const [address = ''] = ledger.addresses()
const dir = mkdtempSync(join(tmpdir(), 'sink-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function pagesOf(pageSize: number) {
  const client = createClient({ transport: ledger.transport, u64: 'bigint' })
  const walk = client.signaturesForAddress(address, { pageSize })
  const pages = []
  for await (const entries of walk.pages()) pages.push({ entries, checkpoint: walk.checkpoint() })
  return pages
}

it('writes the `history` JSON lines, and a page offered again (a crash before its checkpoint) once', async () => {
  const sink = createJsonlSink({ directory: dir })
  const pages = await pagesOf(300)
  let state: BackfillSinkState | undefined
  for (const [index, page] of pages.entries()) {
    const next = await sink.write({ address, ...page, state })
    // The worker died before storing page 2's checkpoint: the next one offers it again.
    state = index === 2 ? await sink.write({ address, ...page, state }) : next
  }
  await sink.finish?.({ address, state })
  const text = readFileSync(join(dir, `${address}.jsonl`), 'utf8')
  const all = pages.flatMap((page) => page.entries.map((info) => ({ info })))
  expect(text).toBe(formatEntries({ format: 'jsonl', transactions: false }, all))
  expect(state).toEqual({ bytes: Buffer.byteLength(text) })
  expect(all.map(({ info }) => info.signature)).toEqual(
    ledger.signatures(address).map((info) => info.signature),
  )
})

it('ends an address without history as an empty file', async () => {
  const sink = createJsonlSink({ directory: dir })
  await sink.finish?.({ address: 'Empty11111111111111111111111111111111111111', state: undefined })
  expect(readFileSync(join(dir, 'Empty11111111111111111111111111111111111111.jsonl'), 'utf8')).toBe(
    '',
  )
})

it('refuses a file shorter than its checkpoint vouches for (changed outside the backfill)', async () => {
  const sink = createJsonlSink({ directory: dir })
  const [page] = await pagesOf(10)
  writeFileSync(join(dir, 'Short1111111111111111111111111111111111111.jsonl'), 'x')
  await expect(
    sink.write({
      address: 'Short1111111111111111111111111111111111111',
      entries: page?.entries ?? [],
      checkpoint: page?.checkpoint ?? { version: 1, address, done: false },
      state: { bytes: 50 },
    }),
  ).rejects.toThrow('fewer than the 50 its checkpoint vouches for')
})

it.each([
  ['/tmp', 'options'],
  [undefined, 'directory'],
  [{}, 'directory'],
  [{ directory: '' }, 'directory'],
  [{ directory: 7 }, 'directory'],
  [{ directory: '/tmp', dir: '/tmp' }, 'options.dir'],
])('refuses the options %o naming %s', (options, param) => {
  expect(() => createJsonlSink(options as never)).toThrow(
    expect.objectContaining({ code: 'INVALID_PARAM', context: expect.objectContaining({ param }) }),
  )
})
