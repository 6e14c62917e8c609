/**
 * The mock ledger's memory machinery, each piece with and without, in one run:
 * `node --expose-gc --import tsx bench/mockLedgerAllocation.ts [transactions]` (default 20,000).
 *
 * It builds one ledger, then keeps the values that machinery shares (wire bytes and inner
 * instruction data carved from slabs, interned account index lists, canonical log lines, shared
 * compute-unit bigints, messages decoded on first read) two ways: as the ledger keeps them, and
 * as plain separate values. The heap kept after a full GC (JS heap plus array buffers) is the
 * figure; each comparison is the median of 5 interleaved rounds. The ratio is "with ÷ without"
 * (below 1: the machinery saves memory), and the saving is also given as a share of the whole
 * ledger's heap, which is what a test suite holding a big ledger pays.
 */

import { buildLedgerState } from '../src/testing/ledger/buildLedgerState'
import { allocateFromSlab, internIndexes } from '../src/testing/ledger/memory'
import { StoredTransaction } from '../src/testing/ledger/StoredTransaction'
import type { LedgerTransaction } from '../src/testing/ledger/types'

const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) throw new Error('run with node --expose-gc --import tsx')
const collect = (): void => {
  gc()
  gc()
}
const heap = (): number => {
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.arrayBuffers
}

/** Bytes still held after `make` returns, with whatever it returned kept alive. */
function retained(make: () => unknown): number {
  collect()
  const before = heap()
  const kept = make()
  collect()
  const after = heap()
  if (kept === undefined) throw new Error('nothing kept')
  return after - before
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const count = Number(process.argv[2] ?? 20_000)
collect()
const empty = heap()
const started = performance.now()
const state = buildLedgerState({ seed: 1, transactions: count })
const buildMs = performance.now() - started
const transactions: LedgerTransaction[] = [...state.bySignature.values()]
collect()
const ledgerBytes = heap() - empty

const bytes: Uint8Array[] = []
const indexLists: (readonly number[])[] = []
const lines: string[] = []
const units: bigint[] = []
for (const tx of transactions) {
  bytes.push(tx.wire)
  for (const entry of tx.meta.innerInstructions ?? []) {
    for (const inner of entry.instructions) {
      bytes.push(inner.data)
      indexLists.push(inner.accounts)
    }
  }
  if (tx.meta.returnData !== undefined) bytes.push(tx.meta.returnData.data)
  for (const line of tx.meta.logMessages ?? []) lines.push(line)
  if (tx.meta.computeUnitsConsumed !== undefined) units.push(tx.meta.computeUnitsConsumed)
  if (tx.meta.costUnits !== undefined) units.push(tx.meta.costUnits)
}
// Top-level instruction index lists, read from the wire as the RPC layer does.
const fresh = transactions.map(
  (tx) => new StoredTransaction({ ...tx, recentBlockhash: tx.message.recentBlockhash }),
)
for (const tx of fresh) for (const ix of tx.message.instructions) indexLists.push(ix.accounts)

/** A string equal to `s` that shares no memory with it (a flat copy, as a fresh `join` gives). */
const copyString = (s: string): string => Buffer.from(s, 'utf8').toString('utf8')

type Piece = Readonly<{ name: string; with: () => unknown; without: () => unknown }>
const pieces: Piece[] = [
  {
    name: `slab bytes (${bytes.length.toLocaleString('en')} arrays)`,
    with: () =>
      bytes.map((b) => {
        const view = allocateFromSlab(b.length)
        view.set(b)
        return view
      }),
    without: () => bytes.map((b) => Uint8Array.from(b)),
  },
  {
    name: `interned index lists (${indexLists.length.toLocaleString('en')})`,
    with: () => indexLists.map((list) => internIndexes([...list])),
    without: () => indexLists.map((list) => [...list]),
  },
  {
    name: `canonical log lines (${lines.length.toLocaleString('en')})`,
    with: () => {
      const canonical = new Map<string, string>()
      return lines.map((line) => {
        const copy = copyString(line)
        const found = canonical.get(copy)
        if (found !== undefined) return found
        canonical.set(copy, copy)
        return copy
      })
    },
    without: () => lines.map(copyString),
  },
  {
    name: `shared unit bigints (${units.length.toLocaleString('en')})`,
    with: () => {
      const shared = new Map<number, bigint>()
      return units.map((value) => {
        const n = Number(value)
        let found = shared.get(n)
        if (found === undefined) {
          found = BigInt(n)
          shared.set(n, found)
        }
        return found
      })
    },
    without: () => units.map((value) => BigInt(Number(value))),
  },
  {
    name: `messages decoded on first read (${transactions.length.toLocaleString('en')})`,
    with: () =>
      transactions.map(
        (tx) => new StoredTransaction({ ...tx, recentBlockhash: tx.message.recentBlockhash }),
      ),
    without: () =>
      transactions.map((tx) => {
        const stored = new StoredTransaction({ ...tx, recentBlockhash: tx.message.recentBlockhash })
        void stored.message
        return stored
      }),
  },
]

const MIB = 1024 * 1024
const mib = (n: number): string => `${(n / MIB).toFixed(1)} MiB`
console.log(
  `mock ledger of ${count.toLocaleString('en')} transactions: built in ${(buildMs / 1000).toFixed(1)} s, ${mib(ledgerBytes)} kept`,
)
console.log('piece | with | without | with ÷ without | saved, share of the ledger')
for (const piece of pieces) {
  const withBytes: number[] = []
  const withoutBytes: number[] = []
  for (let round = 0; round < 5; round++) {
    if (round % 2 === 0) {
      withBytes.push(retained(piece.with))
      withoutBytes.push(retained(piece.without))
    } else {
      withoutBytes.push(retained(piece.without))
      withBytes.push(retained(piece.with))
    }
  }
  const w = median(withBytes)
  const wo = median(withoutBytes)
  console.log(
    `${piece.name} | ${mib(w)} | ${mib(wo)} | ${(w / wo).toFixed(2)} | ${(((wo - w) / ledgerBytes) * 100).toFixed(1)}%`,
  )
}
