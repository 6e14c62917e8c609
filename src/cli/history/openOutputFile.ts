import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, writeSync } from 'node:fs'
import type { OutputFile } from './OutputFile'

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
