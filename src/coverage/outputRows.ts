import { closeSync, openSync, readSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { StringDecoder } from 'node:string_decoder'

/** One row of an export's output: a line, or a CSV record whose quoted cell holds line feeds. @internal */
export type OutputRow = Readonly<{
  /** The row's text with its line feed (none on a last row cut short). */
  text: string
  /** 1-based line number where the row starts. */
  line: number
  /** Whether the row ends with its line feed. */
  whole: boolean
}>

// Bytes read at a time: an output with transactions may be gigabytes.
const CHUNK_BYTES = 1 << 20

/**
 * Calls `row` for each row of the first `length` bytes of an output file, in order, reading it in
 * chunks. JSON lines split at each line feed (JSON text has none unescaped); CSV rows at a line
 * feed outside a quoted cell (RFC 4180: a memo may hold one). A last row without its line feed is
 * passed with `whole: false`.
 * @internal
 */
export function forEachOutputRow(
  path: string,
  length: number,
  format: 'jsonl' | 'csv',
  row: (row: OutputRow) => void,
): void {
  const fd = openSync(path, 'r')
  const decoder = new StringDecoder('utf8')
  const buffer = Buffer.alloc(CHUNK_BYTES)
  const split = createRowSplitter(format, row)
  try {
    let offset = 0
    while (offset < length) {
      const read = readSync(fd, buffer, 0, Math.min(CHUNK_BYTES, length - offset), offset)
      if (read === 0) break
      offset += read
      split.push(decoder.write(buffer.subarray(0, read)))
    }
    split.push(decoder.end())
    split.end()
  } finally {
    closeSync(fd)
  }
}

/**
 * {@link forEachOutputRow} without blocking the event loop (a backfill worker renews its jobs'
 * locks meanwhile): the same rows, read with asynchronous reads.
 * @internal
 */
export async function forEachOutputRowAsync(
  path: string,
  length: number,
  format: 'jsonl' | 'csv',
  row: (row: OutputRow) => void,
): Promise<void> {
  const file = await open(path, 'r')
  const decoder = new StringDecoder('utf8')
  const buffer = Buffer.alloc(CHUNK_BYTES)
  const split = createRowSplitter(format, row)
  try {
    let offset = 0
    while (offset < length) {
      const { bytesRead } = await file.read(
        buffer,
        0,
        Math.min(CHUNK_BYTES, length - offset),
        offset,
      )
      if (bytesRead === 0) break
      offset += bytesRead
      split.push(decoder.write(buffer.subarray(0, bytesRead)))
    }
    split.push(decoder.end())
    split.end()
  } finally {
    await file.close()
  }
}

/** Splits text handed in pieces into rows: a small state (the pending row, its quotes). */
function createRowSplitter(format: 'jsonl' | 'csv', row: (row: OutputRow) => void) {
  let pending = ''
  let scanned = 0 // characters of `pending` already searched for quotes
  let quotes = 0 // quotes in pending[0, scanned)
  let line = 1
  let rowLine = 1
  return {
    push(text: string): void {
      pending += text
      for (;;) {
        const end = pending.indexOf('\n', scanned)
        if (end === -1) {
          if (format === 'csv') quotes += countQuotes(pending, scanned, pending.length)
          scanned = pending.length
          return
        }
        line++
        if (format === 'csv') {
          quotes += countQuotes(pending, scanned, end)
          // A line feed inside a quoted cell belongs to the row.
          if (quotes % 2 === 1) {
            scanned = end + 1
            continue
          }
        }
        row({ text: pending.slice(0, end + 1), line: rowLine, whole: true })
        pending = pending.slice(end + 1)
        rowLine = line
        scanned = 0
        quotes = 0
      }
    },
    end(): void {
      if (pending !== '') row({ text: pending, line: rowLine, whole: false })
    },
  }
}

function countQuotes(text: string, from: number, to: number): number {
  let count = 0
  for (let at = text.indexOf('"', from); at !== -1 && at < to; at = text.indexOf('"', at + 1)) {
    count++
  }
  return count
}

/** What a row of an export says about the coverage: its entry's signature and slot. @internal */
export type OutputEntry = Readonly<{ signature: string; slot: bigint }>

const BASE58_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/
const DIGITS = /^(0|[1-9]\d{0,19})$/

/**
 * The signature and slot of an output row (JSON lines: its `signature` and `slot` members; CSV:
 * the first two cells, which are always plain), or `undefined` when the row holds no entry
 * (another format, a foreign line, a slot above 2^53 in JSON lines, which this reader would
 * round).
 * @internal
 */
export function readOutputEntry(text: string, format: 'jsonl' | 'csv'): OutputEntry | undefined {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text
  if (format === 'csv') {
    const [signature = '', slot = ''] = body.split(',', 2)
    if (!BASE58_SIGNATURE.test(signature) || !DIGITS.test(slot)) return undefined
    return { signature, slot: BigInt(slot) }
  }
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return undefined
  }
  const entry = value as { signature?: unknown; slot?: unknown } | null
  if (entry === null || typeof entry !== 'object') return undefined
  const { signature, slot } = entry
  if (typeof signature !== 'string' || !BASE58_SIGNATURE.test(signature)) return undefined
  if (!Number.isSafeInteger(slot) || (slot as number) < 0) return undefined
  return { signature, slot: BigInt(slot as number) }
}
