import { existsSync, statSync } from 'node:fs'
import { type OutputFile, openOutputFile } from '../command/durableFiles'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo, HistoryHost } from '../command/types'
import type { HistoryCheckpointFile } from './checkpointFile'
import {
  checkpointPath,
  findQueryMismatch,
  readCheckpointFile,
  writeCheckpointFile,
} from './checkpointFile'
import { type CoverageFile, openCoverageFile } from './coverageFile'
import type { ProgressState } from './createProgress'
import { createProgress } from './createProgress'
import { createRetryNotices } from './createRetryNotices'
import { csvColumns, formatEntries } from './formatEntries'
import { readHistoryArgs } from './historyArgs'
import {
  checkHistoryArgs,
  createHistoryClient,
  type HistoryWalk,
  openHistoryWalk,
} from './openHistoryWalk'
import { checkOutFile } from './outputFile'
import type { DemoLedger } from './startDemoLedger'
import { startDemoLedger } from './startDemoLedger'
import type { HistoryQuery } from './types'

// createHttpTransport's default `timeoutMs`, which an attempt runs into without --timeout.
const DEFAULT_TIMEOUT_MS = 30_000

/**
 * The body of `confirmed-rpc history`. Everything the user can get wrong is checked first (the
 * library's own checks included), before anything is written or sent: a `UsageError`, exit 2.
 * Then the walk runs batch by batch; with `--out`, each batch is appended to the output and
 * flushed (fsync) before the checkpoint file that vouches for it replaces the previous one
 * (atomically), so `--resume` after any crash continues exactly after the last durable batch.
 * Resolves to 0 (done, or the reader of stdout left), 130 (Ctrl-C, checkpoint written), 141
 * (the reader of stderr left, checkpoint written); a failure of the walk is thrown (exit 1) after
 * the checkpoint of what was written.
 */
export async function runHistoryCommand(
  args: readonly string[],
  io: CliIo,
  host: HistoryHost,
): Promise<number> {
  const parsed = readHistoryArgs(args, host.env, io.cwd)
  const out = parsed.out
  if (out !== undefined) checkOutFile(out, parsed.outAsGiven ?? out)
  const checkpointFile = out === undefined ? undefined : checkpointPath(out)
  const saved = checkpointFile === undefined ? undefined : readCheckpointFile(checkpointFile)
  // Messages name the files as the user gave them.
  const outName = parsed.outAsGiven ?? ''
  const checkpointName = checkpointPath(outName)
  if (parsed.resume && saved === undefined) {
    throw new UsageError(
      `--resume: there is no checkpoint ${checkpointName}: run the command without --resume to start the export`,
    )
  }
  if (!parsed.resume && saved !== undefined && !saved.walk.done && out !== undefined) {
    throw new UsageError(
      `--out ${outName} holds an unfinished export (${checkpointName}): add --resume to continue it, or delete the checkpoint to start over`,
    )
  }
  const resume = parsed.resume ? saved : undefined
  if (resume !== undefined && out !== undefined) {
    const size = existsSync(out) ? statSync(out).size : 0
    if (size < resume.outputBytes) {
      throw new UsageError(
        `--resume: ${outName} has ${size} bytes, fewer than the ${resume.outputBytes} its checkpoint vouches for: it was changed since; delete the checkpoint to start over`,
      )
    }
  }

  let demo: DemoLedger | undefined
  try {
    // The demo's address is its busiest one: check a stand-in until the ledger is up.
    const stand = {
      ...parsed.query,
      address: parsed.query.address ?? '11111111111111111111111111111111',
    }
    checkHistoryArgs(parsed, stand, resume?.walk)
    if (resume !== undefined) {
      const address = parsed.query.address ?? resume.query.address
      const mismatch = findQueryMismatch({ ...stand, address }, resume.query)
      if (mismatch.length > 0) {
        throw new UsageError(
          `--resume: the checkpoint was written for another export (${mismatch.join('; ')}); run the command it was written for, or delete ${checkpointName} to start over`,
        )
      }
    }
    if (parsed.demo) demo = await startDemoLedger()
    const query: HistoryQuery = {
      ...parsed.query,
      address: parsed.query.address ?? demo?.address ?? '',
    }
    if (resume !== undefined && resume.query.address !== query.address) {
      throw new UsageError(
        `--resume: the checkpoint was written for address ${resume.query.address}, not ${query.address}`,
      )
    }
    if (demo !== undefined && !parsed.quiet) {
      io.stderr(
        `history: --demo walks ${query.address} on a mock ledger (profile '${demo.profile}', seed ${demo.seed}) served at ${demo.url}\n`,
      )
    }
    return await exportHistory(query, { parsed, io, host, demo, resume, checkpointFile, outName })
  } finally {
    await demo?.close()
  }
}

