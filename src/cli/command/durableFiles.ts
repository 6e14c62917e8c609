import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  renameSync,
  writeSync,
} from 'node:fs'
import { dirname } from 'node:path'

// The two durable writes every exporting command makes (`history`, `books`): the output appended
// and flushed batch by batch at known offsets, and the checkpoint that vouches for its first
// bytes, replaced whole. A crash at any point leaves an output that `--resume` cuts back to what
// the checkpoint vouches for.

/** The output file of an export, written at known offsets: see `openOutputFile`. */
export type OutputFile = Readonly<{
  /** Its length in bytes, as far as this run wrote it. */
  bytes(): number
  /** Writes `text` at the end and flushes it to disk (fsync); returns the new length. */
  append(text: string): number
  close(): void
}>

/**
 * Opens an export's output at a known length: creates it if missing, cuts it to `length` bytes
 * (dropping what a crashed run wrote after its last checkpoint) and flushes that. A file shorter
 * than `length` cannot be continued: `undefined` then, and the file is left as it is.
 */
export function openOutputFile(path: string, length: number): OutputFile | undefined {
  const fd = openSync(path, 'a+')
  closeSync(fd)
  const handle = openSync(path, 'r+')
  if (fstatSync(handle).size < length) {
    closeSync(handle)
    return undefined
  }
  ftruncateSync(handle, length)
  fsyncSync(handle)
  let bytes = length
  return {
    bytes: () => bytes,
    append: (text) => {
      const buffer = Buffer.from(text, 'utf8')
      let written = 0
      while (written < buffer.length) {
        written += writeSync(handle, buffer, written, buffer.length - written, bytes + written)
      }
      fsyncSync(handle)
      bytes += buffer.length
      return bytes
    },
    close: () => closeSync(handle),
  }
}

/**
 * Replaces a JSON file (a checkpoint) atomically and durably: the new content goes to a temporary file
 * beside it, which is flushed to disk (fsync) and renamed over the old one, and the directory
 * is flushed so that the rename survives a power cut. A crash at any point leaves the old file
 * or the new one, never a mix.
 */
export function writeJsonFileDurably(path: string, value: unknown): void {
  const temporary = `${path}.${process.pid}.tmp`
  const fd = openSync(temporary, 'w')
  try {
    writeSync(fd, `${JSON.stringify(value, null, 2)}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temporary, path)
  syncDirectory(dirname(path))
}

function syncDirectory(directory: string): void {
  let fd: number | undefined
  try {
    fd = openSync(directory, 'r')
    fsyncSync(fd)
  } catch {
    // Some platforms (Windows) cannot open or flush a directory: the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
