import { basename } from 'node:path'
import type { WalletCheckpoint } from '../../actions/index'
import { coveragePath, endsProven, startsProven } from '../../coverage/coverageRecord'
import { type CoverageRecorder, replayOutput } from '../../coverage/createCoverageRecorder'
import type { HistoryCheckpoint } from '../../index'
import { writeJsonFileDurably } from '../command/durableFiles'
import { UsageError } from '../command/process'
import type { ExportEntry } from './formatEntries'
import type { HistoryQuery } from './types'

/** The coverage record of an export to a file, kept beside it: see {@link openCoverageFile}. */
export type CoverageFile = Readonly<{
  /** Counts the CSV header, written before any entry. */
  header(text: string): void
  /** Entries as written to the output, each with its line. */
  add(entries: readonly ExportEntry[], lines: readonly string[]): void
  /** Replaces `<out>.coverage.json` with the record of the output as the walk stands. */
  save(walk: HistoryCheckpoint | WalletCheckpoint): void
}>

/**
 * Opens the coverage record of an export to `out` (`<out>.coverage.json`). A resumed export
 * reads back the `bytes` its checkpoint vouches for, so the record goes on as one run's would;
 * an output that cannot be read back as entries is a `UsageError`. `outName` is `--out` as given.
 */
export function openCoverageFile(
  query: HistoryQuery,
  out: string,
  outName: string,
  bytes: number,
): CoverageFile {
  const bounds = { order: query.order, before: query.before, until: query.until }
  const settings = {
    address: query.address,
    wallet: query.wallet,
    commitment: query.commitment ?? 'finalized',
    output: basename(out),
    format: query.format,
    order: query.order,
    startProven: startsProven(bounds),
  }
  let recorder: CoverageRecorder
  try {
    recorder = replayOutput(out, bytes, settings)
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(out, outName) : String(error)
    throw new UsageError(
      `--resume: ${reason}: the output was changed since its checkpoint; delete the checkpoint to start over`,
    )
  }
  const path = coveragePath(out)
  return {
    header: (text) => recorder.header(text),
    add: (entries, lines) => {
      entries.forEach(({ info }, index) => {
        recorder.add(info.signature, BigInt(info.slot), lines[index] ?? '')
      })
    },
    save: (walk) => {
      const record = recorder.record({ done: walk.done, endProven: endsProven(bounds, walk) })
      writeJsonFileDurably(path, record)
    },
  }
}
