import { constants } from 'node:fs'
import { type FileHandle, open } from 'node:fs/promises'
import { join } from 'node:path'
import { stringifyJson } from '../index'
import { type FieldReaders, readFields, throwInvalidParam } from '../params/readFields'
import type { BackfillSink, BackfillSinkState } from './types'

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
  return {
    async write({ address, entries, state }) {
      let text = ''
      for (const entry of entries) text += `${stringifyJson(entry)}\n`
      return withRewoundFile(fileOf(address), state, async (file, bytes) => {
        const data = Buffer.from(text, 'utf8')
        await file.write(data, 0, data.length, bytes)
        await file.sync()
        return { bytes: bytes + data.length }
      })
    },
    async finish({ address, state }) {
      await withRewoundFile(fileOf(address), state, async (file) => {
        await file.sync()
        return state ?? { bytes: 0 }
      })
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
