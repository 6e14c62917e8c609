import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BookRow, BooksCheckpoint } from '../../src/books/types'
import { walletBooks } from '../../src/books/walletBooks'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { walletHistory } from '../../src/wallet/walletHistory'
import { booksLedger, countingClient, FAST, readBooks } from './booksSetup'

// walletBooks on a small 'v4.2' ledger (v1 transactions, token account lives): its options,
// resume through JSON from any row, ranges, and what it costs against the walk it reads.

const ledger = booksLedger('v4.2', 500)
const owners = ledger.walletOwners().slice(0, 12)
const full = new Map<string, Awaited<ReturnType<typeof readBooks>>>()
async function fullBooks(owner: string) {
  let books = full.get(owner)
  if (books === undefined) {
    books = await readBooks(ledger, owner)
    full.set(owner, books)
  }
  return books
}

const show = (rows: readonly BookRow[]) => rows.map((row) => row.signature)

describe('walletBooks options', () => {
  it('refuses bad options before any request', () => {
    const { client, sent } = countingClient(ledger)
    const owner = owners[0] as string
    const refused = (options: unknown, param: string) => {
      let error: unknown
      try {
        walletBooks(client, owner, options as never)
      } catch (caught) {
        error = caught
      }
      expect(isConfirmedRpcError(error, 'INVALID_PARAM') && error.context.param).toBe(param)
    }
    refused({ limit: 0 }, 'options.limit')
    refused({ from: 'yesterday' }, 'options.from')
    refused({ from: new Date('nope') }, 'options.from')
    refused({ from: 2_000, to: 1_000 }, 'options.from')
    refused({ until: 'x' }, 'options.until')
    refused({ colour: 'red' }, 'options.colour')
    refused({ commitment: 'processed' }, 'options.commitment')
    refused({ resume: { version: 2 } }, 'options.resume.version')
    const resume = {
      version: 1,
      owner,
      done: false,
      walk: {},
      inRange: true,
      totals: [],
      opening: [],
    }
    refused({ resume, limit: 5 }, 'options.limit')
    refused({ resume: { ...resume, owner: owners[1] } }, 'options.resume.owner')
    refused(
      { resume: { ...resume, totals: [{ asset: 'SOL', decimals: 9, rows: '1.5', later: '0' }] } },
      'options.resume.totals[0].rows',
    )
    expect(() => walletBooks(client, 'not an address')).toThrow(/owner/)
    expect(sent).toEqual([])
  })

  it('costs the walk with transactions plus three requests, each transaction fetched once', async () => {
    const owner = owners[0] as string
    const walk = countingClient(ledger)
    for await (const _ of walletHistory(walk.client, owner, { ...FAST, transactions: true }));
    const books = countingClient(ledger)
    const read = walletBooks(books.client, owner, { ...FAST, reconcile: true })
    for await (const _ of read);
    await read.reconcile()
    const count = (sent: typeof walk.sent) => {
      const byMethod: Record<string, number> = {}
      for (const request of sent) byMethod[request.method] = (byMethod[request.method] ?? 0) + 1
      return byMethod
    }
    expect(count(books.sent)).toEqual({
      ...count(walk.sent),
      getBalance: 1,
      getTokenAccountsByOwner: (count(walk.sent).getTokenAccountsByOwner ?? 0) + 2,
    })
    const lookups = books.sent.filter((request) => request.method === 'getTransaction')
    expect(new Set(lookups.map((request) => request.params[0])).size).toBe(lookups.length)
    // The reconciliation is pinned at the walk's slot.
    const balance = books.sent.find((request) => request.method === 'getBalance')
    expect(balance?.params[1]).toEqual({ minContextSlot: Number(read.checkpoint().walk.upperSlot) })
  })
})

describe('walletBooks resumes and ranges', () => {
  it('resumed through JSON after any row gives the rest, and the same reconciliation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: owners.length - 1 }),
        fc.nat(),
        async (at, cut) => {
          const owner = owners[at] as string
          const whole = await fullBooks(owner)
          const stop = whole.rows.length === 0 ? 0 : cut % (whole.rows.length + 1)
          const { client } = countingClient(ledger)
          const first = walletBooks(client, owner, FAST)
          const got: BookRow[] = []
          if (stop > 0) {
            for await (const row of first) {
              got.push(row)
              if (got.length === stop) break
            }
          }
          const saved = JSON.parse(JSON.stringify(first.checkpoint())) as BooksCheckpoint
          const rest = walletBooks(client, owner, { ...FAST, resume: saved })
          for await (const row of rest) got.push(row)
          expect(show(got)).toEqual(show(whole.rows))
          expect(got).toEqual(whole.rows)
          expect(await rest.reconcile()).toEqual(whole.reconciliation)
        },
      ),
      { numRuns: 8, seed: 38 },
    )
  })

  it('a time range and until give the rows inside, and the reconciliation still holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: owners.length - 1 }),
        fc.nat(),
        fc.nat(),
        async (at, a, b) => {
          const owner = owners[at] as string
          const whole = await fullBooks(owner)
          const times = whole.rows.flatMap((row) => (row.blockTime === null ? [] : [row.blockTime]))
          if (times.length === 0) return
          const [from, to] = [times[a % times.length], times[b % times.length]].sort() as [
            number,
            number,
          ]
          const { client } = countingClient(ledger)
          const books = walletBooks(client, owner, { ...FAST, from, to, reconcile: true })
          const got: BookRow[] = []
          for await (const row of books) got.push(row)
          const inside = whole.rows.filter(
            (row) => row.blockTime === null || (row.blockTime >= from && row.blockTime <= to),
          )
          // Rows without a block time count as where the walk stands: compare the timed ones.
          const timed = (rows: readonly BookRow[]) =>
            show(rows.filter((row) => row.blockTime !== null))
          expect(timed(got)).toEqual(timed(inside))
          const reconciliation = await books.reconcile()
          // A range of a history that adds up adds up too (an older gap may fall outside it).
          if (whole.reconciliation.ok) expect(reconciliation.ok).toBe(true)
          for (const asset of reconciliation.assets) {
            const sum = got.reduce(
              (total, row) =>
                total + (row.deltas.find((delta) => delta.asset === asset.asset)?.delta ?? 0n),
              0n,
            )
            expect(asset.rows).toBe(sum)
          }
          const until = whole.rows[a % whole.rows.length]?.signature as string
          const head: BookRow[] = []
          for await (const row of walletBooks(client, owner, { ...FAST, until })) head.push(row)
          expect(show(head)).toEqual(show(whole.rows.slice(0, a % whole.rows.length)))
        },
      ),
      { numRuns: 6, seed: 7 },
    )
  })
})
