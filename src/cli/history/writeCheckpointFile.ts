import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import type { HistoryCheckpointFile } from './HistoryCheckpointFile'

/**
 * Replaces the checkpoint file atomically and durably: the new content goes to a temporary file
 * beside it, which is flushed to disk (fsync) and renamed over the old one, and the directory
 * is flushed so that the rename survives a power cut. A crash at any point leaves the old file
 * or the new one, never a mix.
 */
export function writeCheckpointFile(path: string, checkpoint: HistoryCheckpointFile): void {
  const temporary = `${path}.${process.pid}.tmp`
  const fd = openSync(temporary, 'w')
  try {
    writeSync(fd, `${JSON.stringify(checkpoint, null, 2)}\n`)
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
