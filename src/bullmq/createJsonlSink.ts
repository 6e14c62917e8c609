import { constants } from 'node:fs'
import { type FileHandle, open } from 'node:fs/promises'
import { join } from 'node:path'
import {
  coveragePath,
  endsProven,
  saveCoverageRecord,
  startsProven,
} from '../coverage/coverageRecord'
import { type CoverageRecorder, replayOutputAsync } from '../coverage/createCoverageRecorder'
import { type HistoryCheckpoint, stringifyJson } from '../index'
import { type FieldReaders, readFields, throwInvalidParam } from '../params/readFields'
import type { BackfillSink, BackfillSinkState, BackfillWalkOptions } from './types'

/** Options of {@link createJsonlSink}. */
export type JsonlSinkOptions = Readonly<{
  /** The directory that receives `<address>.jsonl` for each address; it must exist. Required. */
  directory: string
}>

const SINK_FIELDS = {
  // Required: a missing directory is refused as an empty one.
  directory: (value, method, param) =>
    typeof value === 'string' && value !== ''
      ? value
      : throwInvalidParam(method, param, 'expected a path'),
} satisfies FieldReaders<JsonlSinkOptions>

/**
 * A backfill sink that writes each address's history to `<directory>/<address>.jsonl`, one entry
 * a line in the format of `confirmed-rpc history` (the node's fields, u64 values exact). Each
 * file stays exact across crashes and takeovers: its state is the file's length after the last
 * accepted page, and every write first truncates the file to the length it was given (a page
 * written by a worker that died before its checkpoint was stored is cut off, then written again),
 * appends the page and flushes it to disk (fsync) before it counts as accepted. An address with
 * no history ends as an empty file. A file shorter than its state is an error (a gap would be
 * silent otherwise): with every worker writing to one directory, only something other than the
 * backfill can cut a file, since a worker writes an address only while it holds its job.
 *
 * Beside each file, `<address>.jsonl.coverage.json` is its coverage record (the slot ranges the
 * walk proved whole, with counts and digests; `confirmed-rpc coverage` checks it), replaced
 * atomically after each page is on disk. A worker that takes an address over reads the file back
 * to the length its state vouches for, so the record goes on as one worker's would.
 *
 * @example
 * ```ts
 * import { createJsonlSink } from 'confirmed-rpc/bullmq'
 *
 * const sink = createJsonlSink({ directory: '/tmp' })
 * const state = await sink.write({
 *   address: 'Vote111111111111111111111111111111111111111',
 *   entries: [],
 *   checkpoint: { version: 1, address: 'Vote111111111111111111111111111111111111111', done: true },
 *   state: undefined,
 * })
 * console.log(state) // { bytes: 0 }
 * ```
 */
export function createJsonlSink(options: JsonlSinkOptions): BackfillSink {
  const { directory } = readFields(options, SINK_FIELDS, 'createJsonlSink', 'options', '')
  const fileOf = (address: string) => join(directory, `${address}.jsonl`)
  const coverage = createCoverageFiles(fileOf)
  return {
    async write({ address, entries, checkpoint, state, walk }) {
      const lines = entries.map((entry) => `${stringifyJson(entry)}\n`)
      const text = lines.join('')
      return withRewoundFile(fileOf(address), state, async (file, bytes) => {
        const data = Buffer.from(text, 'utf8')
        // Read back before the write when this sink did not write the bytes before it.
        const recorder = await coverage.at(address, walk, bytes)
        await file.write(data, 0, data.length, bytes)
        await file.sync()
        entries.forEach((info, index) => {
          recorder.add(info.signature, BigInt(info.slot), lines[index] ?? '')
        })
        await coverage.save(address, walk, checkpoint)
        return { bytes: bytes + data.length }
      })
    },
    async finish({ address, state, checkpoint, walk }) {
      await withRewoundFile(fileOf(address), state, async (file, bytes) => {
        await file.sync()
        if (checkpoint !== undefined) {
          await coverage.at(address, walk, bytes)
          await coverage.save(address, walk, checkpoint)
        }
        coverage.forget(address)
        return state ?? { bytes: 0 }
      })
    },
  }
}

/**
 * The coverage records of a sink's files: a recorder per address in hand, read back from the
 * file when this sink did not write all of its bytes (a takeover, a restart).
 */
function createCoverageFiles(fileOf: (address: string) => string) {
  const recorders = new Map<string, CoverageRecorder>()
  const boundsOf = (walk: BackfillWalkOptions | undefined) => ({
    order: walk?.order ?? 'newest',
    before: walk?.before,
    until: walk?.until,
  })
  return {
    async at(
      address: string,
      walk: BackfillWalkOptions | undefined,
      bytes: number,
    ): Promise<CoverageRecorder> {
      const held = recorders.get(address)
      if (held !== undefined && held.bytes() === bytes) return held
      const path = fileOf(address)
      const recorder = await replayOutputAsync(path, bytes, {
        address,
        commitment: walk?.commitment ?? 'finalized',
        output: `${address}.jsonl`,
        format: 'jsonl',
        order: walk?.order ?? 'newest',
        startProven: startsProven(boundsOf(walk)),
      })
      recorders.set(address, recorder)
      return recorder
    },
    async save(
      address: string,
      walk: BackfillWalkOptions | undefined,
      checkpoint: HistoryCheckpoint,
    ): Promise<void> {
      const recorder = recorders.get(address)
      if (recorder === undefined) return
      const endProven = endsProven(boundsOf(walk), checkpoint)
      await saveCoverageRecord(
        coveragePath(fileOf(address)),
        recorder.record({ done: checkpoint.done, endProven }),
      )
    },
    forget(address: string) {
      recorders.delete(address)
    },
  }
}

// Opens (creating) the file, cuts it to the length `state` vouches for, and runs `use` on it.
async function withRewoundFile(
  path: string,
  state: BackfillSinkState | undefined,
  use: (file: FileHandle, bytes: number) => Promise<BackfillSinkState>,
): Promise<BackfillSinkState> {
  const bytes = state === undefined ? 0 : Number(state.bytes)
  const file = await open(path, constants.O_RDWR | constants.O_CREAT)
  try {
    const { size } = await file.stat()
    if (!(size >= bytes)) {
      throw new Error(
        `${path} has ${size} bytes, fewer than the ${bytes} its checkpoint vouches for: the address's earlier pages were written to another directory (a worker on another machine, with a directory of its own), or the file was cut since`,
      )
    }
    if (size > bytes) await file.truncate(bytes)
    return await use(file, bytes)
  } finally {
    await file.close()
  }
}
