import { existsSync, statSync } from 'node:fs'
import type { CliIo } from '../CliIo'
import { EXIT_CODES } from '../exitCodes'
import { UsageError } from '../UsageError'
import { checkHistoryArgs } from './checkHistoryArgs'
import { checkOutDirectory } from './checkOutDirectory'
import { checkpointPath } from './checkpointPath'
import { createHistoryClient } from './createHistoryClient'
import { createProgress } from './createProgress'
import { csvColumns } from './csvColumns'
import type { DemoLedger } from './DemoLedger'
import { findQueryMismatch } from './findQueryMismatch'
import { formatEntries } from './formatEntries'
import type { HistoryCheckpointFile } from './HistoryCheckpointFile'
import type { HistoryHost } from './HistoryHost'
import type { HistoryQuery } from './HistoryQuery'
import { INTERRUPTED_EXIT_CODE } from './interruptedExitCode'
import type { OutputFile } from './OutputFile'
import { openHistoryWalk } from './openHistoryWalk'
import { openOutputFile } from './openOutputFile'
import type { ProgressState } from './ProgressState'
import { readCheckpointFile } from './readCheckpointFile'
import { readHistoryArgs } from './readHistoryArgs'
import { startDemoLedger } from './startDemoLedger'
import { writeCheckpointFile } from './writeCheckpointFile'

/**
 * The body of `confirmed-rpc history`. Everything the user can get wrong is checked first (the
 * library's own checks included), before anything is written or sent: a `UsageError`, exit 2.
 * Then the walk runs batch by batch; with `--out`, each batch is appended to the output and
 * flushed (fsync) before the checkpoint file that vouches for it replaces the previous one
 * (atomically), so `--resume` after any crash continues exactly after the last durable batch.
 * Resolves to 0 (done), 130 (Ctrl-C, checkpoint written); a failure of the walk is thrown
 * (exit 1) after the checkpoint of what was written.
 */
export async function runHistoryCommand(
  args: readonly string[],
  io: CliIo,
  host: HistoryHost,
): Promise<number> {
  const parsed = readHistoryArgs(args, host.env, io.cwd)
  const out = parsed.out
  if (out !== undefined) checkOutDirectory(out, parsed.outAsGiven ?? out)
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

async function exportHistory(query: HistoryQuery, context: ExportContext): Promise<number> {
  const { parsed, io, host, demo, resume, checkpointFile, outName } = context
  const client = createHistoryClient({
    urls: demo === undefined ? parsed.urls : [demo.url],
    requestsPerSecond: parsed.requestsPerSecond,
  })
  const controller = new AbortController()
  const walk = openHistoryWalk(client, query, {
    pageSize: parsed.pageSize,
    parallel: parsed.parallel,
    resume: resume?.walk,
    signal: controller.signal,
    now: host.now,
  })
  const progress = createProgress(io, {
    tty: host.stderrIsTTY,
    columns: host.stderrColumns,
    quiet: parsed.quiet,
    now: host.now,
  })
  const started = host.now()
  const firstEntries = resume?.entries ?? 0
  let entries = firstEntries
  let pages = resume?.pages ?? 0
  const state = (): ProgressState => {
    const remaining = walk.checkpoint().remaining
    return {
      entries,
      pages,
      entriesThisRun: entries - firstEntries,
      elapsedMs: host.now() - started,
      remaining: query.limit === undefined ? undefined : remaining,
    }
  }

  const header =
    query.format === 'csv'
      ? `${csvColumns(query.transactions, query.wallet === true).join(',')}\n`
      : ''
  let file: OutputFile | undefined
  const save = () => {
    if (file === undefined || checkpointFile === undefined) return
    writeCheckpointFile(checkpointFile, {
      version: 1,
      query,
      outputBytes: file.bytes(),
      entries,
      pages,
      walk: walk.checkpoint(),
    })
  }
  if (parsed.out !== undefined && checkpointFile !== undefined) {
    // A new export first replaces the checkpoint (0 bytes vouched for), then empties the output:
    // a crash in between leaves a checkpoint that resumes from the start.
    if (resume === undefined) {
      writeCheckpointFile(checkpointFile, {
        version: 1,
        query,
        outputBytes: 0,
        entries: 0,
        pages: 0,
        walk: walk.checkpoint(),
      })
    }
    file = openOutputFile(parsed.out, resume?.outputBytes ?? 0)
    if (file === undefined) throw new Error(`${outName} changed while opening it`)
    if (file.bytes() === 0 && header !== '') file.append(header)
  } else if (header !== '') {
    io.stdout(header)
  }

  let readerGone = false
  const stopListening = host.onInterrupt(() => controller.abort())
  try {
    for await (const batch of walk.batches()) {
      const text = formatEntries(query, batch)
      entries += batch.length
      pages += 1
      if (file === undefined) {
        io.stdout(text)
        // The reader left (`| head`): what follows would be fetched for nobody.
        if (io.stdoutClosed?.()) {
          readerGone = true
          break
        }
      } else {
        file.append(text)
        save()
      }
      progress.update(state())
    }
  } catch (error) {
    save()
    file?.close()
    const where = file === undefined ? '' : '; run the same command with --resume to continue'
    progress.finish(
      state(),
      `stopped by an error after ${entries.toLocaleString('en')} entries${where}`,
    )
    throw error
  } finally {
    stopListening()
  }
  save()
  file?.close()
  const target = parsed.out === undefined ? 'stdout' : outName
  if (controller.signal.aborted) {
    const how = file === undefined ? '' : `; run the same command with --resume to continue`
    progress.finish(
      state(),
      `interrupted: ${entries.toLocaleString('en')} entries in ${target}${how}`,
    )
    return INTERRUPTED_EXIT_CODE
  }
  const done = readerGone ? 'stdout closed' : 'done'
  progress.finish(state(), `${done}: ${entries.toLocaleString('en')} entries in ${target}`)
  return EXIT_CODES.ok
}