type ExportContext = Readonly<{
  parsed: ReturnType<typeof readHistoryArgs>
  io: CliIo
  host: HistoryHost
  demo: DemoLedger | undefined
  resume: HistoryCheckpointFile | undefined
  checkpointFile: string | undefined
  /** `--out` as the user gave it. */
  outName: string
}>

/** Runs the checked export: walks, writes batch by batch, reports progress; resolves to the exit code. */
async function exportHistory(query: HistoryQuery, context: ExportContext): Promise<number> {
  const { parsed, io, host, resume, outName } = context
  const controller = new AbortController()
  const progress = createProgress(io, {
    tty: host.stderrIsTTY,
    columns: host.stderrColumns,
    quiet: parsed.quiet,
    now: host.now,
  })
  const walk = startWalk(query, context, controller.signal, progress.note)
  const started = host.now()
  const firstEntries = resume?.entries ?? 0
  const tally: Tally = { entries: firstEntries, pages: resume?.pages ?? 0 }
  const state = (): ProgressState => {
    const remaining = walk.checkpoint().remaining
    return {
      entries: tally.entries,
      pages: tally.pages,
      entriesThisRun: tally.entries - firstEntries,
      elapsedMs: host.now() - started,
      remaining: query.limit === undefined ? undefined : remaining,
    }
  }

  const output = openOutput(query, walk, tally, context)
  const { file, save } = output
  let ending: Ending
  const stopListening = host.onInterrupt(() => controller.abort())
  try {
    ending = await writeBatches(query, walk, { ...output, io, tally }, () =>
      progress.update(state()),
    )
  } catch (error) {
    save()
    file?.close()
    const where = file === undefined ? '' : '; run the same command with --resume to continue'
    progress.finish(
      state(),
      `stopped by an error after ${tally.entries.toLocaleString('en')} entries${where}`,
    )
    throw error
  } finally {
    stopListening()
  }
  save()
  file?.close()
  // Nobody reads stderr any more: nothing to say, and the exit code says it.
  if (ending === 'stderr closed') return EXIT_CODES.pipeClosed
  const target = parsed.out === undefined ? 'stdout' : outName
  if (controller.signal.aborted) {
    const how = file === undefined ? '' : `; run the same command with --resume to continue`
    progress.finish(
      state(),
      `interrupted: ${tally.entries.toLocaleString('en')} entries in ${target}${how}`,
    )
    return EXIT_CODES.interrupted
  }
  progress.finish(state(), `${ending}: ${tally.entries.toLocaleString('en')} entries in ${target}`)
  return EXIT_CODES.ok
}

/** Why an export's batches stopped: the walk ended (or was aborted), or a reader left. */
type Ending = 'done' | 'stdout closed' | 'stderr closed'

/**
 * Writes the walk's batches to the output (the file, each batch followed by its checkpoint, or
 * stdout), counting them in `tally`, and calls `written` after each. Stops early when a reader
 * leaves: of stdout (`| head`), since what follows would be fetched for nobody; of stderr
 * (`2>&1 | head`), as a process a closed pipe kills would, after the batch on disk and its
 * checkpoint.
 */
