import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { walletBooks } from '../../src/books/walletBooks'
import { createClient } from '../../src/client'
import { createMockLedger } from '../../src/testing/createMockLedger'

// docs/books.md's worked example, run as the doc writes it: what it prints is the doc's text.
it("docs/books.md's worked example prints what the doc says", async () => {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/books.md'), 'utf8')
  const printed =
    /prints \(test\/books\/booksDoc\.test\.ts runs it and compares\):\n\n```text\n([\s\S]*?)```/.exec(
      doc,
    )?.[1]
  const lines: string[] = []
  const log = (line: string) => lines.push(line)
  const ledger = createMockLedger({ seed: 11, transactions: 500, tokenLifecycles: true })
  const client = createClient({ transport: ledger.transport })
  const owner = ledger.walletOwners()[3] ?? ''
  const books = walletBooks(client, owner, { reconcile: true })
  for await (const row of books) {
    const deltas = row.deltas
      .map((d) => `${d.asset === 'SOL' ? 'SOL' : d.asset.slice(0, 4)} ${d.delta}`)
      .join(', ')
    log(
      `${row.slot} ${row.signature.slice(0, 8)} fee ${row.fee}${row.failed ? ' failed' : ''}: ${deltas}`,
    )
  }
  const { slot, ok, assets } = await books.reconcile()
  log(`slot ${slot}, ok ${ok}`)
  for (const a of assets) {
    log(
      `${a.asset === 'SOL' ? 'SOL' : a.asset.slice(0, 4)} rows ${a.rows} chain ${a.chain} opening ${a.opening}`,
    )
  }
  expect(printed).toBe(`${lines.join('\n')}\n`)
  // The prose's figures: fifteen rows, three failed, and SOL's opening as the doc adds it up.
  expect(lines.filter((line) => / fee \d+/.test(line))).toHaveLength(15)
  expect(lines.filter((line) => line.includes(' failed:'))).toHaveLength(3)
  expect(doc).toContain('152,564,175,388 lamports')
  const sol = assets.find((asset) => asset.asset === 'SOL')
  expect(sol?.chain).toBe(152_564_175_388n)
  expect(sol?.rows).toBe(-12_434_206_907n)
  expect(sol?.opening).toBe(164_998_382_295n)
})