async function writeBatches(
  query: HistoryQuery,
  walk: HistoryWalk,
  output: ExportOutput & Readonly<{ io: CliIo; tally: Tally }>,
  written: () => void,
): Promise<Ending> {
  const { file, save, coverage, io, tally } = output
  for await (const batch of walk.batches()) {
    // Line by line: the coverage record digests each entry's line.
    const lines = batch.map((entry) => formatEntries(query, [entry]))
    const text = lines.join('')
    tally.entries += batch.length
    tally.pages += 1
    if (file === undefined) io.stdout(text)
    else {
      file.append(text)
      coverage?.add(batch, lines)
      save()
    }
    written()
    if (file === undefined && io.stdoutClosed?.()) return 'stdout closed'
    if (io.stderrClosed?.()) return 'stderr closed'
  }
  return 'done'
}

/**
 * The walk of an export: on the endpoints given (or the demo's), from the checkpoint if any;
 * retries and failovers are told to `note` as they happen.
 */
function startWalk(
  query: HistoryQuery,
  context: ExportContext,
  signal: AbortSignal,
  note: (line: string) => void,
): HistoryWalk {
  const { parsed, host, demo, resume } = context
  const client = createHistoryClient({
    urls: demo === undefined ? parsed.urls : [demo.url],
    requestsPerSecond: parsed.requestsPerSecond,
    timeoutMs: parsed.timeoutMs,
    onThrottle: createRetryNotices({
      say: note,
      now: host.now,
      timeoutMs: parsed.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    }),
  })
  return openHistoryWalk(client, query, {
    pageSize: parsed.pageSize,
    parallel: parsed.parallel,
    resume: resume?.walk,
    signal,
    now: host.now,
  })
}

/** Entries and batches in the output so far, earlier runs of a resumed export included. */
type Tally = { entries: number; pages: number }

/** Where the batches go: the output file with its checkpoint (`--out`), or stdout. */
type ExportOutput = Readonly<{
  /** The output file; `undefined` when the batches go to stdout. */
  file: OutputFile | undefined
  /**
   * Replaces the checkpoint file with one that vouches for the file as written, then the
   * coverage record with the one of the same bytes (no-op on stdout).
   */
  save: () => void
  /** The coverage record beside the output file; `undefined` on stdout. */
  coverage: CoverageFile | undefined
}>

/**
 * Opens the output of an export. With `--out`, a new export first replaces the checkpoint (0
 * bytes vouched for) and the coverage record (no entries), then empties the output: a crash in
 * between leaves a checkpoint that resumes from the start; a resumed one cuts the output to what
 * its checkpoint vouches for, and its coverage record reads those bytes back. The CSV header is
 * written once, at the start of the output. After each batch the checkpoint is replaced first,
 * then the record: a crash between leaves a record one batch behind, which `--resume` rewrites.
 */
function openOutput(
  query: HistoryQuery,
  walk: HistoryWalk,
  tally: Readonly<Tally>,
  context: ExportContext,
): ExportOutput {
  const { parsed, io, resume, checkpointFile, outName } = context
  const header =
    query.format === 'csv'
      ? `${csvColumns(query.transactions, query.wallet === true).join(',')}\n`
      : ''
  if (parsed.out === undefined || checkpointFile === undefined) {
    if (header !== '') io.stdout(header)
    return { file: undefined, save: () => {}, coverage: undefined }
  }
  const coverage = openCoverageFile(query, parsed.out, outName, resume?.outputBytes ?? 0)
  const checkpoint = (outputBytes: number, entries: number, pages: number) =>
    writeCheckpointFile(checkpointFile, {
      version: 1,
      query,
      outputBytes,
      entries,
      pages,
      walk: walk.checkpoint(),
    })
  if (resume === undefined) {
    checkpoint(0, 0, 0)
    coverage.save(walk.checkpoint())
  }
  const file = openOutputFile(parsed.out, resume?.outputBytes ?? 0)
  if (file === undefined) throw new Error(`${outName} changed while opening it`)
  if (file.bytes() === 0 && header !== '') {
    file.append(header)
    coverage.header(header)
  }
  const save = () => {
    checkpoint(file.bytes(), tally.entries, tally.pages)
    coverage.save(walk.checkpoint())
  }
  // A resumed export's record is rewritten at once: it may be one batch behind the checkpoint.
  if (resume !== undefined) coverage.save(walk.checkpoint())
  return { file, save, coverage }
}
